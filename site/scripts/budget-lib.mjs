// Measures the JavaScript one HTML page loads on first load: external scripts and modulepreloads
// (read through readAsset), the modules those import statically (the browser loads them before the module
// runs, preloaded or not: an HTML-only page's +client entry has no modulepreload links), plus inline
// scripts; JSON data scripts don't count. `modules` lists the ES
// modules among them (Vike's entries and chunks): the framework, which content pages must not load.
import zlib from 'node:zlib'

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(2).find((v) => v !== undefined)

/**
 * @param {string} html
 * @param {(src: string) => Buffer} readAsset
 * @returns {{ raw: number, gzip: number, inlineRaw: number, files: string[], modules: string[] }}
 */
export function measure(html, readAsset) {
  const files = new Set()
  const modules = new Set()
  let inlineRaw = 0
  let inlineGzip = 0
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]
    const type = (attr(`<s ${attrs}>`, 'type') || '').toLowerCase()
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue // JSON data
    const src = attr(`<s ${attrs}>`, 'src')
    if (src) files.add(src)
    if (src && type === 'module') modules.add(src)
    else if (m[2].trim()) {
      inlineRaw += Buffer.byteLength(m[2])
      inlineGzip += gz(Buffer.from(m[2]))
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') || '').toLowerCase()
    const as = (attr(m[0], 'as') || '').toLowerCase()
    if (rel === 'modulepreload' || (rel === 'preload' && as === 'script')) files.add(attr(m[0], 'href'))
    if (rel === 'modulepreload') modules.add(attr(m[0], 'href'))
  }
  // The modules' static imports, each once (import() is on demand: see onDemand).
  const queue = [...modules]
  while (queue.length) {
    const from = queue.shift()
    for (const m of readAsset(from).toString('utf8').matchAll(STATIC_IMPORT)) {
      const target = new URL(m[1], `http://site${from}`).pathname
      if (files.has(target)) continue
      files.add(target)
      modules.add(target)
      queue.push(target)
    }
  }
  let raw = inlineRaw
  let gzip = inlineGzip
  const framework = []
  for (const f of files) {
    const buf = readAsset(f)
    raw += buf.length
    gzip += gz(buf)
    framework.push(f)
  }
  return { raw, gzip, inlineRaw, files: framework, modules: [...modules] }
}


/**
 * The JavaScript a page loads only on demand: what its first-load files import with import() (Vite's
 * lazy chunks, such as the QR decoder of the check-in view), with everything those import in turn,
 * less what the first load already has. Other pages' entries (/assets/entries/, which Vike's router imports
 * on a client-side navigation) are those pages' own first load, not this page's. `firstLoad`: measure()'s
 * `files` (site paths like /assets/x.js).
 * @param {string[]} firstLoad
 * @param {(src: string) => Buffer} readAsset
 * @returns {{ raw: number, gzip: number, files: string[] }}
 */
export function onDemand(firstLoad, readAsset) {
  const loaded = new Set(firstLoad)
  const lazy = new Set()
  const queue = [...firstLoad]
  const resolve = (from, spec) => new URL(spec, `http://site${from}`).pathname
  const add = (p) => {
    if (loaded.has(p) || lazy.has(p) || p.startsWith('/assets/entries/')) return
    lazy.add(p)
    queue.push(p)
  }
  while (queue.length) {
    const file = queue.shift()
    const text = readAsset(file).toString('utf8')
    for (const m of text.matchAll(/\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g)) add(resolve(file, m[1]))
    // A lazy chunk's own static imports load with it.
    if (lazy.has(file)) for (const m of text.matchAll(/\b(?:from|import)\s*["']([^"']+\.js)["']/g)) add(resolve(file, m[1]))
  }
  let raw = 0
  let gzip = 0
  for (const f of lazy) {
    const buf = readAsset(f)
    raw += buf.length
    gzip += gz(buf)
  }
  return { raw, gzip, files: [...lazy] }
}
