// Server side of the site's languages: every compiled catalog (locales/<locale>/messages.ts, made by the build's
// `lingui compile`), the Lingui instance of each language for the HTML-only pages' own words
// (components/Translated.tsx), and what pages/+onBeforeRender.ts gives every page: the shell's words and the
// switcher's links, translated here, so that no page's browser needs Lingui's runtime or a catalog for them.
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { messages as bs } from '../../locales/bs/messages'
import { messages as en } from '../../locales/en/messages'
import { messages as es } from '../../locales/es/messages'
import { loadSite } from '../content/load'
import type { SiteInfo } from '../content/types'
import { AUTONYMS, alternates, type Locale } from './locales'

const CATALOGS: Record<Locale, Messages> = { en, es, bs }

/** One language of the switcher: the page in it, its name and the first-visit note, both in that language. */
export type Language = { locale: Locale; href: string; label: string; note: string }

// The note a visitor whose language is another gets, in that language (src/nav-common.js shows it).
const NOTE = msg`Read this page in English`

// The shell's own words (components/Shell.tsx); the nav's links and the footer are site.yaml's content.
const SHELL = {
  skip: msg`Skip to main content`,
  main: msg({ message: 'Main', comment: "The main navigation's label for screen readers" }),
  menu: msg({ message: 'Menu', comment: 'The button that opens the navigation on a phone' }),
  loading: msg`Loading...`,
  organize: msg({ message: 'Organize', comment: "The nav link to the organizers' pages" }),
  language: msg({ message: 'Language', comment: "The language switcher's label for screen readers" }),
}

// site.yaml's words of the shell (content/site.yaml: the nav, the account link, the footer), here so that
// `make i18n-site` puts them in the catalogs: each is translated where the catalog has it, else shown as written
// (tests/siteWords.test.ts fails when site.yaml says something the catalogs lack).
export const SITE_WORDS = [
  msg`Home`, msg`Civic Index`, msg`Explore`, msg`Tornado Relief`, msg`Dashboard`, msg`Log in`,
  msg`© {year} CivicSTL. All rights reserved.`, msg`Built by students for a stronger St. Louis.`,
]

type Site = Pick<SiteInfo, 'nav' | 'account_nav' | 'footer'>
type Link = Site['nav'][number]

/** The shell's words in one language: its own, and site.yaml's nav, account link and footer. */
export type ShellText = Record<keyof typeof SHELL, string> & Site

const instances = new Map<Locale, I18n>()

/** The Lingui instance of `locale`, its catalog loaded and active. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })
    instances.set(locale, i18n)
  }
  return i18n
}

/** One of site.yaml's words in `locale`, where the catalog has it; `values` fill its {placeholders}. */
export function siteWord(locale: Locale, source: string, values: Record<string, string> = {}): string {
  const id = generateMessageId(source)
  const i18n = i18nFor(locale)
  if (i18n.messages[id]) return i18n._(id, values)
  return Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), source)
}

/** The shell's words in `locale`, site.yaml's among them. */
export function shellTextOf(locale: Locale): ShellText {
  const site = loadSite()
  const i18n = i18nFor(locale)
  const own = Object.fromEntries(Object.entries(SHELL).map(([key, descriptor]) => [key, i18n._(descriptor)]))
  const link = ({ href, label }: Link): Link => ({ href, label: siteWord(locale, label) })
  // The year the site was built (pages are rendered at build time; the nightly rebuild moves it on).
  const year = String(new Date().getFullYear())
  return {
    ...(own as Record<keyof typeof SHELL, string>),
    nav: site.nav.map(link),
    account_nav: { signed_in: link(site.account_nav.signed_in), signed_out: link(site.account_nav.signed_out) },
    footer: { copyright: siteWord(locale, site.footer.copyright, { year }), tagline: siteWord(locale, site.footer.tagline) },
  }
}

/** The switcher's links for the page at `pathname` (without language). */
export function languagesOf(pathname: string): Language[] {
  return alternates(pathname).map(({ locale, href }) => ({ locale, href, label: AUTONYMS[locale], note: i18nFor(locale)._(NOTE) }))
}
