// Where a signed-out visitor goes back to after signing in to RSVP: the page the RSVP started on, kept in the
// browser's storage (apart from src/lib/query.ts, which pages that never RSVP load too).

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
