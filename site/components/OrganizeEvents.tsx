// /organize: the organizer's events (upcoming soonest first, then past), each slot with its counts, a
// Roster button (?slot=<id> keeps the open roster in the address) and a link to its check-in view. A
// series is one card: its next few dates, the rest (and past dates) behind a disclosure button.
import { useCallback, useEffect, useState } from 'react'
import { capacityText, organizeEvents, type OrganizeEvent, type SlotCounts } from '../src/api/organize'
import { getAuthClient } from '../src/auth/useAuth'
import { queryParam } from '../src/lib/query'
import { SHOWN_DATES, eventCards, type EventCard } from '../src/organize/series'
import { SlotRoster } from './LazyPanels'

export const checkinHref = (slotId: string) => `/organize/checkin?${new URLSearchParams({ slot: slotId })}`

export function OrganizeEvents() {
  const [events, setEvents] = useState<OrganizeEvent[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const load = useCallback(() => {
    void organizeEvents(getAuthClient()).then((r) => {
      if (r.ok) {
        setEvents(r.data)
        setError(null)
      } else setError(r.message)
    })
  }, [])
  useEffect(() => {
    setOpen(queryParam('slot'))
    load()
  }, [load])

  const toggle = (slotId: string) => {
    const next = open === slotId ? null : slotId
    setOpen(next)
    const url = new URL(window.location.href)
    if (next) url.searchParams.set('slot', next)
    else url.searchParams.delete('slot')
    window.history.replaceState(window.history.state, '', url.pathname + url.search)
  }

  if (error) return <p className="error" role="alert">{error}</p>
  if (!events) return <p role="status">Loading your events...</p>
  if (events.length === 0) {
    return <p>Your organizations have no events yet. Events come from the site's content: ask the editors to add yours.</p>
  }
  const upcoming = events.filter((e) => !e.past)
  const past = events.filter((e) => e.past)
  return (
    <>
      <section className="section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Upcoming events</h2>
        {upcoming.length ? <Cards cards={eventCards(upcoming, SHOWN_DATES)} open={open} onToggle={toggle} onChanged={load} /> : <p>No upcoming events.</p>}
      </section>
      {past.length ? (
        <section className="section" aria-labelledby="past-title">
          <h2 id="past-title">Past events</h2>
          <Cards cards={eventCards(past, 0)} past open={open} onToggle={toggle} onChanged={load} />
        </section>
      ) : null}
    </>
  )
}

type SlotProps = { open: string | null; onToggle: (slotId: string) => void; onChanged: () => void }

function Cards({ cards, past = false, ...props }: SlotProps & { cards: EventCard[]; past?: boolean }) {
  return cards.map((card) =>
    card.kind === 'event' ? (
      <EventBlock key={card.event.slug} event={card.event} {...props} />
    ) : (
      <SeriesBlock key={`${card.series}-${past ? 'past' : 'upcoming'}`} card={card} past={past} {...props} />
    ),
  )
}

function SeriesBlock({ card, past, open, onToggle, onChanged }: SlotProps & { card: Extract<EventCard, { kind: 'series' }>; past: boolean }) {
  const first = card.first
  const id = `series-${card.series}-${past ? 'past' : 'upcoming'}`
  // A roster opened by the address (?slot=) stays in view even when its date is one of the rest.
  const [expanded, setExpanded] = useState(() => card.rest.some((e) => e.slots.some((s) => s.id === open)))
  const dates = (events: OrganizeEvent[]) =>
    events.map((e) => (
      <div key={e.slug} className="organize-date" aria-labelledby={`ev-${e.slug}`} role="group">
        <h4 id={`ev-${e.slug}`}>
          <a href={e.path}>{e.date_text}</a>
        </h4>
        <ul className="organize-slots">
          {e.slots.map((slot) => (
            <SlotItem key={slot.id} event={e} slot={slot} open={open === slot.id} onToggle={() => onToggle(slot.id)} onChanged={onChanged} />
          ))}
        </ul>
      </div>
    ))
  return (
    <article className="card organize-event organize-series" aria-labelledby={id}>
      <h3 id={id}>{first.title}</h3>
      <p className="muted">
        {first.organization.name} · {followersText(first.followers)} · {card.dates.length === 1 ? '1 date' : `${card.dates.length} dates`}
      </p>
      {dates(card.shown)}
      {card.rest.length ? (
        <>
          <button type="button" className="btn btn-secondary" aria-expanded={expanded} aria-controls={`${id}-rest`} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Fewer dates' : `${past ? 'Past dates' : 'All dates'} (${card.dates.length})`}
          </button>
          <div id={`${id}-rest`}>{expanded ? dates(card.rest) : null}</div>
        </>
      ) : null}
    </article>
  )
}

/** How many follow the hosting organization: a number only. */
function followersText(count: number): string {
  return count === 1 ? '1 follower' : `${count} followers`
}

function EventBlock({ event, open, onToggle, onChanged }: {
  event: OrganizeEvent
  open: string | null
  onToggle: (slotId: string) => void
  onChanged: () => void
}) {
  return (
    <article className="card organize-event" aria-labelledby={`ev-${event.slug}`}>
      <h3 id={`ev-${event.slug}`}>
        <a href={event.path}>{event.title}</a>
      </h3>
      <p className="muted">
        {event.organization.name} · {followersText(event.followers)} · {event.date_text}
      </p>
      <ul className="organize-slots">
        {event.slots.map((slot) => (
          <SlotItem key={slot.id} event={event} slot={slot} open={open === slot.id} onToggle={() => onToggle(slot.id)} onChanged={onChanged} />
        ))}
      </ul>
    </article>
  )
}

function SlotItem({ event, slot, open, onToggle, onChanged }: {
  event: OrganizeEvent
  slot: SlotCounts
  open: boolean
  onToggle: () => void
  onChanged: () => void
}) {
  const label = `${event.title}, ${event.date_text}, ${slot.time}`
  const rosterId = `roster-${slot.id}`
  return (
    <li className="organize-slot" data-slot-id={slot.id}>
      <p className="organize-slot-time">
        <strong>{slot.time}</strong>
      </p>
      <ul className="counts" aria-label={`Counts for ${label}`}>
        <li>
          <span className="count-label">RSVPs</span> <span className="count">{capacityText(slot)}</span>
        </li>
        <li>
          <span className="count-label">Waitlist</span> <span className="count">{slot.waitlist}</span>
        </li>
        <li>
          <span className="count-label">Checked in</span> <span className="count">{slot.checkedIn}</span>
        </li>
      </ul>
      <div className="organize-actions">
        <button type="button" className="btn btn-secondary" aria-expanded={open} aria-controls={rosterId} aria-label={`Roster of ${label}`} onClick={onToggle}>
          {open ? 'Hide roster' : 'Roster'}
        </button>
        <a className="btn" href={checkinHref(slot.id)} aria-label={`Check-in for ${label}`}>
          Check-in
        </a>
      </div>
      {slot.checkinOpen ? <p className="success">Check-in is open now.</p> : null}
      <div id={rosterId}>{open ? <SlotRoster slotId={slot.id} label={label} onChanged={onChanged} /> : null}</div>
    </li>
  )
}
