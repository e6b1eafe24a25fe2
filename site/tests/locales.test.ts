import { describe, expect, it } from 'vitest'
import { alternates, DEFAULT_LOCALE, extractLocale, isLocale, localizePath } from '../src/i18n/locales'

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
  })

  it('is undone by extractLocale', () => {
    for (const path of ['/', '/about', '/events/a/2025-04-27']) {
      for (const { locale, href } of alternates(path)) expect(extractLocale(href)).toEqual({ locale, pathname: path })
    }
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
