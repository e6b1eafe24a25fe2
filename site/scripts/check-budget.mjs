// Page-weight budget of the built site (build/site or $SITE_OUT_DIR), per route:
//  - content pages (/, /about, /tornado, the profiles, 404): no framework JavaScript at all (no ES module:
//    Vike's entries and chunks are modules), and at most 2 KB of JavaScript in all (the classic nav script);
//  - light pages (the Event Feed, the event pages, /verify-hours and /hours-request, issues 39 and 40): HTML-only pages with a small enhancement
//    of their forms (+client.ts), no React: at most 50 KB of JavaScript gzipped on first load, and the
//    feed at most 80 KB of HTML raw (its content once, no serialized page context);
//  - interactive pages: at most 110 KB of JavaScript gzipped on first load (scripts + modulepreloads),
//    or the budget ROUTE_BUDGETS gives the route (each with its reason), and at most `lazyMax` gzipped of
//    JavaScript loaded on demand (import()) where a route says so.
// Prints a table; exits 1 on any breach. `--json` prints the measurements as JSON.
// /admin, the web editor (Decap CMS, about 5 MB of JavaScript), is deliberately outside these budgets:
// it is a tool for the few people who edit content, not a page visitors reach, so it is neither in
// routes.json nor measured here.
import fs from 'node:fs'
import path from 'node:path'
import { contentDir, outDir, siteRoot } from './content-dir.mjs'
import { measure, onDemand } from './budget-lib.mjs'

const CONTENT_MAX_RAW = 2 * 1024
const INTERACTIVE_MAX_GZIP = 110 * 1024
const LIGHT_MAX_GZIP = 50 * 1024
// The feed's HTML (the event pages are a fraction of it).
const HTML_MAX_RAW = { '/features': 80 * 1024 }
const INTERACTIVE = new Set([
  '/organizations', '/login', '/register', '/dashboard', '/verify', '/auth/callback', '/reset-password', '/cancel',
  '/consent', '/organize', '/organize/checkin', '/organize/roles', '/follows',
])
const KB = 1024
// Issue 14's pages: their own budgets and why.
const ROUTE_BUDGETS = {
  '/organize': {
    max: 110 * KB,
    reason: 'an organizer on a phone at the event: no heavier than any interactive page (framework + events, roster, CSV, message form)',
  },
  '/organize/checkin': {
    max: 110 * KB,
    lazyMax: 50 * KB,
    reason:
      'one-handed on a phone with a weak signal at the venue: the view itself stays within the interactive budget, and the ' +
      'QR decoder (jsQR, about 46 KB) loads only when the camera opens, so it has its own on-demand budget',
  },
  '/organize/roles': { max: 110 * KB, reason: 'an admin page, but phones too: the interactive budget' },
}

const routes = JSON.parse(fs.readFileSync(path.join(contentDir, 'routes.json'), 'utf8'))
// Every page in every language (issue 41: the others under /<locale>/, src/i18n/locales.ts), the 404 page once.
const locales = JSON.parse(fs.readFileSync(path.join(siteRoot, 'locales/locales.json'), 'utf8'))
const localized = (p, locale) => (locale === locales[0] ? p : `/${locale}${p}`)
const pages = [...locales.flatMap((l) => routes.map((r) => ({ path: localized(r.path, l), logical: r.path }))), { path: '/404', logical: '/404' }]
// The feed, the event and series pages (pages/(app)/events), /verify-hours (a teacher opens it once from a
// link or a printout: one fetch and a table, no framework) and /hours-request (a supervisor opens it once from
// an email: one fetch and a form that works without JavaScript): light.
const light = new Set(['/features', '/verify-hours', '/hours-request', ...routes.filter((r) => r.kind === 'event' || r.kind === 'series').map((r) => r.path)])

const read = (src) => fs.readFileSync(path.join(outDir, src.replace(/^\//, '').split(/[?#]/)[0]))
const results = []
let failed = false
for (const { path: p, logical } of pages) {
  const file = p === '/404' ? path.join(outDir, '404.html') : path.join(outDir, p === '/' ? '' : p, 'index.html')
  if (!fs.existsSync(file)) {
    results.push({ path: p, error: 'missing HTML' })
    failed = true
    continue
  }
  const html = fs.readFileSync(file, 'utf8')
  const m = measure(html, read)
  let lazy = null
  const kind = light.has(logical) ? 'light' : INTERACTIVE.has(logical) ? 'interactive' : 'content'
  const problems = []
  const htmlMax = HTML_MAX_RAW[logical]
  if (htmlMax !== undefined && Buffer.byteLength(html) > htmlMax) problems.push(`${Buffer.byteLength(html)} B of HTML > ${htmlMax} B`)
  if (kind === 'light') {
    if (m.gzip > LIGHT_MAX_GZIP) problems.push(`${m.gzip} B gzipped > ${LIGHT_MAX_GZIP} B`)
    const react = m.files.filter((f) => /__reactContainer|react-dom/.test(read(f).toString('utf8')))
    if (react.length) problems.push(`loads React: ${react.join(', ')}`)
  } else if (kind === 'content') {
    const framework = m.modules
    if (framework.length) problems.push(`loads framework JS: ${framework.join(', ')}`)
    if (m.raw > CONTENT_MAX_RAW) problems.push(`${m.raw} B of JS > ${CONTENT_MAX_RAW} B`)
  } else {
    const budget = ROUTE_BUDGETS[logical]
    const max = budget?.max ?? INTERACTIVE_MAX_GZIP
    if (m.gzip > max) problems.push(`${m.gzip} B gzipped > ${max} B${budget ? ` (${budget.reason})` : ''}`)
    if (budget?.lazyMax !== undefined) {
      const later = onDemand(m.files, read)
      lazy = later.gzip
      if (later.gzip > budget.lazyMax) problems.push(`${later.gzip} B gzipped on demand > ${budget.lazyMax} B (${budget.reason})`)
    }
  }
  if (problems.length) failed = true
  results.push({ path: p, kind, html: Buffer.byteLength(html), raw: m.raw, gzip: m.gzip, lazyGzip: lazy, scripts: m.files.length, problems })
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2))
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(6)
  console.log(`${'route'.padEnd(22)} ${'kind'.padEnd(12)} ${'HTML KB'.padStart(7)} ${'raw KB'.padStart(6)} ${'gz KB'.padStart(6)}  files`)
  for (const r of results) {
    if (r.error) console.log(`${r.path.padEnd(22)} ERROR ${r.error}`)
    else {
      const later = r.lazyGzip === null || r.lazyGzip === undefined ? '' : `  (+${(r.lazyGzip / 1024).toFixed(1)} KB gz on demand)`
      console.log(`${r.path.padEnd(22)} ${r.kind.padEnd(12)} ${kb(r.html).padStart(7)} ${kb(r.raw)} ${kb(r.gzip)}  ${r.scripts}${later}${r.problems.length ? '  FAIL: ' + r.problems.join('; ') : ''}`)
    }
  }
}
console.log(failed ? 'check:budget: FAILED' : `check:budget: OK (${results.length} pages)`)
process.exit(failed ? 1 : 0)
