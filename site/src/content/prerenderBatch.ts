// Which part of the site one Vike prerender run renders. scripts/prerender.mjs runs Vike's prerender() (vike/api)
// once per batch (CIVIC_PRERENDER_BATCH=<i>/<n>), each in a process of its own: Vike keeps every page it
// prerendered in memory until the run ends, so a run's memory follows its batch, not the size of the site. Every
// parameterized page's +onBeforePrerenderStart (profiles, events and series, the civic index's pages) returns
// its share of its URLs through batchOf; without the variable (a plain `vike prerender`) one run renders
// everything.
type Batch = { index: number; count: number }

function batch(): Batch {
  const value = process.env.CIVIC_PRERENDER_BATCH
  if (!value) return { index: 0, count: 1 }
  const match = /^(\d+)\/(\d+)$/.exec(value)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index >= count) throw new Error(`CIVIC_PRERENDER_BATCH must be <i>/<n> with i < n, not "${value}"`)
  return { index, count }
}

let announced = false

/**
 * Tell scripts/prerender.mjs (over the IPC channel it opened, CIVIC_PRERENDER_IPC) that this run's hooks are
 * running: its config is loaded, so the next run may load its own.
 */
function announce(): void {
  if (announced || !process.env.CIVIC_PRERENDER_IPC || !process.send) return
  announced = true
  process.send({ prerender: 'collecting' })
}

/** This run's share of `paths`: the i-th of n equal runs. */
export function batchOf<T>(paths: readonly T[]): T[] {
  announce()
  const { index, count } = batch()
  const size = Math.ceil(paths.length / count)
  return paths.slice(index * size, (index + 1) * size)
}
