import type { PageContextServer } from 'vike/types'
import type { MoreDate } from '../../../components/FeedCards'
import { loadEvents, loadSite } from '../../../src/content/load'
import { appShell, forBrowser, siteFeed } from '../../../src/content/pageData'
import type { EventRecord } from '../../../src/content/types'
import { calendarLinks } from '../../../src/events/calendar'
import { groupBySeries, partitionEvents, upcomingMonths } from '../../../src/events/schedule'

// The feed carries the soonest upcoming events and the latest past ones; every event keeps its own page
// and calendar entry. Without a cap, a site with thousands of series dates would ship them all in one page.
const MAX_UPCOMING = 300
const MAX_PAST = 24

const moreDates = (more: readonly EventRecord[]): MoreDate[] => more.map((e) => [e.date, e.end, e.path, e.date_text])

export function data(pageContext: PageContextServer) {
  const { events: all, guest_rsvp_event } = loadEvents(pageContext.locale)
  // The build's clock: the HTML is decided with it, then again by the browser's (src/light/feed.ts).
  const builtAt = Date.now()
  const split = partitionEvents(all, builtAt)
  const upcoming = split.upcoming.slice(0, MAX_UPCOMING)
  const past = split.past.slice(0, MAX_PAST)
  // The guest event stays, whatever its date: the popup form (window.openRSVPForm) is for it.
  const guest = all.find((e) => e.slug === guest_rsvp_event)
  if (guest && !upcoming.includes(guest) && !past.includes(guest)) past.push(guest)
  // A series shows as one card: its next date with slots inline, then links to its later dates.
  const card = ({ first, more }: { first: EventRecord; more: EventRecord[] }) => ({ event: forBrowser(first), more: moreDates(more) })
  const shell = appShell('/features', siteFeed(loadSite().name))
  const hosts = new Map([...upcoming, ...past].map((e) => [e.host.slug, e.host.name]))
  return {
    ...shell,
    upcoming: groupBySeries(upcoming).map(card),
    past: groupBySeries(past).map(({ first }) => card({ first, more: [] })),
    months: upcomingMonths(upcoming),
    guestEvent: guest_rsvp_event,
    hosts: [...hosts].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name)),
    calendar: calendarLinks(shell.site.url, '/calendar.ics'),
    builtAt,
  }
}
export type Data = ReturnType<typeof data>
