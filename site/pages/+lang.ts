import type { PageContext } from 'vike/types'

// <html lang>: the page's language (pages/+onBeforeRoute.ts, pages/+onPrerenderStart.ts).
export default (pageContext: PageContext) => pageContext.locale ?? 'en'
