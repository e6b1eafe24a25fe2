import { afterEach, describe, expect, it, vi } from 'vitest'
import { batchOf } from '../src/content/prerenderBatch'

const saved = process.env.CIVIC_PRERENDER_BATCH
afterEach(() => {
  if (saved === undefined) delete process.env.CIVIC_PRERENDER_BATCH
  else process.env.CIVIC_PRERENDER_BATCH = saved
})

describe('prerender batches', () => {
  const paths = Array.from({ length: 7 }, (_, i) => `/org${i}`)

  it('renders everything in one run without a batch', () => {
    delete process.env.CIVIC_PRERENDER_BATCH
    expect(batchOf(paths)).toEqual(paths)
  })

  it('splits each kind of page into n runs that together cover each once', () => {
    const events = ['/events/a', '/events/b']
    const runs = [0, 1, 2].map((i) => {
      process.env.CIVIC_PRERENDER_BATCH = `${i}/3`
      return { profiles: batchOf(paths), events: batchOf(events) }
    })
    expect(runs.map((r) => r.profiles)).toEqual([paths.slice(0, 3), paths.slice(3, 6), paths.slice(6)])
    expect(runs.map((r) => r.events)).toEqual([['/events/a'], ['/events/b'], []])
  })

  it('refuses a batch that does not exist', () => {
    for (const bad of ['3/3', '1', 'a/b', '0/0']) {
      process.env.CIVIC_PRERENDER_BATCH = bad
      expect(() => batchOf(paths), bad).toThrow(/CIVIC_PRERENDER_BATCH/)
    }
  })

  it('tells scripts/prerender.mjs once, over its IPC channel, that the run is collecting its pages', () => {
    const send = process.send
    const sent = vi.fn(() => true)
    process.send = sent
    try {
      process.env.CIVIC_PRERENDER_BATCH = '0/2'
      batchOf(paths)
      expect(sent).not.toHaveBeenCalled()
      process.env.CIVIC_PRERENDER_IPC = '1'
      batchOf(paths)
      batchOf(['/events/a'])
      expect(sent.mock.calls).toEqual([[{ prerender: 'collecting' }]])
    } finally {
      process.send = send
      delete process.env.CIVIC_PRERENDER_IPC
    }
  })
})
