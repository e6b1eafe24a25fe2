// The RSVP of an event's time slots as HTML that works alone: each slot is a form. A guest event's posts
// to /rsvp with the guest's name and address (and the party's guests); an account event's goes to /login,
// whose sign-in makes the RSVP. src/light/slots.ts enhances them in place (the spec's states, inline).
import type { EventItem, Slot } from '../src/content/types'
import { GUEST_FIELDS, GUEST_PARTY_LIMIT, guestsText } from '../src/events/guestForm'

/** The slots of an event, each with its form; a slot ended at `now` (the build's clock) is hidden until
 * the browser's clock decides again. */
export function SlotItems({ event, now }: { event: EventItem; now: number }) {
  return (
    <ul className="slots" aria-label={`${event.title} time slots`}>
      {event.slots.map((slot) => (
        <li className="slot" key={slot.id} data-event-id={slot.id} data-end={slot.end} data-capacity={slot.capacity ?? undefined}
          hidden={Date.parse(slot.end) <= now || undefined}>
          <span id={`slot-${slot.id}`}>{slot.time}</span>
          {event.rsvp === 'guest' ? <GuestSlotForm event={event} slot={slot} /> : <AccountSlotForm event={event} slot={slot} />}
        </li>
      ))}
    </ul>
  )
}

/** A guest event's slot: the guest's fields, "Bringing others?" and "Are you under 18?" as disclosures. */
function GuestSlotForm({ event, slot }: { event: EventItem; slot: Slot }) {
  const id = (field: string) => `guest-${field}-${slot.id}`
  return (
    <form className="slot-form" method="post" action="/rsvp" data-rsvp="guest">
      <input type="hidden" name="eventId" value={slot.id} />
      {(slot.max_guests_per_rsvp ?? 0) > 0 ? (
        <details data-part="guests">
          <summary>Bringing others?</summary>
          <GuestsFieldset slot={slot} />
        </details>
      ) : null}
      {event.before_you_go?.guardian_consent ? (
        <details data-part="minors">
          <summary>Are you under 18?</summary>
          <MinorsSignIn />
        </details>
      ) : null}
      {event.before_you_go?.guardian_consent ? <template data-part="guardian"><GuardianFieldset slot={slot} /></template> : null}
      <div className="guest-form" data-part="guest">
        {GUEST_FIELDS.map(([field, text, auto, type, max]) => (
          <div className="field" key={field}>
            <label htmlFor={id(field)}>{text}</label>
            <input id={id(field)} name={field} type={type} autoComplete={auto} maxLength={max} required={field !== 'phone'}
              placeholder={field === 'phone' ? 'Optional' : undefined} />
          </div>
        ))}
      </div>
      <button type="submit" className="btn" aria-describedby={`slot-${slot.id}`}>RSVP</button>
    </form>
  )
}

/** An account event's slot: RSVP is signing in first (the service's POST /login with this query makes the
 * RSVP). The party's and the minor's fields are templates: only the enhanced page, signed in, sends them. */
function AccountSlotForm({ event, slot }: { event: EventItem; slot: Slot }) {
  return (
    <form className="slot-form" method="get" action="/login" data-rsvp="account">
      <input type="hidden" name="from" value="rsvp" />
      <input type="hidden" name="eventId" value={slot.id} />
      {(slot.max_guests_per_rsvp ?? 0) > 0 ? <template data-part="guests"><GuestsFieldset slot={slot} /></template> : null}
      {event.before_you_go?.guardian_consent ? <template data-part="guardian"><GuardianFieldset slot={slot} /></template> : null}
      <button type="submit" className="btn" aria-describedby={`slot-${slot.id}`}>RSVP</button>
    </form>
  )
}

/** How many guests the RSVP brings and their names (optional). Without JavaScript the poster is a guest:
 * up to the guests' limit; signed in, the page raises it to the event's `max_guests_per_rsvp`. */
function GuestsFieldset({ slot }: { slot: Slot }) {
  const max = slot.max_guests_per_rsvp ?? 0
  const most = Math.min(max, GUEST_PARTY_LIMIT)
  const why = `guests-why-${slot.id}`
  return (
    <fieldset className="bring-guests" data-max={max}>
      <legend>Bringing others?</legend>
      <label htmlFor={`guests-${slot.id}`}>Guests (up to {most})</label>
      <input id={`guests-${slot.id}`} name="guestCount" type="number" inputMode="numeric" min={0} max={most} defaultValue={0}
        aria-describedby={most < max ? why : undefined} />
      {most < max ? (
        <p className="muted" id={why}>
          Without signing in you can bring up to {guestsText(most)}. Log in with a verified account to bring up to {guestsText(max)}.
        </p>
      ) : null}
      {Array.from({ length: max }, (_, i) => (
        <label key={i} data-guest={i} hidden={i >= most || undefined}>
          Guest {i + 1}&apos;s name (optional)
          {/* Beyond a guest's limit: not sent (the page enables it for a signed-in person). */}
          <input type="text" name="guestName" maxLength={100} autoComplete="off" disabled={i >= most || undefined} />
        </label>
      ))}
    </fieldset>
  )
}

/** A guest under 18 is sent to an account first: the service asks a guardian only for a volunteer whose
 * own address is verified. */
function MinorsSignIn() {
  return (
    <p className="muted">
      Volunteers under 18 RSVP from an account with a verified email address, so that the request to your parent
      or guardian comes from you. Please <a href="/login">log in</a> or <a href="/register">sign up</a> first.
    </p>
  )
}

/** A signed-in minor's guardian: opening it says "under 18"; the guardian gets a link to approve. */
function GuardianFieldset({ slot }: { slot: Slot }) {
  return (
    <fieldset className="bring-guests">
      <legend>Under 18</legend>
      <input type="hidden" name="under18" value="true" />
      <label htmlFor={`guardian-${slot.id}`}>Parent&apos;s or guardian&apos;s email</label>
      <input id={`guardian-${slot.id}`} name="guardianEmail" type="email" maxLength={254} autoComplete="off" />
      <p className="muted">We email them a link to approve. Your spot is held until they do.</p>
    </fieldset>
  )
}

/** The guest event's RSVP (site.yaml's guest_rsvp_event, one slot): a disclosure with its form, which the
 * enhanced page opens as the popup dialog (window.openRSVPForm). */
export function PopupRsvp({ event }: { event: EventItem }) {
  const slot = event.slots[0]
  return (
    <details className="popup-rsvp" data-popup={slot?.id ?? event.slug}>
      <summary className="btn">RSVP</summary>
      <div data-part="dialog">
        <h2 id="rsvp-dialog-title">RSVP for {event.title}</h2>
        <p id="rsvp-dialog-subtitle" className="muted">
          {event.date_text}, {event.time_text} · {event.location}
        </p>
        <form method="post" action="/rsvp">
          {slot ? <input type="hidden" name="eventId" value={slot.id} /> : null}
          {GUEST_FIELDS.map(([field, text, auto, type, max]) => (
            <div className="field" key={field}>
              <label htmlFor={`rsvp-${field}`}>{text}</label>
              <input id={`rsvp-${field}`} name={field} type={type} autoComplete={auto} maxLength={max} required={field !== 'phone'}
                placeholder={field === 'phone' ? 'Optional' : undefined} />
            </div>
          ))}
          <button type="submit" className="btn">Submit RSVP</button>
        </form>
      </div>
    </details>
  )
}
