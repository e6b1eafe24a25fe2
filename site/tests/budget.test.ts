import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { measure } from '../scripts/budget-lib.mjs'

type M = { raw: number; gzip: number; inlineRaw: number; files: string[] }
const assets: Record<string, string> = { '/assets/a.js': 'x'.repeat(1000), '/assets/b.js': 'y'.repeat(500) }
const read = (src: string) => Buffer.from(assets[src] ?? '')

describe('page budget measurement', () => {
  it('counts inline scripts but not JSON data scripts', () => {
    const html = '<script>var a=1</script><script type="application/json" id="d">{"big":"' + 'z'.repeat(5000) + '"}</script>'
    const m = measure(html, read) as M
    expect(m.raw).toBe(7)
    expect(m.files).toEqual([])
  })
  it('counts external scripts and modulepreloads once each', () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"><link rel="modulepreload" href="/assets/b.js">' +
      '<script src="/assets/a.js" type="module" async></script><link rel="stylesheet" href="/x.css">'
    const m = measure(html, read) as M
    expect(m.raw).toBe(1500)
    expect(m.files.sort()).toEqual(['/assets/a.js', '/assets/b.js'])
    expect(m.gzip).toBeLessThan(m.raw)
  })
})

describe('deferred app scripts', () => {
  it('counts data-entry and data-preload of <html>', () => {
    const html = '<html lang="en" data-entry="/assets/a.js" data-preload="/assets/a.js /assets/b.js"><body></body></html>'
    const m = measure(html, read) as M
    expect(m.files.sort()).toEqual(['/assets/a.js', '/assets/b.js'])
    expect(m.raw).toBe(1500)
  })
})

describe('postbuild: deferAppScripts', async () => {
  // @ts-expect-error plain ESM script without types
  const { deferAppScripts } = await import('../scripts/html-lib.mjs')
  it('moves the entry and preloads to <html> attributes', () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head></head><body><div id="root"></div>' +
      '<script id="vike_pageContext" type="application/json">{}</script>' +
      '<script src="/assets/entries/entry.js" type="module" async></script>' +
      '<link rel="modulepreload" href="/assets/a.js" as="script" type="text/javascript">' +
      '<link rel="modulepreload" href="/assets/b.js" as="script" type="text/javascript"></body></html>'
    const out = deferAppScripts(html) as string
    expect(out).toContain('<html lang="en" data-entry="/assets/entries/entry.js" data-preload="/assets/a.js /assets/b.js">')
    expect(out).not.toContain('modulepreload')
    expect(out).not.toContain('type="module"')
    expect(out).toContain('vike_pageContext')
    const m = measure(out, read) as M
    expect(m.files.sort()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/entries/entry.js'])
  })
  it('leaves HTML-only pages alone', () => {
    const html = '<html lang="en"><head><script src="/nav.js" defer></script></head><body></body></html>'
    expect(deferAppScripts(html)).toBe(html)
  })
})
