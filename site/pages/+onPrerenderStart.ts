// Vike's i18n pattern for prerendering (vike.dev/onPrerenderStart): every page is rendered once per language, at
// its URL under /<locale>/ (English at the URL it always had), with the URL without it as pageContext.urlLogical,
// as pages/+onBeforeRoute.ts gives it in the browser. The 404 page and the legacy redirects stay single.
import type { PrerenderContext } from 'vike/types'
import { DEFAULT_LOCALE, LOCALES, localizePath } from '../src/i18n/locales'

type PrerenderPageContext = PrerenderContext['pageContexts'][number]

export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const pageContexts: PrerenderPageContext[] = []
  for (const pageContext of prerenderContext.pageContexts) {
    pageContexts.push(Object.assign({}, pageContext, { locale: DEFAULT_LOCALE }))
    if (pageContext.is404 || pageContext.pageId === null || (pageContext as { isRedirect?: boolean }).isRedirect) continue
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue
      const urlOriginal = localizePath(pageContext.urlOriginal, locale)
      pageContexts.push(Object.assign({}, pageContext, { urlOriginal, urlLogical: pageContext.urlOriginal, locale }))
    }
  }
  return { prerenderContext: { pageContexts } }
}
