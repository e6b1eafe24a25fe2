// Prerenders the site with Vike's documented prerender() (vike/api) after `vike build`, whose automatic prerender
// is off (pages/+config.ts). Vike keeps every page it prerendered (HTML and pageContext) in memory until its run
// ends, so the site's pages are split into batches of about BATCH_SIZE, each rendered by a process of its own
// (scripts/prerender-run.mjs; which pages a batch renders: src/content/prerenderBatch.ts), PROCESSES at a time:
// rendering is synchronous, one process uses one core. Memory then follows BATCH_SIZE x PROCESSES, not the size
// of the site (measurements: bench/results/prerender.md).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { contentDir, siteRoot } from './content-dir.mjs'

const BATCH_SIZE = 2_500
// Two at a time even on a larger machine: the build must fit in the 2 GB it may take.
const PROCESSES = Math.min(2, os.availableParallelism())

const routes = JSON.parse(fs.readFileSync(path.join(contentDir, 'routes.json'), 'utf8'))
const profiles = routes.filter((r) => r.kind === 'profile').length
const batches = Math.max(1, Math.ceil(routes.length / BATCH_SIZE))
const runOne = path.join(siteRoot, 'scripts', 'prerender-run.mjs')

const running = new Set()
// Vike transpiles the +config files into temporary files named by their content next to them, imports and
// deletes them: two processes loading the config at once can delete each other's. So a batch starts only once
// the one before has said (over IPC, from its +onBeforePrerenderStart hooks) that its pages are being collected,
// or has ended.
let configLoaded = Promise.resolve()

function run(batch) {
  const previous = configLoaded
  let loaded
  configLoaded = new Promise((resolve) => (loaded = resolve))
  return previous.then(
    () =>
      new Promise((resolve, reject) => {
        const child = fork(runOne, [], {
          cwd: siteRoot,
          // Vike prints a line per page written (thousands, not shown); its warnings and errors go to stderr.
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          env: { ...process.env, CIVIC_PRERENDER_BATCH: `${batch}/${batches}`, CIVIC_PRERENDER_IPC: '1' },
        })
        running.add(child)
        child.on('message', (message) => message?.prerender === 'collecting' && loaded())
        child.on('error', reject)
        child.on('exit', (code, signal) => {
          running.delete(child)
          loaded()
          if (code !== 0) reject(new Error(`batch ${batch + 1} of ${batches} failed (${signal ?? `exit code ${code}`})`))
          else resolve()
        })
      }),
  )
}

let next = 0
const worker = async () => {
  for (let batch = next++; batch < batches; batch = next++) await run(batch)
}
try {
  await Promise.all(Array.from({ length: Math.min(PROCESSES, batches) }, worker))
} catch (err) {
  console.error(`prerender: ${err.message}`)
  for (const child of running) child.kill() // no half-written site from the batches still running
  process.exit(1)
}
console.log(`prerender: ${routes.length} pages (${profiles} profiles) in ${batches} batch(es)`)
