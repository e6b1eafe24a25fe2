// A guest's RSVP inside a time slot: first and last name, email and an optional phone, checked here before
// they are sent. SlotList loads this module on a guest's first RSVP click, outside the page's first load.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { GuestRsvp } from '../src/api/rsvp'

type Field = keyof GuestRsvp

export const GUEST_MSG = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address, such as name@example.com.',
} as const

/** The first field that needs fixing and the sentence that says so, or null when the form can be sent. */
export function checkGuest(form: GuestRsvp): { field: Field; message: string } | null {
  if (!form.firstName.trim()) return { field: 'firstName', message: GUEST_MSG.firstName }
  if (!form.lastName.trim()) return { field: 'lastName', message: GUEST_MSG.lastName }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return { field: 'email', message: GUEST_MSG.email }
  return null
}

// [field, label, autocomplete, input type, the service's length limit]
const FIELDS: [Field, string, string, string, number][] = [
  ['firstName', 'First Name', 'given-name', 'text', 100],
  ['lastName', 'Last Name', 'family-name', 'text', 100],
  ['email', 'Email Address', 'email', 'email', 254],
  ['phone', 'Phone Number', 'tel', 'tel', 40],
]

// What the guest last sent: the next slot's form starts with it (one person RSVPing to two slots).
let last: GuestRsvp = { firstName: '', lastName: '', email: '', phone: '' }

/** The slot's guest form; `label`: its button ("Submit RSVP", "Join the waitlist"); `busy` while sending. */
export function GuestRsvpForm({ slotId, label, busy, onSubmit }: {
  slotId: string
  label: string
  busy: boolean
  onSubmit: (form: GuestRsvp) => void
}) {
  const [form, setForm] = useState(last)
  const [problem, setProblem] = useState<ReturnType<typeof checkGuest>>(null)
  const ref = useRef<HTMLFormElement>(null)
  const id = (field: string) => `guest-${field}-${slotId}`
  // The form replaces the RSVP button that had focus: focus moves into it.
  useEffect(() => ref.current?.querySelector('input')?.focus(), [])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = checkGuest(form)
    setProblem(found)
    if (found) return document.getElementById(id(found.field))?.focus()
    last = form
    onSubmit(form)
  }
  return (
    <form ref={ref} className="guest-form" onSubmit={submit} noValidate aria-label="RSVP as a guest">
      {FIELDS.map(([field, text, auto, type, max]) => (
        <div className="field" key={field}>
          <label htmlFor={id(field)}>{text}</label>
          <input
            id={id(field)}
            name={field}
            type={type}
            autoComplete={auto}
            maxLength={max}
            required={field !== 'phone'}
            placeholder={field === 'phone' ? 'Optional' : undefined}
            value={form[field]}
            disabled={busy}
            aria-invalid={problem?.field === field || undefined}
            aria-describedby={problem?.field === field ? id('problem') : undefined}
            onChange={(e) => {
              setForm({ ...form, [field]: e.target.value })
              setProblem(null)
            }}
          />
        </div>
      ))}
      {problem ? <p className="error" role="alert" id={id('problem')}>{problem.message}</p> : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Submitting...' : label}
      </button>
    </form>
  )
}
