// Server side of the site's languages: every compiled catalog (locales/<locale>/messages.ts, made by the build's
// `lingui compile`), the Lingui instance of each language for the HTML-only pages' own words
// (components/Translated.tsx), and what pages/+onBeforeRender.ts gives every page: the shell's words and the
// switcher's links, translated here, so that no page's browser needs Lingui's runtime or a catalog for them;
// site.yaml's words of the shell come from the language's site.json (content/<locale>/site.yaml).
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { messages as bs } from '../../locales/bs/messages'
import { messages as en } from '../../locales/en/messages'
import { messages as es } from '../../locales/es/messages'
import { siteWordsOf, type SiteWords } from '../content/siteText'
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

/** The shell's words in one language: its own, and site.yaml's nav, account link and footer (content/<locale>/site.yaml). */
export type ShellText = Record<keyof typeof SHELL, string> & SiteWords

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

/** The shell's words in `locale`: its own from the catalog, site.yaml's from the language's site.json. */
export function shellTextOf(locale: Locale): ShellText {
  const i18n = i18nFor(locale)
  const own = Object.fromEntries(Object.entries(SHELL).map(([key, descriptor]) => [key, i18n._(descriptor)]))
  return { ...(own as Record<keyof typeof SHELL, string>), ...siteWordsOf(locale) }
}

/** The switcher's links for the page at `pathname` (without language). */
export function languagesOf(pathname: string): Language[] {
  return alternates(pathname).map(({ locale, href }) => ({ locale, href, label: AUTONYMS[locale], note: i18nFor(locale)._(NOTE) }))
}
