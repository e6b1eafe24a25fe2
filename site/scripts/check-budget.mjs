// Page-weight budget of the built site (build/site or $SITE_OUT_DIR), per route:
//  - content pages (/, /about, /tornado, the profiles, 404): no framework JavaScript at all (no ES module:
//    Vike's entries and chunks are modules), and at most 2 KB of JavaScript in all (the classic nav script);
//  - interactive pages: at most 110 KB of JavaScript gzipped on first load (scripts + modulepreloads).
// Prints a table; exits 1 on any breach. `--json` prints the measurements as JSON.
// /admin, the web editor (Decap CMS, about 5 MB of JavaScript), is deliberately outside these budgets:
// it is a tool for the few people who edit content, not a page visitors reach, so it is neither in
// routes.json nor measured here.
import fs from 'node:fs'
import path from 'node:path'
import { contentDir, outDir } from './content-dir.mjs'
import { measure } from './budget-lib.mjs'

const CONTENT_MAX_RAW = 2 * 1024
const INTERACTIVE_MAX_GZIP = 110 * 1024
const INTERACTIVE = new Set(['/features', '/organizations', '/login', '/register', '/dashboard', '/verify', '/auth/callback', '/reset-password', '/cancel'])

const routes = JSON.parse(fs.readFileSync(path.join(contentDir, 'routes.json'), 'utf8'))
const pages = [...routes.map((r) => r.path), '/404']
// Event and series pages (pages/(app)/events) hydrate: interactive, like the Event Feed.
const eventPages = new Set(routes.filter((r) => r.kind === 'event' || r.kind === 'series').map((r) => r.path))

const results = []
let failed = false
for (const p of pages) {
  const file = p === '/404' ? path.join(outDir, '404.html') : path.join(outDir, p === '/' ? '' : p, 'index.html')
  if (!fs.existsSync(file)) {
    results.push({ path: p, error: 'missing HTML' })
    failed = true
    continue
  }
  const html = fs.readFileSync(file, 'utf8')
  const m = measure(html, (src) => fs.readFileSync(path.join(outDir, src.replace(/^\//, '').split(/[?#]/)[0])))
  const kind = INTERACTIVE.has(p) || eventPages.has(p) ? 'interactive' : 'content'
  const problems = []
  if (kind === 'content') {
    const framework = m.modules
    if (framework.length) problems.push(`loads framework JS: ${framework.join(', ')}`)
    if (m.raw > CONTENT_MAX_RAW) problems.push(`${m.raw} B of JS > ${CONTENT_MAX_RAW} B`)
  } else if (m.gzip > INTERACTIVE_MAX_GZIP) {
    problems.push(`${m.gzip} B gzipped > ${INTERACTIVE_MAX_GZIP} B`)
  }
  if (problems.length) failed = true
  results.push({ path: p, kind, raw: m.raw, gzip: m.gzip, scripts: m.files.length, problems })
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2))
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(6)
  console.log(`${'route'.padEnd(22)} ${'kind'.padEnd(12)} ${'raw KB'.padStart(6)} ${'gz KB'.padStart(6)}  files`)
  for (const r of results) {
    if (r.error) console.log(`${r.path.padEnd(22)} ERROR ${r.error}`)
    else console.log(`${r.path.padEnd(22)} ${r.kind.padEnd(12)} ${kb(r.raw)} ${kb(r.gzip)}  ${r.scripts}${r.problems.length ? '  FAIL: ' + r.problems.join('; ') : ''}`)
  }
}
console.log(failed ? 'check:budget: FAILED' : `check:budget: OK (${results.length} pages)`)
process.exit(failed ? 1 : 0)
