// @vitest-environment happy-dom
// The token pages (/cancel, /consent) read an email link's token from the query (links now) or the fragment (older
// links), on load and on a pasted link.
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useLinkToken } from '../src/lib/useLinkToken'

describe('useLinkToken', () => {
  let root: Root
  let tokens: string[]
  let currents: (() => boolean)[]
  let missing: number
  let sameLink: () => () => boolean
  function Probe() {
    sameLink = useLinkToken(
      (token, current) => {
        tokens.push(token)
        currents.push(current)
      },
      () => missing++,
    )
    return null
  }
  const open = (url: string) => {
    window.history.replaceState(null, '', url)
    act(() => root.render(createElement(Probe)))
  }
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    root = createRoot(document.createElement('div'))
    tokens = []
    currents = []
    missing = 0
  })
  afterEach(() => act(() => root.unmount()))

  it('reads the token once on load and takes it out of the address', () => {
    open('/consent#token=12-abc')
    expect(tokens).toEqual(['12-abc'])
    expect(currents[0]!()).toBe(true)
    expect(window.location.hash).toBe('')
    expect(missing).toBe(0)
  })

  it('reads a link pasted into the open page, and the older token is no longer current', () => {
    open('/cancel#token=first')
    window.history.replaceState(null, '', '/cancel#token=second')
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')))
    expect(tokens).toEqual(['first', 'second'])
    expect(currents.map((current) => current())).toEqual([false, true])
    expect(missing).toBe(0)
  })

  it('reads the token from the query, where links now carry it, and takes it out of the address', () => {
    open('/cancel?token=12-abc&x=1')
    expect(tokens).toEqual(['12-abc'])
    expect(window.location.pathname + window.location.search).toBe('/cancel?x=1')
    expect(missing).toBe(0)
  })

  it("does not read the query's token again when the fragment changes (a skip link)", () => {
    open('/cancel?token=first')
    window.history.replaceState(null, '', window.location.pathname + '#main')
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')))
    expect(tokens).toEqual(['first'])
    expect(currents[0]!()).toBe(true)
  })

  it('prefers a fragment token (an older link pasted on top of a new one)', () => {
    open('/cancel?token=query#token=fragment')
    expect(tokens).toEqual(['fragment'])
  })

  it('says the link is missing when the page opens without one', () => {
    open('/consent')
    expect(tokens).toEqual([])
    expect(missing).toBe(1)
  })

  it('keeps what a token loaded when the fragment later changes to something else', () => {
    open('/cancel#token=first')
    window.history.replaceState(null, '', '/cancel#other=1')
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')))
    expect(tokens).toEqual(['first'])
    expect(currents[0]!()).toBe(true)
    expect(missing).toBe(0)
  })

  it("tells an action started on one link that a newer link came before its answer", () => {
    open('/cancel#token=first')
    const shown = sameLink()
    expect(shown()).toBe(true)
    window.history.replaceState(null, '', '/cancel#token=second')
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')))
    expect(shown()).toBe(false)
    expect(sameLink()()).toBe(true)
  })

  it('reads what the page takes from the fragment, and ignores a fragment that is not a link', () => {
    const links: string[] = []
    function Follows() {
      useLinkToken((link: string) => links.push(link), () => missing++, () => {
        const hash = window.location.hash
        return hash.startsWith('#confirm=') ? hash.slice('#confirm='.length) : null
      })
      return null
    }
    window.history.replaceState(null, '', '/follows#confirm=abc')
    act(() => root.render(createElement(Follows)))
    window.history.replaceState(null, '', '/follows#main')
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')))
    expect(links).toEqual(['abc'])
    expect(missing).toBe(0)
  })

  it('stops listening once the page is gone', () => {
    open('/cancel#token=first')
    act(() => root.unmount())
    root = createRoot(document.createElement('div'))
    window.history.replaceState(null, '', '/cancel#token=late')
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(tokens).toEqual(['first'])
  })
})
