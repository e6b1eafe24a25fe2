// "Are you under 18?" beside the RSVP of an event that asks for a guardian's consent: the parent's or
// guardian's email, who gets a link to approve. Loaded on demand (most volunteers are adults).
import { useState } from 'react'
import { guardians } from '../src/events/guardians'

/** The guardian's email field of one slot's RSVP; saying "under 18" is opening it. A guest is sent to an
 * account first: the service asks a guardian only for a volunteer whose own address is verified. */
export function GuardianFields({ slotId, asGuest }: { slotId: string; asGuest: boolean }) {
  if (asGuest) return <MinorsSignIn />
  return <Fields slotId={slotId} />
}

function MinorsSignIn() {
  return (
    <p className="muted">
      Volunteers under 18 RSVP from an account with a verified email address, so that the request to your parent
      or guardian comes from you. Please <a href="/login">log in</a> or <a href="/register">sign up</a> first.
    </p>
  )
}

function Fields({ slotId }: { slotId: string }) {
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
