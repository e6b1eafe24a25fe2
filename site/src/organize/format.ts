// How the organizer pages say times and states.
import type { AttendeeStatus } from '../api/organize'

// The site's events are in St. Louis; organizers read times there, wherever their phone is set.
const TIME_ZONE = 'America/Chicago'

/** "Apr 20, 3:05 PM" in St. Louis time ("" for a missing or bad time). */
export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return ''
  return t.toLocaleString('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** "April 20, 2025" in St. Louis time. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return ''
  return t.toLocaleDateString('en-US', { timeZone: TIME_ZONE, month: 'long', day: 'numeric', year: 'numeric' })
}

/** An attendee's state in words. */
export function statusText(status: AttendeeStatus, position: number | null): string {
  switch (status) {
    case 'checked_in':
      return 'Checked in'
    case 'waitlisted':
      return position === null ? 'On the waitlist' : `Waitlist #${position}`
    case 'no_show':
      return 'No-show'
    default:
      return 'Confirmed'
  }
}
