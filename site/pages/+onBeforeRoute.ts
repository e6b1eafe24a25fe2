// Vike's i18n pattern (vike.dev/i18n): the language comes off the URL before routing, so every page's route,
// data and links see the path without it (pageContext.urlLogical) and read the language from pageContext.locale.
// The URL is put together here rather than by vike/modifyUrl, which interactive pages would load as well. Without
// the hash: routing never reads it, no page reads it from pageContext, and on the server (prerendering) merely
// reading urlParsed.hashOriginal makes Vike warn that HTTP requests carry none.
import type { PageContext } from 'vike/types'
import { extractLocale } from '../src/i18n/locales'

export function onBeforeRoute(pageContext: PageContext) {
  const { pathname: original, searchOriginal } = pageContext.urlParsed
  const { locale, pathname } = extractLocale(original)
  return { pageContext: { locale, urlLogical: pathname + (searchOriginal ?? '') } }
}
