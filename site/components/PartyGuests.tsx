// A roster entry's guests (issue 23): who the RSVP brings, by name or "Guest 2 of Alex Doe", and how many came.
import type { Attendee } from '../src/api/organize'

/** "With 2 guests: Sam Roe, Guest 2 of Alex Doe · 2 of 3 here"; nothing for a party of one. */
export function partyText(a: Pick<Attendee, 'partySize' | 'guests' | 'present'>): string | null {
  if (a.partySize <= 1) return null
  const guests = a.partySize - 1
  const here = a.present !== null ? ` · ${a.present} of ${a.partySize} here` : ''
  return `With ${guests} ${guests === 1 ? 'guest' : 'guests'}: ${a.guests.join(', ')}${here}`
}

export function PartyGuests({ attendee }: { attendee: Attendee }) {
  const text = partyText(attendee)
  return text ? <p className="attendee-party">{text}</p> : null
}
