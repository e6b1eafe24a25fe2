// Content pages and the shell read the page's language's JSON (<content>/<locale>/…), and each text the
// generator left in English (a record's in_english) is marked lang="en" on another language's page.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishMarker } from '../src/content/inEnglish'
import { loadAbout, loadOrganization } from '../src/content/load'
import { siteWordsOf } from '../src/content/siteText'
import { pageRecord } from '../src/events/pageRecord'

describe('englishMarker', () => {
  it('marks the fields in_english lists, and the items of a list it lists', () => {
    const en = englishMarker(['tagline', 'programs', 'core_impact[2].title'], 'bs')
    expect(en('tagline')).toEqual({ lang: 'en' })
    expect(en('programs[1]')).toEqual({ lang: 'en' })
    expect(en('core_impact[2].title')).toEqual({ lang: 'en' })
    expect(en('core_impact[2].text')).toEqual({})
    // A field whose name only starts like a listed one is not covered.
    expect(en('taglines')).toEqual({})
  })

  it('marks nothing on an English page or a record without in_english', () => {
    expect(englishMarker(['tagline'], 'en')('tagline')).toEqual({})
    expect(englishMarker(undefined, 'es')('tagline')).toEqual({})
  })
})

const link = (label: string, href: string) => ({ label, href })
const site = (words: string[], inEnglish?: string[]) => ({
  name: 'CivicSTL',
  nav: [link(words[0]!, '/'), link(words[1]!, '/features')],
  account_nav: { signed_in: link(words[2]!, '/dashboard'), signed_out: link(words[3]!, '/login') },
  footer: { copyright: words[4]!, tagline: words[5]! },
  ...(inEnglish ? { in_english: inEnglish } : {}),
})
const ENGLISH = ['Home', 'Explore', 'Dashboard', 'Log in', '© {year} CivicSTL.', 'Built by students.']
const FILES: Record<string, unknown> = {
  'site.json': site(ENGLISH),
  'es/site.json': site(['Inicio', 'Explorar', 'Panel', 'Iniciar sesión', '© {year} CivicSTL.', 'Hecho por estudiantes.'], []),
  // A Bosnian site.yaml that leaves Explore and the footer's tagline in English.
  'bs/site.json': site(['Početna', 'Explore', 'Kontrolna tabla', 'Prijava', '© {year} CivicSTL.', 'Built by students.'], ['nav[1].label', 'footer.tagline']),
  'pages/about.json': { title: 'About' },
  'es/pages/about.json': { title: 'Acerca de', in_english: [] },
  'events.json': { events: [{ path: '/events/cleanup', title: 'Park cleanup' }], series: [] },
  'es/events.json': { events: [{ path: '/events/cleanup', title: 'Limpieza del parque' }], series: [] },
  'routes.json': [{ kind: 'profile', slug: 'keenstl', data: 'organizations/profiles-0.json' }],
  'organizations/profiles-0.json': { keenstl: { name: 'KeenSTL', tagline: 'Volunteer with us' } },
  'es/organizations/profiles-0.json': { keenstl: { name: 'KeenSTL', tagline: 'Sé voluntario', in_english: ['description'] } },
}

describe('content in the page language', () => {
  let dir: string
  const before = process.env.CONTENT_DIR
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locale-content-'))
    for (const [rel, value] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
      fs.writeFileSync(path.join(dir, rel), JSON.stringify(value))
    }
    process.env.CONTENT_DIR = dir
  })
  afterAll(() => {
    process.env.CONTENT_DIR = before
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("reads a page and a profile from the language's folder, English from the top", () => {
    expect(loadAbout('es').title).toBe('Acerca de')
    expect(loadAbout().title).toBe('About')
    expect(loadOrganization('keenstl', 'es')?.tagline).toBe('Sé voluntario')
    expect(loadOrganization('keenstl')?.tagline).toBe('Volunteer with us')
  })

  it("finds an event page's record in the language's events.json", () => {
    const record = (locale?: 'es') => pageRecord('/events/cleanup', locale)
    expect(record('es')).toEqual({ event: { path: '/events/cleanup', title: 'Limpieza del parque' } })
    expect(record()).toEqual({ event: { path: '/events/cleanup', title: 'Park cleanup' } })
  })

  it("takes the shell's site.yaml words from the language's site.json, the year filled in", () => {
    const text = siteWordsOf('es')
    expect(text.nav.map((l) => l.label)).toEqual(['Inicio', 'Explorar'])
    expect(text.account_nav.signed_out).toEqual({ label: 'Iniciar sesión', href: '/login' })
    expect(text.footer.copyright).toEqual({ text: `© ${new Date().getFullYear()} CivicSTL.` })
  })

  it('marks lang="en" exactly the words site.json left in English', () => {
    const text = siteWordsOf('bs')
    expect(text.nav).toEqual([{ label: 'Početna', href: '/' }, { label: 'Explore', href: '/features', lang: 'en' }])
    expect(text.footer.tagline).toEqual({ text: 'Built by students.', lang: 'en' })
    expect(text.account_nav.signed_in.lang).toBeUndefined()
    // English pages mark nothing.
    expect(siteWordsOf('en').nav.every((l) => l.lang === undefined)).toBe(true)
  })
})
