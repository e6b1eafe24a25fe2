// The email-link pages (/cancel, /consent, /follows): a link's token sits in the URL's query (so that the page's
// form works without JavaScript), or in its fragment in links mailed before.
import { useEffect, useRef } from 'react'
import { takeLinkParam } from './query'

/**
 * Read the page's link (`?token=...` or `#token=...`, or what `read` takes) on load, and again when a link
 * pasted into a tab already on the page changes only the fragment (no new page load). `load` runs for each
 * link; its `current()` turns false once a newer link came, so a late answer is dropped. `missing` runs when
 * the page was opened without a link; a later fragment that is not a link (such as the skip link's #main) is
 * ignored. Returns `sameLink`: called before an action's request, it gives the `current()` of the link shown.
 */
export function useLinkToken<T = string>(
  load: (link: T, current: () => boolean) => void,
  missing: () => void,
  read: () => T | null = () => takeLinkParam('token') as T | null,
): () => () => boolean {
  const latest = useRef(0)
  useEffect(() => {
    const take = () => {
      const link = read()
      if (link === null) {
        if (latest.current === 0) missing()
        return
      }
      const mine = ++latest.current
      load(link, () => mine === latest.current)
    }
    take()
    window.addEventListener('hashchange', take)
    return () => window.removeEventListener('hashchange', take)
    // Once per page: the callbacks only set the page's state.
  }, [])
  return () => {
    const mine = latest.current
    return () => mine === latest.current
  }
}
