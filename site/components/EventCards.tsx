// The event cards of the Event Feed and the pieces event pages reuse (header, slot list, past details).
import { useEffect, useState } from 'react'
import { RSVP_MSG, rsvpCount, spotsText, type RsvpStats } from '../src/api/rsvp'
import { getAuthClient } from '../src/auth/useAuth'
import type { EventItem, Slot } from '../src/content/types'
import { slotMessageId, type SlotState } from '../src/events/useSlotRsvp'
import { GALLERY_SIZES, Img } from './Img'
import { RichText } from './RichText'

/** Logo, title (linked to the event's page; none on that page, whose h1 is the title), host, time, place. */
export function EventHeader({ event, title = true }: { event: EventItem; title?: boolean }) {
  return (
    <div className="event-head">
      <Img image={event.host.logo} />
      <div>
        {title ? (
          <h3 id={`event-${event.slug}`}>
            <a href={event.path}>{event.title}</a>
          </h3>
        ) : null}
        <p>
          Hosted by <a href={event.host.link}>{event.host.name}</a>
        </p>
        <p>
          <span>{event.time_text}</span> · <span>{event.date_text}</span>
        </p>
        <p className="muted">{event.location}</p>
      </div>
    </div>
  )
}

/** "4 spots left" / "1 spot left" / "Full: join the waitlist" once loaded; nothing for an unlimited slot. */
export function SpotsLeft({ stats, id, block = false }: { stats: RsvpStats | undefined; id?: string; block?: boolean }) {
  const text = stats ? spotsText(stats) : null
  if (!text) return null
  return block ? <p className="spots" id={id}>{text}</p> : <span className="spots" id={id}>{text}</span>
}

const BUTTON_TEXT = {
  idle: 'RSVP', submitting: 'Submitting...', done: "RSVP'd!", full: RSVP_MSG.joinWaitlist, waitlisted: 'On the waitlist', error: 'RSVP',
} as const

/** A slot's state as shown: one known to be full (spots left 0) offers its waitlist before any RSVP attempt. */
export function shownState(state: SlotState | undefined, stats: RsvpStats | undefined): SlotState {
  const s = state ?? { status: 'idle' }
  const full = stats !== undefined && stats.remaining !== null && stats.remaining <= 0
  return s.status === 'idle' && full ? { status: 'full' } : s
}

/** The RSVP buttons of an event's open slots: RSVP (Join the waitlist when full), Submitting..., RSVP'd!,
 * On the waitlist; spots left; the waitlist place or the error, inside the slot. */
export function SlotList({ event, slots, status, spots, onRsvp }: {
  event: EventItem
  slots: Slot[]
  status: Record<string, SlotState>
  spots: Record<string, RsvpStats>
  onRsvp: (id: string, waitlist?: boolean) => void
}) {
  return (
    <ul className="slots" aria-label={`${event.title} time slots`}>
      {slots.map((slot) => {
        const s = shownState(status[slot.id], spots[slot.id])
        const waitlist = s.status === 'full'
        return (
          <li className="slot" key={slot.id} data-event-id={slot.id}>
            <span id={`slot-${slot.id}`}>{slot.time}</span>
            <SpotsLeft stats={spots[slot.id]} id={`spots-${slot.id}`} />
            <button
              type="button"
              className="btn"
              disabled={s.status !== 'idle' && s.status !== 'full' && s.status !== 'error'}
              aria-describedby={spots[slot.id] && spotsText(spots[slot.id]!) ? `slot-${slot.id} spots-${slot.id}` : `slot-${slot.id}`}
              onClick={() => onRsvp(slot.id, waitlist)}
            >
              {BUTTON_TEXT[s.status]}
            </button>
            {(s.status === 'full' || s.status === 'error') && s.message ? (
              <p className="error" role="alert" id={slotMessageId(slot.id)} tabIndex={-1}>{s.message}</p>
            ) : null}
            {(s.status === 'waitlisted' || s.status === 'done') && s.message ? (
              <p className="success" role="status" id={slotMessageId(slot.id)} tabIndex={-1}>{s.message}</p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

const MORE_DATES = 4

export function AccountEventCard({ more = [], ...props }: {
  event: EventItem
  slots: Slot[]
  status: Record<string, SlotState>
  spots: Record<string, RsvpStats>
  onRsvp: (id: string, waitlist?: boolean) => void
  more?: EventItem[]
}) {
  return (
    <article className="event-card" aria-labelledby={`event-${props.event.slug}`}>
      <EventHeader event={props.event} />
      <RichText html={props.event.description_html} />
      <SlotList {...props} />
      {more.length > 0 ? (
        <p className="more-dates">
          More dates:{' '}
          {more.slice(0, MORE_DATES).map((e, i) => (
            <span key={e.slug}>
              {i > 0 ? ', ' : null}
              <a href={e.path}>{e.date_text}</a>
            </span>
          ))}
          {more.length > MORE_DATES ? ` and ${more.length - MORE_DATES} more` : null}
        </p>
      ) : null}
    </article>
  )
}

export function GuestEventCard({ event, spots, onOpen }: { event: EventItem; spots: RsvpStats | undefined; onOpen: () => void }) {
  return (
    <article className="event-card" aria-labelledby={`event-${event.slug}`}>
      <EventHeader event={event} />
      <RichText html={event.description_html} />
      <SpotsLeft stats={spots} block />
      <button type="button" className="btn" aria-haspopup="dialog" onClick={onOpen}>
        RSVP
      </button>
    </article>
  )
}

/** Event finished, its RSVP count (Loading... until loaded), thank-you note and gallery. */
export function PastDetails({ event }: { event: EventItem }) {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    let cancelled = false
    const client = getAuthClient()
    rsvpCount(client.api, event.slug)
      .then((n) => !cancelled && setCount(n))
      .catch((err: unknown) => console.warn('Failed to fetch RSVP count', err))
    return () => {
      cancelled = true
    }
  }, [event.slug])
  return (
    <>
      <p>
        <strong>Event finished</strong>
      </p>
      <p>Total RSVPs: {count === null ? 'Loading...' : count}</p>
      {event.thank_you ? <p>{event.thank_you}</p> : null}
      {event.gallery.length > 0 ? (
        <div className="gallery">
          {event.gallery.map((photo) => (
            <Img key={photo.src} image={photo} lazy sizes={GALLERY_SIZES} />
          ))}
        </div>
      ) : null}
    </>
  )
}

export function PastEventCard({ event }: { event: EventItem }) {
  return (
    <article className="event-card" aria-labelledby={`past-${event.slug}`}>
      <h3 id={`past-${event.slug}`}>
        <a href={event.path}>{event.title}</a>
      </h3>
      <RichText html={event.description_html} />
      <p>
        <span>{event.date_text}</span>, <span>{event.time_text}</span>
      </p>
      <p className="muted">{event.location}</p>
      <PastDetails event={event} />
    </article>
  )
}
