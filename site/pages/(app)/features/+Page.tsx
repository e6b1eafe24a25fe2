import { useData } from 'vike-react/useData'
import { AccessFilters } from '../../../components/AccessFilters'
import { FeedCard } from '../../../components/FeedCards'
import type { Data } from './+data'

// HTML only (+config.ts): every card, form and filter works without JavaScript; +client.ts enhances them
// (src/light/feed.ts): the browser's clock, the filters on change, spots left and the RSVP states.
export default function Page() {
  const { upcoming, past, months, guestEvent, builtAt, meta, hosts, calendar } = useData<Data>()
  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <form className="filters" method="get" action="/features" aria-label="Filter events">
        <label>
          Organization{' '}
          <select name="org" defaultValue="">
            <option value="">All organizations</option>
            {hosts.map((h) => (
              <option key={h.slug} value={h.slug}>{h.name}</option>
            ))}
          </select>
        </label>
        <label>
          Month{' '}
          <select name="month" defaultValue="">
            <option value="">All months</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>{m.label}</option>
            ))}
          </select>
        </label>
        <AccessFilters />
        <button type="submit" className="btn btn-secondary" data-apply="">Filter</button>
      </form>
      <p className="calendar-links">
        <a href={calendar.webcal}>Subscribe to the calendar</a> · <a href={calendar.href} download="civicstl.ics">Download all events (.ics)</a>
      </p>
      <section className="section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Upcoming Events</h2>
        {upcoming.length === 0 ? <p data-empty="">No upcoming events right now. Check back soon!</p> : null}
        {upcoming.map(({ event, more }) => (
          <FeedCard key={event.slug} event={event} more={more} popup={event.slug === guestEvent} now={builtAt} />
        ))}
      </section>
      <section className="section" aria-labelledby="past-title">
        <h2 id="past-title">Past Events</h2>
        {past.length === 0 ? <p data-empty="">No past events yet.</p> : null}
        {past.map(({ event, more }) => (
          <FeedCard key={event.slug} event={event} more={more} popup={event.slug === guestEvent} now={builtAt} />
        ))}
      </section>
    </div>
  )
}
