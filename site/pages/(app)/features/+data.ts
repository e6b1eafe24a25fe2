import { loadEvents, loadSite } from '../../../src/content/load'
import { appShell, forBrowser, siteFeed } from '../../../src/content/pageData'
import { calendarLinks } from '../../../src/events/calendar'
import { hasEnded } from '../../../src/events/schedule'

// The feed carries the soonest upcoming events and the latest past ones; every event keeps its own page
// and calendar entry. Without a cap, a site with thousands of series dates would ship them all in one page.
const MAX_UPCOMING = 300
const MAX_PAST = 24

export function data() {
  const { events: all, guest_rsvp_event } = loadEvents()
  // The build's clock: the prerendered HTML is decided with it, then re-decided in the browser.
  const builtAt = Date.now()
  const upcoming = all.filter((e) => !hasEnded(e.end, builtAt)).slice(0, MAX_UPCOMING)
  const past = all.filter((e) => hasEnded(e.end, builtAt)).slice(-MAX_PAST)
  // events.json is sorted by start: keep that order (the page splits it again with the browser's clock).
  // The guest event stays, whatever its date: the popup form (window.openRSVPForm) is for it.
  const kept = new Set([...past, ...upcoming])
  const events = all.filter((e) => kept.has(e) || e.slug === guest_rsvp_event)
  const shell = appShell('/features', siteFeed(loadSite().name))
  const hosts = new Map(events.map((e) => [e.host.slug, e.host.name]))
  return {
    ...shell,
    events: events.map(forBrowser),
    guestEvent: guest_rsvp_event,
    hosts: [...hosts].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name)),
    calendar: calendarLinks(shell.site.url, '/calendar.ics'),
    builtAt,
  }
}
export type Data = ReturnType<typeof data>
