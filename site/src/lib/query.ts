/** A query-string parameter of the current URL (browser only; null on the server). */
export function queryParam(name: string): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get(name)
}

/**
 * Take an email link's parameter: from the fragment (links mailed before), else from the query, where links now
 * carry it so that the page's form works without JavaScript. Either way it leaves the address bar and history.
 */
export function takeLinkParam(name: string): string | null {
  const fromFragment = takeFragmentParam(name)
  if (fromFragment !== null || typeof window === 'undefined') return fromFragment
  const query = new URLSearchParams(window.location.search)
  const value = query.get(name)
  if (value !== null) {
    query.delete(name)
    const rest = query.toString()
    window.history.replaceState(window.history.state, '', window.location.pathname + (rest ? `?${rest}` : '') + window.location.hash)
  }
  return value
}

/**
 * Take a parameter from the URL's fragment (#name=value) and drop the fragment from the address bar and
 * history. Email links carry secrets there: browsers never send a fragment to a server or in a Referer.
 */
export function takeFragmentParam(name: string): string | null {
  if (typeof window === 'undefined') return null
  const value = new URLSearchParams(window.location.hash.replace(/^#/, '')).get(name)
  if (value !== null) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }
  return value
}
