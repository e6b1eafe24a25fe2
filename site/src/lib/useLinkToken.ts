// The token pages (/cancel, /consent): an email link's token sits in the URL fragment, never sent to a server.
import { useEffect } from 'react'
import { takeFragmentParam } from './query'

/**
 * Read the page's `#token=...` on load, and again when a link pasted into a tab already on the page changes
 * only the fragment (no new page load). `load` runs for each token; its `current()` turns false once a newer
 * token came, so a late answer is dropped. `missing` runs when the page was opened without a token.
 */
export function useLinkToken(load: (token: string, current: () => boolean) => void, missing: () => void): void {
  useEffect(() => {
    let latest = 0
    const read = () => {
      const token = takeFragmentParam('token')
      if (token === null) {
        if (latest === 0) missing()
        return
      }
      const mine = ++latest
      load(token, () => mine === latest)
    }
    read()
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
    // Once per page: the callbacks only set the page's state.
  }, [])
}
