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

describe('framework modules', () => {
  it('lists module scripts and modulepreloads, not classic scripts', () => {
    const html =
      '<script src="/assets/b.js" defer></script><link rel="modulepreload" href="/assets/a.js">' +
      '<script src="/assets/a.js" type="module" async></script>'
    const m = measure(html, read) as M & { modules: string[] }
    expect(m.modules).toEqual(['/assets/a.js'])
    expect(m.files.sort()).toEqual(['/assets/a.js', '/assets/b.js'])
  })
})

describe('JavaScript loaded on demand', () => {
  // A page entry that imports a lazy chunk, which imports a shared chunk and another lazy one; the router
  // entry imports other pages' entries (their own first load, not this page's).
  const files: Record<string, string> = {
    '/assets/entries/page.js': 'import{x}from"../chunks/shared.js";const s=()=>import(`../chunks/scanner.js`)',
    '/assets/entries/router.js': 'const p={a:()=>import("./other-page.js")}',
    '/assets/entries/other-page.js': 'z'.repeat(4000),
    '/assets/chunks/shared.js': 'export const x=1',
    '/assets/chunks/scanner.js': 'import{x}from"./shared.js";import"./util.js";const d=()=>import("./decoder.js")',
    '/assets/chunks/util.js': 'u'.repeat(100),
    '/assets/chunks/decoder.js': 'd'.repeat(3000),
  }
  const readFile = (src: string) => Buffer.from(files[src] ?? '')
  it('follows import() from the first load, with what the lazy chunks import, not other pages', async () => {
    // @ts-expect-error plain ESM script without types
    const { onDemand } = await import('../scripts/budget-lib.mjs')
    const later = onDemand(['/assets/entries/page.js', '/assets/entries/router.js', '/assets/chunks/shared.js'], readFile) as M
    expect(later.files.sort()).toEqual(['/assets/chunks/decoder.js', '/assets/chunks/scanner.js', '/assets/chunks/util.js'])
    expect(later.raw).toBe(files['/assets/chunks/scanner.js']!.length + 100 + 3000)
  })
})
