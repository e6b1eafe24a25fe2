// Prerenders the site with Vike's own `vike prerender` (its documented CLI) after `vike build`, whose automatic
// prerender is off (pages/+config.ts). Vike keeps every page it prerendered (HTML and pageContext) in memory
// until its run ends: one run over 25,000 organizations peaked at 2.8 GB, and so did one over 20,000 event
// pages of weekly series. So the site's pages are split into batches of about BATCH_SIZE, each rendered by a
// `vike prerender` process of its own (which pages a batch renders: src/content/prerenderBatch.ts), PROCESSES
// at a time: rendering is synchronous, one process uses one core. Memory then follows BATCH_SIZE x PROCESSES,
// not the size of the site.
//
// Measured against what this replaces (worker threads calling renderPage() from Vike's dist/server: faster, but
// bound to Vike's build output) on the same 2-CPU machine, busy with other builds: 25,000 organizations, 1.3 GB
// peak for the process tree (0.83 GB before), 103 CPU-seconds (73); 4,000, about 25 CPU-seconds (17). Kept for
// issue 11's rule that the build uses Vike's documented APIs only: it still fits the 2 GB the build may take.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { contentDir, siteRoot } from './content-dir.mjs'

const BATCH_SIZE = 2_500
// Two at a time even on a larger machine: each process may take ~600 MB, and the build must fit in 2 GB.
const PROCESSES = Math.min(2, os.availableParallelism())

const routes = JSON.parse(fs.readFileSync(path.join(contentDir, 'routes.json'), 'utf8'))
const profiles = routes.filter((r) => r.kind === 'profile').length
const batches = Math.max(1, Math.ceil(routes.length / BATCH_SIZE))
// The `vike` command npm installed (Vike's package exports no path to it).
const vike = path.join(siteRoot, 'node_modules', '.bin', 'vike')

const running = new Set()
// Vike transpiles the +config files into temporary files named by their content next to them, imports and
// deletes them: two processes loading the config at once can delete each other's. So a batch starts only once
// the one before has said it is rendering (its config loaded), or has ended.
let configLoaded = Promise.resolve()

function run(batch) {
  const previous = configLoaded
  let loaded
  configLoaded = new Promise((resolve) => (loaded = resolve))
  return previous.then(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(vike, ['prerender'], {
          cwd: siteRoot,
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, CIVIC_PRERENDER_BATCH: `${batch}/${batches}` },
        })
        running.add(child)
        // Vike prints a line per page written (thousands, not shown); its warnings and errors go to stderr.
        child.stdout.on('data', (text) => String(text).includes('pre-rendering') && loaded())
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

const started = Date.now()
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
const seconds = ((Date.now() - started) / 1000).toFixed(1)
console.log(`prerender: ${routes.length} pages (${profiles} profiles) in ${batches} batch(es) in ${seconds} s`)
