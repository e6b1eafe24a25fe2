import { describe, expect, it } from 'vitest'
import { alternates, DEFAULT_LOCALE, extractLocale, isLocale, localizeLinks, localizePath } from '../src/i18n/locales'

describe('extractLocale', () => {
  it('takes the language off a localized path', () => {
    expect(extractLocale('/es/about')).toEqual({ locale: 'es', pathname: '/about' })
    expect(extractLocale('/bs/events/forest-park-cleanup/2025-04-27')).toEqual({ locale: 'bs', pathname: '/events/forest-park-cleanup/2025-04-27' })
  })

  it("reads a language's home page with or without its slash", () => {
    expect(extractLocale('/es/')).toEqual({ locale: 'es', pathname: '/' })
    expect(extractLocale('/bs')).toEqual({ locale: 'bs', pathname: '/' })
  })

  it('leaves English paths and look-alikes alone', () => {
    expect(extractLocale('/about')).toEqual({ locale: 'en', pathname: '/about' })
    expect(extractLocale('/')).toEqual({ locale: 'en', pathname: '/' })
    // An organization whose slug is two letters, or starts like a language, is no language.
    expect(extractLocale('/fr/about')).toEqual({ locale: 'en', pathname: '/fr/about' })
    expect(extractLocale('/esperanza')).toEqual({ locale: 'en', pathname: '/esperanza' })
    // English has no prefix of its own: /en/about is not the English about page.
    expect(extractLocale('/en/about')).toEqual({ locale: 'en', pathname: '/en/about' })
  })
})

describe('localizePath', () => {
  it('prefixes the other languages and keeps English at its URL', () => {
    expect(localizePath('/about', 'es')).toBe('/es/about')
    expect(localizePath('/', 'bs')).toBe('/bs/')
    expect(localizePath('/about', DEFAULT_LOCALE)).toBe('/about')
  })

  it('leaves links that are not site paths alone', () => {
    expect(localizePath('https://example.org/x', 'es')).toBe('https://example.org/x')
    expect(localizePath('#main', 'es')).toBe('#main')
    expect(localizePath('mailto:a@example.org', 'es')).toBe('mailto:a@example.org')
    // Protocol-relative: another host, whose paths are not the site's.
    expect(localizePath('//cdn.example.org/x', 'bs')).toBe('//cdn.example.org/x')
  })

  it('keeps the query and hash of a site href', () => {
    expect(localizePath('/follows?organization=a-b', 'es')).toBe('/es/follows?organization=a-b')
    expect(localizePath('/about#team', 'bs')).toBe('/bs/about#team')
  })

  it('never prefixes a path already in a language twice', () => {
    expect(localizePath('/es/about', 'es')).toBe('/es/about')
    expect(localizePath('/bs/', 'es')).toBe('/bs/')
    expect(localizePath('/es?x=1', 'es')).toBe('/es?x=1')
    // A look-alike is an English path, and gets the prefix.
    expect(localizePath('/esperanza', 'es')).toBe('/es/esperanza')
  })

  it('is undone by extractLocale', () => {
    for (const path of ['/', '/about', '/events/a/2025-04-27']) {
      for (const { locale, href } of alternates(path)) expect(extractLocale(href)).toEqual({ locale, pathname: path })
    }
  })
})

describe('localizeLinks', () => {
  const html = '<p>See <a href="/about">us</a>, <a href="https://example.org/">them</a>, '
    + '<a href="//cdn.example.org/">a host</a> and <a href="#x" title="here">here</a>.</p>'

  it("puts the rendered Markdown's site links in the language, the others as they are", () => {
    expect(localizeLinks(html, 'es')).toBe('<p>See <a href="/es/about">us</a>, <a href="https://example.org/">them</a>, '
      + '<a href="//cdn.example.org/">a host</a> and <a href="#x" title="here">here</a>.</p>')
  })

  it('leaves English as it is, and text that only looks like a link', () => {
    expect(localizeLinks(html, DEFAULT_LOCALE)).toBe(html)
    expect(localizeLinks('<p>&lt;a href="/about"&gt;</p>', 'es')).toBe('<p>&lt;a href="/about"&gt;</p>')
  })
})

describe('alternates and isLocale', () => {
  it('names the page in every language, English first', () => {
    expect(alternates('/tornado')).toEqual([
      { locale: 'en', href: '/tornado' },
      { locale: 'es', href: '/es/tornado' },
      { locale: 'bs', href: '/bs/tornado' },
    ])
  })

  it('knows only the site languages', () => {
    expect(isLocale('es')).toBe(true)
    expect(isLocale('fr')).toBe(false)
    expect(isLocale(undefined)).toBe(false)
  })
})
