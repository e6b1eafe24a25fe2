import { useData } from 'vike-react/useData'
import { BeforeYouGo } from '../../../components/BeforeYouGo'
import { EventHeader, Gallery, PastDetails, useEnglish } from '../../../components/EventCards'
import { RichText } from '../../../components/RichText'
import { Img } from '../../../components/Img'
import { PopupRsvp, SlotItems } from '../../../components/SlotForms'
import { hasEnded } from '../../../src/events/schedule'
import { useLocalize } from '../../../src/i18n/useLocalize'
import type { Data, EventData, SeriesData } from './+data'

// HTML only (+config.ts): the RSVP forms work without JavaScript; +client.ts enhances the page
// (src/light/eventPage.ts): the browser's clock decides again, spots left and the RSVP states.
export default function Page() {
  const data = useData<Data>()
  return data.kind === 'series' ? <SeriesPage data={data} /> : <EventPage data={data} />
}

// The next dates of an event's series it links.
const OTHER_DATES = 6

/** A series' overview: host and logo, the rule in words, before you go, and every date (each with its end,
 * and `data-limited` where spots left are worth asking for). */
function SeriesPage({ data: { series, limited, calendar, builtAt } }: { data: SeriesData }) {
  const enSeries = useEnglish(series)
  const local = useLocalize()
  const upcoming = series.dates.filter((d) => !hasEnded(d.end, builtAt))
  const past = series.dates.filter((d) => hasEnded(d.end, builtAt))
  const item = (d: SeriesData['series']['dates'][number]) => (
    <li key={d.slug} data-end={d.end} data-slug={d.slug} data-limited={!d.cancelled && limited.includes(d.slug) ? '' : undefined}>
      {d.cancelled ? <>{d.date_text} (cancelled)</> : <a href={local(d.path)}>{d.date_text}</a>}
    </li>
  )
  return (
    <div className="container">
      <p>
        <a href={local('/features')}>All events</a>
      </p>
      <h1 {...enSeries('title')}>{series.title}</h1>
      <div className="event-head">
        <Img image={series.host.logo} />
        <div>
          <p>
            Hosted by <a href={local(series.host.link)}>{series.host.name}</a>
          </p>
          <p>{series.rule_text ? `${series.rule_text}, ${series.time_text}` : series.time_text}</p>
          <p className="muted">{series.location}</p>
        </div>
      </div>
      <RichText html={series.description_html} {...enSeries('description')} />
      <BeforeYouGo before={series.before_you_go ?? null} />
      <section className="section" aria-labelledby="dates-title">
        <h2 id="dates-title">Upcoming dates</h2>
        {upcoming.length === 0 ? <p data-empty="">No upcoming dates right now. Check back soon!</p> : null}
        <ul data-dates="upcoming">{upcoming.map(item)}</ul>
      </section>
      <section className="section" aria-labelledby="past-dates-title" hidden={past.length === 0 || undefined}>
        <h2 id="past-dates-title">Past dates</h2>
        <ul data-dates="past">{past.map(item)}</ul>
      </section>
      <p>
        <a href={calendar.webcal}>Subscribe to {series.host.name}'s calendar</a>
      </p>
    </div>
  )
}

/** An event's page: what, where, its slots' forms (the guest event's popup form) while it is upcoming, and
 * what happened once it has ended; both are in the HTML, the build's clock chose, the browser's chooses again. */
function EventPage({ data }: { data: EventData }) {
  const { event, isGuestEvent, dates, calendar, share, builtAt } = data
  const finished = hasEnded(event.end, builtAt)
  const otherDates = dates.filter((d) => !hasEnded(d.end, builtAt))
  const en = useEnglish(event)
  const local = useLocalize()

  return (
    <div className="container" data-end={event.end}>
      <p>
        <a href={local('/features')}>All events</a>
      </p>
      {/* The heading inside its article (an article without one is a warning of the Nu Html Checker). */}
      <article aria-labelledby={`event-${event.slug}`}>
        <h1 id={`event-${event.slug}`} {...en('title')}>{event.title}</h1>
        <div className="event-card">
          <EventHeader event={event} title={false} />
          <p>
            <a href={event.map_url} target="_blank" rel="noopener noreferrer">
              Open {event.location} in a map
            </a>
          </p>
          <RichText html={event.description_html} {...en('description')} />
          <BeforeYouGo before={event.before_you_go} />
          <div data-part="past" hidden={!finished || undefined}>
            <PastDetails event={event} total={false} />
          </div>
          <div data-part="upcoming" hidden={finished || undefined}>
            {isGuestEvent ? <PopupRsvp event={event} /> : <SlotItems event={event} now={builtAt} />}
          </div>
          <Gallery photos={event.gallery} />
        </div>
      </article>
      {/* A finished event is shown for what happened: nothing to add to a calendar or to share. */}
      <div data-part="upcoming" hidden={finished || undefined}>
        <section className="section" aria-labelledby="calendar-title">
          <h2 id="calendar-title">Add to calendar</h2>
          <p>
            <a className="btn btn-secondary" href={calendar.href} download={`${event.slug}.ics`}>
              Add to calendar (.ics)
            </a>
          </p>
        </section>
        <section className="section" aria-labelledby="share-title">
          <h2 id="share-title">Share</h2>
          <ul className="share-links">
            {share.map((s) => (
              <li key={s.label}>
                <a href={s.href} target={s.href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {event.series ? (
        <section className="section" aria-labelledby="dates-title">
          <h2 id="dates-title">Other dates</h2>
          <ul data-dates="other">
            {dates.map((d) => (
              <li key={d.path} data-end={d.end} hidden={!otherDates.slice(0, OTHER_DATES).includes(d) || undefined}>
                <a href={local(d.path)}>{d.date_text}</a>
              </li>
            ))}
          </ul>
          <p>
            <a href={local(`/events/${event.series}`)}>Every date of this series</a>
          </p>
        </section>
      ) : null}
    </div>
  )
}
