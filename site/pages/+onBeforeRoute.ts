// Vike's i18n pattern (vike.dev/i18n): the language comes off the URL before routing, so every page's route,
// data and links see the path without it (pageContext.urlLogical) and read the language from pageContext.locale.
import type { PageContext } from 'vike/types'
import { modifyUrl } from 'vike/modifyUrl'
import { extractLocale } from '../src/i18n/locales'

export function onBeforeRoute(pageContext: PageContext) {
  const { locale, pathname } = extractLocale(pageContext.urlParsed.pathname)
  return { pageContext: { locale, urlLogical: modifyUrl(pageContext.urlParsed.href, { pathname }) } }
}
