// Measures the JavaScript one HTML page loads on first load: external scripts and modulepreloads
// (read through readAsset) plus inline scripts; JSON data scripts don't count. `modules` lists the ES
// modules among them (Vike's entries and chunks): the framework, which content pages must not load.
import zlib from 'node:zlib'

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

