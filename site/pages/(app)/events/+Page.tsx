import { useCallback, useState } from 'react'
import { useData } from 'vike-react/useData'
import { BeforeYouGo } from '../../../components/BeforeYouGo'
import { EventHeader, Gallery, PastDetails, SlotList, SpotsLeft } from '../../../components/EventCards'
import { RichText } from '../../../components/RichText'
import { Img } from '../../../components/Img'
import { RsvpDialog } from '../../../components/LazyRsvpDialog'
import { spotsText } from '../../../src/api/rsvp'
import { useClientNow, useSlotRsvp, useSpotsLeft } from '../../../src/events/useSlotRsvp'
import { hasEnded, limitedIds } from '../../../src/events/schedule'
import type { Data, EventData, SeriesData } from './+data'

export default function Page() {
  const data = useData<Data>()
  return data.kind === 'series' ? <SeriesPage data={data} /> : <EventPage data={data} />
}

// The next dates of a series whose spots left are asked for (one request each).
const SPOTS_DATES = 6

/** A series' overview: host and logo, the rule in words, before you go, and every date with spots left. */
function SeriesPage({ data: { series, limited, calendar, builtAt } }: { data: SeriesData }) {
  const clientNow = useClientNow()
  const now = clientNow ?? builtAt
  const upcoming = series.dates.filter((d) => !hasEnded(d.end, now))
  const past = series.dates.filter((d) => hasEnded(d.end, now))
  const spotIds = clientNow === null ? '' : upcoming.filter((d) => !d.cancelled && limited.includes(d.slug))
    .slice(0, SPOTS_DATES).map((d) => d.slug).join(' ')
  const { stats: spots } = useSpotsLeft(spotIds)
  return (
    <div className="container">
      <p>
        <a href="/features">All events</a>
      </p>
      <h1>{series.title}</h1>
      <div className="event-head">
        <Img image={series.host.logo} />
        <div>
          <p>
            Hosted by <a href={series.host.link}>{series.host.name}</a>
          </p>
          <p>{series.rule_text ? `${series.rule_text}, ${series.time_text}` : series.time_text}</p>
          <p className="muted">{series.location}</p>
        </div>
      </div>
      <RichText html={series.description_html} />
      <BeforeYouGo before={series.before_you_go ?? null} />
      <section className="section" aria-labelledby="dates-title">
        <h2 id="dates-title">Upcoming dates</h2>
        {upcoming.length === 0 ? <p>No upcoming dates right now. Check back soon!</p> : null}
        <ul>
          {upcoming.map((d) => (
            <li key={d.slug}>
              {d.cancelled ? <>{d.date_text} (cancelled)</> : <a href={d.path}>{d.date_text}</a>}
              {spots[d.slug] && spotsText(spots[d.slug]!) ? <> · <SpotsLeft stats={spots[d.slug]} /></> : null}
            </li>
          ))}
        </ul>
      </section>
      {past.length > 0 ? (
        <section className="section" aria-labelledby="past-dates-title">
          <h2 id="past-dates-title">Past dates</h2>
          <ul>
            {past.map((d) => (
              <li key={d.slug}>{d.cancelled ? <>{d.date_text} (cancelled)</> : <a href={d.path}>{d.date_text}</a>}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <a href={calendar.webcal}>Subscribe to {series.host.name}'s calendar</a>
      </p>
    </div>
  )
}

function EventPage({ data }: { data: EventData }) {
  const { event, isGuestEvent, dates, calendar, share, builtAt } = data
  const clientNow = useClientNow()
  const now = clientNow ?? builtAt
  const finished = hasEnded(event.end, now)
  const openSlots = finished ? [] : event.slots.filter((s) => !hasEnded(s.end, now))
  // The popup's event (site.yaml's guest_rsvp_event, one slot) keeps its RSVP button; others list their slots.
  const popupSlot = isGuestEvent ? openSlots[0] : undefined
  const spotIds = clientNow === null ? '' : limitedIds([{ slots: openSlots }]).join(' ')
  const { stats: spots, refresh: refreshSpots } = useSpotsLeft(spotIds)
  const { status, rsvp } = useSlotRsvp(isGuestEvent ? '' : openSlots.map((s) => s.id).join(' '), clientNow, refreshSpots)
  const [popupOpen, setPopupOpen] = useState(false)
  const closePopup = useCallback(() => setPopupOpen(false), [])
  const otherDates = dates.filter((d) => !hasEnded(d.end, now)).slice(0, 6)

  return (
    <div className="container">
      <p>
        <a href="/features">All events</a>
      </p>
      {/* The heading inside its article (an article without one is a warning of the Nu Html Checker). */}
      <article aria-labelledby={`event-${event.slug}`}>
        <h1 id={`event-${event.slug}`}>{event.title}</h1>
        <div className="event-card">
          <EventHeader event={event} title={false} />
          <p>
            <a href={event.map_url} target="_blank" rel="noopener noreferrer">
              Open {event.location} in a map
            </a>
          </p>
          <RichText html={event.description_html} />
          <BeforeYouGo before={event.before_you_go} />
          {finished ? (
            <PastDetails event={event} total={false} />
          ) : (
            <>
              {openSlots.length > 0 && !isGuestEvent ? (
                <SlotList event={event} slots={openSlots} status={status} spots={spots} onRsvp={rsvp} />
              ) : null}
              {popupSlot ? <SpotsLeft stats={spots[popupSlot.id]} block /> : null}
              {popupSlot ? (
                <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setPopupOpen(true)}>
                  RSVP
                </button>
              ) : null}
              <Gallery photos={event.gallery} />
            </>
          )}
        </div>
      </article>
      {/* A finished event is shown for what happened: nothing to add to a calendar or to share. */}
      {finished ? null : (
        <>
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
        </>
      )}
      {event.series ? (
        <section className="section" aria-labelledby="dates-title">
          <h2 id="dates-title">Other dates</h2>
          <ul>
            {otherDates.map((d) => (
              <li key={d.path}>
                <a href={d.path}>{d.date_text}</a>
              </li>
            ))}
          </ul>
          <p>
            <a href={`/events/${event.series}`}>Every date of this series</a>
          </p>
        </section>
      ) : null}
      {popupOpen ? <RsvpDialog event={event} onClose={closePopup} onDone={refreshSpots} /> : null}
    </div>
  )
}
