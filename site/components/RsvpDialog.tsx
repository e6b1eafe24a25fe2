import { useEffect, useRef, useState, type FormEvent } from 'react'
import { RSVP_MSG, rsvpAsGuest, type GuestRsvp } from '../src/api/rsvp'
import { getAuthClient } from '../src/auth/useAuth'
import type { EventItem } from '../src/content/types'

const EMPTY: GuestRsvp = { firstName: '', lastName: '', email: '', phone: '' }
const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

/** The popup overlay with the guest RSVP form. Closes on its close control, a click outside, or Escape. */
/** `onDone`: called with the event's (one) slot id after each answer (to refresh its spots left). */
export function RsvpDialog({ event, onClose, onDone }: { event: EventItem; onClose: () => void; onDone?: (slotId: string) => void }) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const [form, setForm] = useState<GuestRsvp>(EMPTY)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The slot is full: the waitlist offer (its text); then the waitlist place (its text).
  const [full, setFull] = useState<string | null>(null)
  const [waitlisted, setWaitlisted] = useState<string | null>(null)
  // The waitlist place replaces the form (and the button that had focus): focus moves to it.
  const placeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (waitlisted) placeRef.current?.focus()
  }, [waitlisted])

  // Focus moves in on open, is trapped inside, and returns to where it was on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    dialogRef.current?.querySelector<HTMLElement>('input')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        onClose()
        return
      }
      if (e.key !== 'Tab' || !dialogRef.current) return
      const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      if (e.shiftKey && (document.activeElement === first || !dialogRef.current.contains(document.activeElement))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (document.activeElement === last || !dialogRef.current.contains(document.activeElement))) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [onClose])

  const update = (field: keyof GuestRsvp) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }))
    setError(null)
    setFull(null)
  }

  const send = async (waitlist: boolean) => {
    setSubmitting(true)
    setError(null)
    const client = getAuthClient()
    const result = await rsvpAsGuest(client.api, form, waitlist)
    setSubmitting(false)
    // The slot's counts change with a place or a full slot's refusal.
    if (result.ok || result.full || result.position !== undefined) onDone?.(event.slots[0]?.id ?? event.slug)
    if (!result.ok && result.full) {
      setFull(result.message)
    } else if (!result.ok && result.position !== undefined) {
      setFull(null)
      setWaitlisted(result.message)
    } else if (!result.ok) {
      setError(result.message)
    } else if (result.data.status === 'waitlisted') {
      setFull(null)
      setWaitlisted(result.data.message)
    } else {
      window.alert(RSVP_MSG.popupSuccess(form.firstName.trim(), form.email.trim()))
      setForm(EMPTY)
      onClose()
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(false)
  }

  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="rsvp-dialog-title"
        aria-describedby="rsvp-dialog-subtitle"
        ref={dialogRef}
      >
        <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id="rsvp-dialog-title">RSVP for {event.title}</h2>
        <p id="rsvp-dialog-subtitle" className="muted">
          {event.date_text}, {event.time_text} · {event.location}
        </p>
        {waitlisted ? (
          <>
            <p className="success" role="status" tabIndex={-1} ref={placeRef}>{waitlisted}</p>
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </>
        ) : (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="rsvp-first">First Name</label>
            <input id="rsvp-first" name="firstName" required autoComplete="given-name" value={form.firstName} onChange={update('firstName')} />
          </div>
          <div className="field">
            <label htmlFor="rsvp-last">Last Name</label>
            <input id="rsvp-last" name="lastName" required autoComplete="family-name" value={form.lastName} onChange={update('lastName')} />
          </div>
          <div className="field">
            <label htmlFor="rsvp-email">Email Address</label>
            <input id="rsvp-email" name="email" type="email" required autoComplete="email" value={form.email} onChange={update('email')} />
          </div>
          <div className="field">
            <label htmlFor="rsvp-phone">Phone Number</label>
            <input id="rsvp-phone" name="phone" type="tel" placeholder="Optional" autoComplete="tel" value={form.phone} onChange={update('phone')} />
          </div>
          {error ? <p className="error" role="alert">{error}</p> : null}
          {full ? (
            <div className="waitlist-offer" role="alert">
              <p>{full}</p>
              <button type="button" className="btn" disabled={submitting} onClick={() => void send(true)}>
                {submitting ? 'Submitting...' : RSVP_MSG.joinWaitlist}
              </button>
            </div>
          ) : (
            <button type="submit" className="btn" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit RSVP'}
            </button>
          )}
        </form>
        )}
      </div>
    </div>
  )
}
