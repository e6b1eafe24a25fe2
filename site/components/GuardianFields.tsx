// "Are you under 18?" beside the RSVP of an event that asks for a guardian's consent: the parent's or
// guardian's email, who gets a link to approve. Loaded on demand (most volunteers are adults).
import { useState } from 'react'
import { guardians } from '../src/events/guardians'

/** The guardian's email field of one slot's RSVP; saying "under 18" is opening it. */
export function GuardianFields({ slotId }: { slotId: string }) {
  guardians[slotId] ??= ''
  const [email, setEmail] = useState(guardians[slotId])
  return (
    <fieldset className="bring-guests">
      <legend>Under 18</legend>
      <label htmlFor={`guardian-${slotId}`}>Parent&apos;s or guardian&apos;s email</label>
      <input autoFocus id={`guardian-${slotId}`} type="email" maxLength={254} autoComplete="off" value={email}
        onChange={(e) => {
          guardians[slotId] = e.target.value
          setEmail(e.target.value)
        }} />
      <p className="muted">We email them a link to approve. Your spot is held until they do.</p>
    </fieldset>
  )
}
