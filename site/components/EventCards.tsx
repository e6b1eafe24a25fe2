// The pieces of event cards that the Event Feed (FeedCards.tsx) and event pages share: header, slot list,
// spots left, past details.
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import { RSVP_MSG, rsvpStats, spotsText, type GuestRsvp, type RsvpStats } from '../src/api/rsvp'
import { getAuthClient, useAuth } from '../src/auth/useAuth'
import type { EventItem, Slot } from '../src/content/types'
import { slotMessageId, type SlotState } from '../src/events/useSlotRsvp'
import { DateBadge } from './DateBadge'
import { GALLERY_SIZES, Img } from './Img'

/** Date badge, host logo, title (linked to the event's page; none on that page, whose h1 is the title), host,
 * time, place. */
export function EventHeader({ event, title = true }: { event: EventItem; title?: boolean }) {
  return (
    <div className="event-head">
      <DateBadge dateText={event.date_text} />
      <Img image={event.host.logo} />
      <div>
        {title ? (
          <h3 id={`event-${event.slug}`}>
            <a href={event.path}>{event.title}</a>
          </h3>
        ) : null}
        <p>
          Hosted by <a href={event.host.link}>{event.host.name}</a> ·{' '}
          {/* A slug needs no escaping ([A-Za-z0-9-]); no helper import keeps the event pages' budget. */}
          <a href={`/follows?organization=${event.host.slug}`} aria-label={`Follow ${event.host.name}`}>
            Follow
          </a>
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

// What most RSVPs never need loads when first asked for, outside the page's first load (which keeps event
// pages within their script budget): a signed-out guest's form, a party's names, a minor's guardian.
const GuestForm = lazy(() => import('./GuestRsvpForm').then((m) => ({ default: m.GuestRsvpForm })))
const BringGuests = lazy(() => import('./BringGuests').then((m) => ({ default: m.BringGuests })))
const Guardian = lazy(() => import('./GuardianFields').then((m) => ({ default: m.GuardianFields })))

/** A link-style button that, once pressed, gives way for good to what it reveals. */
function Reveal({ label, children }: { label: string; children: ReactNode }) {
  const [shown, setShown] = useState(false)
  return shown ? (
    <Suspense fallback={null}>{children}</Suspense>
  ) : (
    <button type="button" className="link-button" aria-expanded="false" onClick={() => setShown(true)}>
      {label}
    </button>
  )
}

/** The RSVP buttons of an event's open slots: RSVP (Join the waitlist when full), Submitting..., RSVP'd!,
 * On the waitlist; spots left; the waitlist place or the error, inside the slot. Signed out, a guest event's
 * RSVP opens the slot's guest form in its place. */
export function SlotList({ event, slots, status, spots, onRsvp }: {
  event: EventItem
  slots: Slot[]
  status: Record<string, SlotState>
  spots: Record<string, RsvpStats>
  // `guests`: the names of a party's other members; `guest`: a signed-out guest's own name and email.
  onRsvp: (id: string, waitlist?: boolean, guests?: readonly string[], guest?: GuestRsvp) => void
}) {
  const [guests, setGuests] = useState<Record<string, string[]>>({})
  const user = useAuth().user
  const asGuest = event.rsvp === 'guest' && user === null
  const [open, setOpen] = useState<string | null>(null)
  return (
    <ul className="slots" aria-label={`${event.title} time slots`}>
      {slots.map((slot) => {
        const s = shownState(status[slot.id], spots[slot.id])
        // A refused try at a full slot's waitlist is retried as a waitlist join.
        const waitlist = s.status === 'full' || (s.status === 'error' && shownState(undefined, spots[slot.id]).status === 'full')
        const retry = s.status === 'idle' || waitlist || s.status === 'error'
        // What the RSVP sends stays on screen while it is sent (and for another try after an error).
        const filling = retry || s.status === 'submitting'
        return (
          <li className="slot" key={slot.id} data-event-id={slot.id}>
            <span id={`slot-${slot.id}`}>{slot.time}</span>
            <SpotsLeft stats={spots[slot.id]} id={`spots-${slot.id}`} />
            {/* The slot's questions come before the button that sends their answers (a guest's form too). */}
            {filling && (slot.max_guests_per_rsvp ?? 0) > 0 ? (
              <Reveal label="Bringing others?">
                <BringGuests slotId={slot.id} max={slot.max_guests_per_rsvp ?? 0} asGuest={asGuest} names={guests[slot.id] ?? []}
                  onChange={(names) => setGuests((prev) => ({ ...prev, [slot.id]: names }))} />
              </Reveal>
            ) : null}
            {filling && event.before_you_go?.guardian_consent ? (
              <Reveal label="Are you under 18?">
                <Guardian slotId={slot.id} asGuest={asGuest} />
              </Reveal>
            ) : null}
            {asGuest && open === slot.id && filling ? (
              <Suspense fallback={null}>
                <GuestForm
                  slotId={slot.id}
                  label={waitlist ? RSVP_MSG.joinWaitlist : 'Submit RSVP'}
                  busy={s.status === 'submitting'}
                  onSubmit={(guest) => onRsvp(slot.id, waitlist, guests[slot.id], guest)}
                />
              </Suspense>
            ) : (
              <button
                type="button"
                className="btn"
                disabled={!retry}
                aria-describedby={spots[slot.id] && spotsText(spots[slot.id]!) ? `slot-${slot.id} spots-${slot.id}` : `slot-${slot.id}`}
                onClick={() => (asGuest ? setOpen(slot.id) : onRsvp(slot.id, waitlist, guests[slot.id]))}
              >
                {waitlist ? RSVP_MSG.joinWaitlist : BUTTON_TEXT[s.status]}
              </button>
            )}
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

/** Event finished, thank-you note and gallery; with `total`, the RSVP count (Loading... until loaded): the feed's
 * past card, as the spec has it. An event's own page shows none, the count of who came being unknown there. */
export function PastDetails({ event, total = true }: { event: EventItem; total?: boolean }) {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    if (!total) return
    let cancelled = false
    const client = getAuthClient()
    void rsvpStats(client.api, event.slug).then((r) => {
      if (!r.ok) console.warn('Failed to fetch RSVP count', r.message)
      else if (!cancelled) setCount(r.data.count)
    })
    return () => {
      cancelled = true
    }
  }, [event.slug, total])
  return (
    <>
      <p>
        <strong>Event finished</strong>
      </p>
      {total ? <p>Total RSVPs: {count === null ? 'Loading...' : count}</p> : null}
      {event.thank_you ? <p>{event.thank_you}</p> : null}
      <Gallery photos={event.gallery} />
    </>
  )
}

/** An event's photos, each loaded lazily; nothing when it has none. */
export function Gallery({ photos }: { photos: EventItem['gallery'] }) {
  if (photos.length === 0) return null
  return (
    <div className="gallery">
      {photos.map((photo) => (
        <Img key={photo.src} image={photo} lazy sizes={GALLERY_SIZES} />
      ))}
    </div>
  )
}
