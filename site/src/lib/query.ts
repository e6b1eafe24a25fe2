/** A query-string parameter of the current URL (browser only; null on the server). */
export function queryParam(name: string): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get(name)
}

export const RSVP_REDIRECT_KEY = 'rsvpRedirect'
// The page (an event page or the feed) where a signed-out visitor pressed RSVP, to return to after sign-in.
const RSVP_PAGE_KEY = 'rsvpPage'
// The same event page for the page the verification link opens, in another tab (local storage), for a day.
const GOING_KEY = 'rsvpGoing'
const GOING_MS = 24 * 60 * 60 * 1000
// Only our own event pages: never an address from elsewhere.
const EVENT_PAGE = /^\/events\/[A-Za-z0-9/-]+$/

/** Remember which page an RSVP for `eventId` started on (session storage: this tab only; and where the
 * visitor was going, for after the verification link). */
export function rememberRsvpPage(eventId: string, page: string): void {
  try {
    sessionStorage.setItem(RSVP_PAGE_KEY, JSON.stringify({ eventId, page }))
    if (EVENT_PAGE.test(page)) localStorage.setItem(GOING_KEY, JSON.stringify({ page, at: Date.now() }))
  } catch {
    // Storage disabled: the visitor comes back to the Event Feed, which completes the RSVP as well.
  }
}

/** Where the page after the verification link leads, once: the event page an RSVP started on (within a day),
 * else the dashboard. */
export function verifiedNext(now: number): { href: string; label: string } {
  try {
    const saved = JSON.parse(localStorage.getItem(GOING_KEY) ?? 'null') as { page?: unknown; at?: unknown } | null
    localStorage.removeItem(GOING_KEY)
    if (saved && typeof saved.page === 'string' && EVENT_PAGE.test(saved.page) && typeof saved.at === 'number' && now - saved.at < GOING_MS) {
      return { href: saved.page, label: 'Back to the event you were RSVPing for' }
    }
  } catch {
    // Unreadable: the dashboard.
  }
  return { href: '/dashboard', label: 'Go to your dashboard' }
}

function rsvpPage(eventId: string): string {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RSVP_PAGE_KEY) ?? 'null') as { eventId?: string; page?: string } | null
    sessionStorage.removeItem(RSVP_PAGE_KEY)
    if (saved?.eventId === eventId && saved.page && EVENT_PAGE.test(saved.page)) return saved.page
  } catch {
    // Unreadable: fall back to the Event Feed.
  }
  return '/features'
}

/** Where an RSVP completes after sign-in: the event page it started on, else the Event Feed. */
export function rsvpReturnUrl(eventId: string): string {
  return `${rsvpPage(eventId)}?${new URLSearchParams({ showRSVP: 'true', eventId })}`
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
