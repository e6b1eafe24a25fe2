// The check-in view's calls (/organize/checkin, issue 14): check in, undo, walk-ins, and the code and name
// matching of the view. Apart from ./organize so that /organize's first load does not carry them.
import type { AuthClient } from '../auth/client'
import { attempt, type Body } from './client'
import { slot, type Attendee } from './organize'
import { fallback } from './roles'

type CheckinBody = Body<'/api/organize/slots/{slot_id}/checkins', 'post'>
/** Who a check-in is for: an attendee of the roster, or the code from their email (one of the body's two). */
export type CheckinTarget = { attendee: NonNullable<CheckinBody['attendee']> } | { code: NonNullable<CheckinBody['code']> }

/** POST .../checkins (idempotent: checking in twice gives the same attendee). */
export const checkIn = (client: AuthClient, slotId: string, target: CheckinTarget) =>
  attempt(() => client.api.POST('/api/organize/slots/{slot_id}/checkins', { ...slot(slotId), body: target }), fallback)

/** POST .../checkins/undo. */
export const undoCheckIn = (client: AuthClient, slotId: string, attendee: number) =>
  attempt(() => client.api.POST('/api/organize/slots/{slot_id}/checkins/undo', { ...slot(slotId), body: { attendee } }), fallback)

export type WalkIn = Body<'/api/organize/slots/{slot_id}/walkins', 'post'>

/** POST .../walkins: checked in at once; the same clientId returns the same walk-in. An empty email is left out. */
export function addWalkIn(client: AuthClient, slotId: string, walkIn: WalkIn) {
  const body: WalkIn = { name: walkIn.name, clientId: walkIn.clientId }
  if (walkIn.email) body.email = walkIn.email
  return attempt(() => client.api.POST('/api/organize/slots/{slot_id}/walkins', { ...slot(slotId), body }), fallback)
}

/** The check-in code as the service prints it (ABCD-2345): upper case, Crockford's look-alikes mapped, one hyphen. */
export function normalizeCode(raw: string): string | null {
  const chars = raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(chars)) return null
  return `${chars.slice(0, 4)}-${chars.slice(4)}`
}

/** The roster in the service's order, filtered by name or email (case-insensitive substring). */
export function searchAttendees<A extends Pick<Attendee, 'name' | 'email'>>(attendees: readonly A[], query: string): A[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...attendees]
  return attendees.filter((a) => a.name.toLowerCase().includes(q) || (a.email ?? '').toLowerCase().includes(q))
}
