import type { PageContext } from 'vike/types'

// The civic index is paged: /organizations is page 1, /organizations/page/2, ... the others (a Route Function:
// one page, two URL shapes; +onBeforePrerenderStart lists the URLs to prerender).
const PAGED = /^\/organizations(?:\/page\/([2-9]|[1-9]\d+))?$/

export default function route(pageContext: PageContext) {
  const match = PAGED.exec(pageContext.urlPathname)
  return match ? { routeParams: { page: match[1] ?? '1' } } : false
}
