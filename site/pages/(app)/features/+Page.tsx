import { useCallback, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { useData } from 'vike-react/useData'
import { Img } from '../../../components/Img'
import { RsvpDialog } from '../../../components/RsvpDialog'
import { RSVP_MSG, hasRsvped, rsvpAsUser, rsvpCount } from '../../../src/api/rsvp'
import { getAuthClient, useAuth } from '../../../src/auth/useAuth'
import type { EventItem, Slot } from '../../../src/content/types'
import { go } from '../../../src/lib/nav'
import { hasEnded, partitionEvents } from '../../../src/lib/rsvpId'
import type { Data } from './+data'

declare global {
  interface Window {
    openRSVPForm?: () => void
  }
}

type SlotStatus = 'idle' | 'submitting' | 'done'

export default function Page() {
  const { events, guestEvent, builtAt, meta } = useData<Data>()
  const auth = useAuth()
  // Upcoming vs past: decided with the build's clock in the HTML, then with the browser's.
  const [clientNow, setNow] = useState<number | null>(null)
  const now = clientNow ?? builtAt
  useEffect(() => {
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])

  const { upcoming, past } = partitionEvents(events, now)
  const openSlots = upcoming
    .filter((e) => e.rsvp === 'account')
    .flatMap((e) => e.slots.filter((s) => !hasEnded(s.end, now)))
  const openSlotKey = openSlots.map((s) => s.id).join(' ')

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

  const [status, setStatus] = useState<Record<string, SlotStatus>>({})
  const setSlot = (id: string, s: SlotStatus) => flushSync(() => setStatus((prev) => ({ ...prev, [id]: s })))

  // A signed-in visitor's slots that are already RSVP'd show RSVP'd!.
  const email = auth.user?.email
  useEffect(() => {
    if (!email || !openSlotKey) return
    let cancelled = false
    const client = getAuthClient()
    for (const id of openSlotKey.split(' ')) {
      hasRsvped(client, id, email)
        .then((yes) => {
          if (yes && !cancelled) setStatus((prev) => ({ ...prev, [id]: 'done' }))
        })
        .catch(() => undefined)
    }
    return () => {
      cancelled = true
    }
  }, [email, openSlotKey])

  const rsvp = useCallback(async (eventId: string) => {
    const client = getAuthClient()
    await client.init()
    const user = client.getState().user
    if (!user) {
      go(`/login?${new URLSearchParams({ from: 'rsvp', eventId })}`)
      return
    }
    setSlot(eventId, 'submitting')
    const outcome = await rsvpAsUser(client, eventId, user)
    if (outcome === 'created' || outcome === 'already') {
      setSlot(eventId, 'done')
      window.alert(outcome === 'created' ? RSVP_MSG.success : RSVP_MSG.already)
    } else {
      setSlot(eventId, 'idle')
      window.alert(RSVP_MSG.failed)
    }
  }, [])

  // Back from sign-in (password or Google): /features?showRSVP=true&eventId=... completes the RSVP,
  // once both the auth state and the browser's clock are known.
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    if (params.get('showRSVP') !== 'true') return
    setPending(params.get('eventId') || '')
    window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [])
  const signedIn = auth.user !== null
  useEffect(() => {
    if (pending === null || auth.loading || clientNow === null) return
    setPending(null)
    if (pending && signedIn && openSlotKey.split(' ').includes(pending)) void rsvp(pending)
  }, [pending, auth.loading, signedIn, clientNow, openSlotKey, rsvp])

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <section className="section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Upcoming Events</h2>
        {upcoming.length === 0 ? <p>No upcoming events right now. Check back soon!</p> : null}
        {upcoming.map((event) =>
          event.rsvp === 'account' ? (
            <AccountEventCard
              key={event.slug}
              event={event}
              slots={event.slots.filter((s) => !hasEnded(s.end, now))}
              status={status}
              onRsvp={rsvp}
            />
          ) : (
            <GuestEventCard key={event.slug} event={event} onOpen={openPopup} />
          ),
        )}
      </section>
      <section className="section" aria-labelledby="past-title">
        <h2 id="past-title">Past Events</h2>
        {past.length === 0 ? <p>No past events yet.</p> : null}
        {past.map((event) => (
          <PastEventCard key={event.slug} event={event} />
        ))}
      </section>
      {popupOpen && guest ? <RsvpDialog event={guest} onClose={closePopup} /> : null}
    </div>
  )
}

function EventHeader({ event }: { event: EventItem }) {
  return (
    <div className="event-head">
      <Img image={event.host.logo} />
      <div>
        <h3 id={`event-${event.slug}`}>{event.title}</h3>
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

function AccountEventCard({ event, slots, status, onRsvp }: {
  event: EventItem
  slots: Slot[]
  status: Record<string, SlotStatus>
  onRsvp: (id: string) => void
}) {
  return (
    <article className="event-card" aria-labelledby={`event-${event.slug}`}>
      <EventHeader event={event} />
      <p>{event.description}</p>
      <ul className="slots" aria-label={`${event.title} time slots`}>
        {slots.map((slot) => {
          const s = status[slot.id] ?? 'idle'
          return (
            <li className="slot" key={slot.id} data-event-id={slot.id}>
              <span id={`slot-${slot.id}`}>{slot.time}</span>
              <button
                type="button"
                className="btn"
                disabled={s !== 'idle'}
                aria-describedby={`slot-${slot.id}`}
                onClick={() => onRsvp(slot.id)}
              >
                {s === 'submitting' ? 'Submitting...' : s === 'done' ? "RSVP'd!" : 'RSVP'}
              </button>
            </li>
          )
        })}
      </ul>
    </article>
  )
}

function GuestEventCard({ event, onOpen }: { event: EventItem; onOpen: () => void }) {
  return (
    <article className="event-card" aria-labelledby={`event-${event.slug}`}>
      <EventHeader event={event} />
      <p>{event.description}</p>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={onOpen}>
        RSVP
      </button>
    </article>
  )
}

function PastEventCard({ event }: { event: EventItem }) {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    let cancelled = false
    const client = getAuthClient()
    rsvpCount((p) => client.url(p), event.slug)
      .then((n) => !cancelled && setCount(n))
      .catch((err: unknown) => console.warn('Failed to fetch RSVP count', err))
    return () => {
      cancelled = true
    }
  }, [event.slug])
  return (
    <article className="event-card" aria-labelledby={`past-${event.slug}`}>
      <h3 id={`past-${event.slug}`}>{event.title}</h3>
      <p>{event.description}</p>
      <p>
        <span>{event.date_text}</span>, <span>{event.time_text}</span>
      </p>
      <p className="muted">{event.location}</p>
      <p>
        <strong>Event finished</strong>
      </p>
      <p>Total RSVPs: {count === null ? 'Loading...' : count}</p>
      {event.thank_you ? <p>{event.thank_you}</p> : null}
      {event.gallery.length > 0 ? (
        <div className="gallery">
          {event.gallery.map((photo) => (
            <Img key={photo.src} image={photo} lazy />
          ))}
        </div>
      ) : null}
    </article>
  )
}
