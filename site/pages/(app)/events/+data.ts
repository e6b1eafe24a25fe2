import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadEvents } from '../../../src/content/load'
import { forBrowser, metaDescription, shell } from '../../../src/content/pageData'
import type { EventRecord, SeriesRecord } from '../../../src/content/types'
import { calendarLinks } from '../../../src/events/calendar'
import { limitedIds } from '../../../src/events/schedule'
import { shareLinks } from '../../../src/events/schema'
import { index, pageRecord } from '../../../src/events/pageRecord'

export function data(pageContext: PageContextServer) {
  const file = loadEvents(pageContext.locale)
  const { bySeries } = index(file)
  const record = pageRecord(pageContext.urlPathname, pageContext.locale)
  if (!record) throw render(404)
  if ('series' in record) return seriesData(record.series, bySeries.get(record.series.slug) ?? [])
  const { event } = record
  const base = shell(event.path, {
    title: `${event.title}, ${event.date_text}`,
    description: metaDescription(`${event.date_text}, ${event.time_text}, ${event.location}. ${event.description_text}`),
  })
  const url = new URL(event.path, base.site.url).href
  return {
    ...base,
    kind: 'event' as const,
    event: forBrowser(event),
    isGuestEvent: event.slug === file.guest_rsvp_event,
    // The other dates of a series, to move between occurrences.
    dates: (event.series ? (bySeries.get(event.series) ?? []) : [])
      .filter((e) => e.slug !== event.slug)
      .map((e) => ({ path: e.path, date_text: e.date_text, end: e.end })),
    calendar: calendarLinks(base.site.url, event.calendar),
    share: shareLinks(url, event.title),
    // The build's clock: upcoming or past in the HTML; the browser decides again with its own.
    builtAt: Date.now(),
  }
}
/** A series' overview: what it is, who hosts it, and every date (cancelled ones marked); `occurrences`: its events. */
function seriesData(series: SeriesRecord, occurrences: readonly EventRecord[]) {
  const base = shell(series.path, {
    title: series.title,
    description: metaDescription(`${series.time_text}, ${series.location}. ${series.description_text}`),
  })
  return {
    ...base,
    kind: 'series' as const,
    series: forBrowser(series),
    // The dates whose spots left are worth asking for: those with a slot of limited capacity.
    limited: occurrences.filter((e) => limitedIds([e]).length > 0).map((e) => e.slug),
    calendar: calendarLinks(base.site.url, `/organizations/${series.host.slug}/calendar.ics`),
    builtAt: Date.now(),
  }
}
export type Data = ReturnType<typeof data>
export type EventData = Extract<Data, { kind: 'event' }>
export type SeriesData = Extract<Data, { kind: 'series' }>
