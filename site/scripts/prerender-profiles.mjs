// Streaming prerender of the organization profiles (pages/(content)/profile, `prerender: false`), run by
// postbuild.mjs after `vike build`. Vike's own prerender holds every page's context until it is done, so its
// time and memory grow with the number of organizations; here worker threads take the profiles one at a time,
// render each with Vike's renderPage() from the built server (dist/server, the same HTML as the prerender)
// and write it straight to disk, so memory stays flat however many organizations there are.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { siteRoot } from './content-dir.mjs'

const MAX_THREADS = 4

/** Renders each profile path to `<outDir><path>/index.html` in worker threads; resolves to the page count. */
export async function prerenderProfiles(outDir, paths) {
  if (paths.length === 0) return 0
  // The next path to take, shared by the workers: a worker that got faster pages takes more.
  const next = new Int32Array(new SharedArrayBuffer(4))
  // One thread per core, but each costs ~100 MB (its own Vike and React): a few suffice, and a small site
  // is not worth starting more than one.
  const threads = Math.max(1, Math.min(os.availableParallelism(), MAX_THREADS, Math.ceil(paths.length / 500)))
  const done = await Promise.all(
    Array.from({ length: threads }, () => runWorker({ outDir, paths, next })),
  )
  return done.reduce((a, b) => a + b, 0)
}

function runWorker(data) {
  return new Promise((resolve, reject) => {
    // A worker keeps ~20 MB alive; the cap makes V8 collect garbage before its heap grows much past that.
    const worker = new Worker(new URL(import.meta.url), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: 256 } })
    let result
    worker.on('message', (message) => (result = message))
    worker.on('error', reject)
    // The worker reports its page count or its error itself: a failed top-level await still exits with code 0.
    worker.on('exit', (code) => {
      if (result?.error) reject(new Error(result.error))
      else if (result) resolve(result.count)
      else reject(new Error(`prerender-profiles: a worker stopped (exit code ${code}) before it was done`))
    })
  })
}

async function work({ outDir, paths, next }) {
  await import(pathToFileURL(path.join(siteRoot, 'dist/server/entry.mjs')).href)
  const { renderPage } = await import('vike/server')
  let count = 0
  for (let i = Atomics.add(next, 0, 1); i < paths.length; i = Atomics.add(next, 0, 1)) {
    const urlOriginal = paths[i]
    const { httpResponse } = await renderPage({ urlOriginal })
    // A profile always renders (its JSON is there): anything else is a bug, not a page to publish.
    if (httpResponse?.statusCode !== 200) {
      throw new Error(`prerender-profiles: ${urlOriginal} rendered with status ${httpResponse?.statusCode ?? 'none'}`)
    }
    // Synchronous writes: fewer CPU cycles than fs.promises' thread-pool hand-offs, which matters on a busy machine.
    const dir = path.join(outDir, urlOriginal)
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'index.html'), httpResponse.body)
    count++
  }
  return count
}

if (!isMainThread) {
  parentPort.postMessage(await work(workerData).then((count) => ({ count }), (err) => ({ error: err.stack ?? String(err) })))
}
