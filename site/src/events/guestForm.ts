// What a guest's RSVP form checks before it is sent, and how many guests a guest may bring.
import type { GuestRsvp } from '../api/rsvp'

export const GUEST_MSG = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address, such as name@example.com.',
} as const

/** The first field that needs fixing and the sentence that says so, or null when the form can be sent. */
export function checkGuest(form: GuestRsvp): { field: keyof GuestRsvp; message: string } | null {
  if (!form.firstName.trim()) return { field: 'firstName', message: GUEST_MSG.firstName }
  if (!form.lastName.trim()) return { field: 'lastName', message: GUEST_MSG.lastName }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return { field: 'email', message: GUEST_MSG.email }
  return null
}

// The guests an RSVP without a verified account may bring (rsvp_service/rsvps/shares.py's GUEST_PARTY_LIMIT).
export const GUEST_PARTY_LIMIT = 2

/** "1 guest", "2 guests". */
export const guestsText = (n: number) => (n === 1 ? '1 guest' : `${n} guests`)

/** The guest form's fields: [field, label, autocomplete, input type, the service's length limit]. */
export const GUEST_FIELDS: [keyof GuestRsvp, string, string, string, number][] = [
  ['firstName', 'First Name', 'given-name', 'text', 100],
  ['lastName', 'Last Name', 'family-name', 'text', 100],
  ['email', 'Email Address', 'email', 'email', 254],
  ['phone', 'Phone Number', 'tel', 'tel', 40],
]
