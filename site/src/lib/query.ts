/** A query-string parameter of the current URL (browser only; null on the server). */
export function queryParam(name: string): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get(name)
}

export const RSVP_REDIRECT_KEY = 'rsvpRedirect'

/** Where the Event Feed completes an RSVP after sign-in. */
export function rsvpReturnUrl(eventId: string): string {
  return `/features?${new URLSearchParams({ showRSVP: 'true', eventId })}`
}
