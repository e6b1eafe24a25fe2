import { useCallback, useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import { AccessFilters } from '../../../components/AccessFilters'
import { FeedEventCard, PastEventCard } from '../../../components/FeedCards'
import { RsvpDialog } from '../../../components/LazyRsvpDialog'
import type { EventItem } from '../../../src/content/types'
import { useClientNow, useSlotRsvp, useSpotsLeft } from '../../../src/events/useSlotRsvp'
import { groupBySeries, hasEnded, limitedIds, partitionEvents, upcomingMonths } from '../../../src/events/schedule'
import { matchesAccess, type AccessFilter } from '../../../src/events/accessFilter'
import type { Data } from './+data'

declare global {
  interface Window {
    openRSVPForm?: () => void
  }
}

type Filter = { org: string; month: string } & AccessFilter
const NO_FILTER: Filter = { org: '', month: '', family: '', wheelchair: '' }

/** The filter of the URL's query (?org=<host slug>&month=YYYY-MM&family=yes&wheelchair=yes), so a filtered
 * feed can be shared. */
function readFilter(): Filter {
  const params = new URLSearchParams(window.location.search)
  const read = (key: keyof Filter) => params.get(key) ?? ''
  return { org: read('org'), month: read('month'), family: read('family'), wheelchair: read('wheelchair') }
}

const matches = (e: EventItem, f: Filter) =>
  (!f.org || e.host.slug === f.org) && (!f.month || e.date.startsWith(f.month)) && matchesAccess(e, f)

export default function Page() {
  const { events, guestEvent, builtAt, meta, hosts, calendar } = useData<Data>()
  // Upcoming vs past: decided with the build's clock in the HTML, then with the browser's.
  const clientNow = useClientNow()
  const now = clientNow ?? builtAt

  const [filter, setFilter] = useState<Filter>(NO_FILTER)
  useEffect(() => setFilter(readFilter()), [])
  const changeFilter = (next: Filter) => {
    setFilter(next)
    const params = new URLSearchParams(window.location.search)
    for (const [key, value] of Object.entries(next)) {
      if (value) params.set(key, value)
      else params.delete(key)
    }
    const query = params.toString()
    window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''))
  }

  const { upcoming, past } = partitionEvents(events, now)
  // The month filter offers only months that hold upcoming events (past events stay listed below).
  const months = upcomingMonths(upcoming)
  const openSlots = upcoming
    .filter((e) => e.slug !== guestEvent)
    .flatMap((e) => e.slots.filter((s) => !hasEnded(s.end, now)))
  // A series shows as one card: its next date with slots inline, then links to its later dates.
  const shownUpcoming = groupBySeries(upcoming.filter((e) => matches(e, filter)))
  const shownPast = groupBySeries(past.filter((e) => matches(e, filter)))
  const filtered = Object.values(filter).some((v) => v !== '')

  // Spots left only for what is shown (after hydration: the HTML has none).
  const spotIds = clientNow === null ? '' : limitedIds(shownUpcoming.map((g) => g.first)).join(' ')
  const { stats: spots, refresh: refreshSpots } = useSpotsLeft(spotIds)
  const { status, rsvp } = useSlotRsvp(openSlots.map((s) => s.id).join(' '), clientNow, refreshSpots)

  const [popupOpen, setPopupOpen] = useState(false)
  const guest = events.find((e) => e.slug === guestEvent)
  const openPopup = useCallback(() => setPopupOpen(true), [])
  const closePopup = useCallback(() => setPopupOpen(false), [])
  useEffect(() => {
    window.openRSVPForm = openPopup
    return () => {
      delete window.openRSVPForm
    }
  }, [openPopup])

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <form className="filters" method="get" action="/features" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <label>
          Organization{' '}
          <select name="org" value={filter.org} onChange={(e) => changeFilter({ ...filter, org: e.target.value })}>
            <option value="">All organizations</option>
            {hosts.map((h) => (
              <option key={h.slug} value={h.slug}>{h.name}</option>
            ))}
          </select>
        </label>
        <label>
          Month{' '}
          <select name="month" value={filter.month} onChange={(e) => changeFilter({ ...filter, month: e.target.value })}>
            <option value="">All months</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>{m.label}</option>
            ))}
          </select>
        </label>
        <AccessFilters filter={filter} onChange={changeFilter} />
        {filtered ? (
          <button type="button" className="btn btn-secondary" onClick={() => changeFilter(NO_FILTER)}>
            Show all events
          </button>
        ) : null}
      </form>
      <p className="calendar-links">
        <a href={calendar.webcal}>Subscribe to the calendar</a> · <a href={calendar.href} download="civicstl.ics">Download all events (.ics)</a>
      </p>
      <section className="section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Upcoming Events</h2>
        {shownUpcoming.length === 0 && filtered ? (
          <p className="empty-filter">
            No upcoming events match these filters.{' '}
            <button type="button" className="btn btn-secondary" onClick={() => changeFilter(NO_FILTER)}>
              Clear the filters
            </button>
          </p>
        ) : null}
        {shownUpcoming.length === 0 && !filtered ? <p>No upcoming events right now. Check back soon!</p> : null}
        {shownUpcoming.map(({ first: event, more }) => (
          <FeedEventCard
            key={event.slug}
            event={event}
            slots={event.slots.filter((s) => !hasEnded(s.end, now))}
            status={status}
            spots={spots}
            onRsvp={rsvp}
            more={more}
            onOpen={event.slug === guestEvent ? openPopup : undefined}
          />
        ))}
      </section>
      <section className="section" aria-labelledby="past-title">
        <h2 id="past-title">Past Events</h2>
        {shownPast.length === 0 ? <p>No past events yet.</p> : null}
        {shownPast.map(({ first: event }) => (
          <PastEventCard key={event.slug} event={event} />
        ))}
      </section>
      {popupOpen && guest ? <RsvpDialog event={guest} onClose={closePopup} onDone={refreshSpots} /> : null}
    </div>
  )
}
