import type { PageContext } from 'vike/types'

// /verify-hours and /verify-hours/<code>: one prerendered page (verify-hours/index.html) that the service
// answers for every code (rsvp_service/static.py); the page reads the code from the address.
export default function route(pageContext: PageContext): boolean {
  return /^\/verify-hours(\/[^/]+)?\/?$/.test(pageContext.urlPathname)
}
