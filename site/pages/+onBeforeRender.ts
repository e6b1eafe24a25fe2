// Every page's language before it renders: the shell's words and the language switcher's links, translated on the
// server (the browser gets them through passToClient: no Lingui runtime, no catalog), and the language's Lingui
// instance for the HTML-only pages' own words (components/Translated.tsx; server-side only, never passed on).
import type { PageContextServer } from 'vike/types'
import { DEFAULT_LOCALE } from '../src/i18n/locales'
import { i18nFor, languagesOf, shellTextOf } from '../src/i18n/server'

export function onBeforeRender(pageContext: PageContextServer) {
  const locale = pageContext.locale ?? DEFAULT_LOCALE
  return { pageContext: { locale, shellText: shellTextOf(locale), languages: languagesOf(pageContext.urlPathname), i18n: i18nFor(locale) } }
}
