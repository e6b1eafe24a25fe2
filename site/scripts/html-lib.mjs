// HTML rewriting of the prerendered pages (used by postbuild.mjs; unit-tested).

/**
 * Moves Vike's entry <script type="module" async> and its <link rel="modulepreload"> tags into
 * <html data-entry="..." data-preload="..."> so that /nav.js can load them after the first paint.
 * Pages without an entry script (HTML-only pages) are returned unchanged.
 * @param {string} html
 * @returns {string}
 */
export function deferAppScripts(html) {
  const entryRe = /<script src="([^"]+)" type="module" async><\/script>/
  const m = html.match(entryRe)
  if (!m) return html
  const preloads = []
  let out = html.replace(entryRe, '').replace(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g, (_t, href) => {
    preloads.push(href)
    return ''
  })
  const attrs = ` data-entry="${m[1]}" data-preload="${preloads.join(' ')}"`
  out = out.replace(/<html([^>]*)>/, (_t, a) => `<html${a}${attrs}>`)
  return out
}
