// The organizer calls (issue 14, ORGANIZE_API.md): the types of the service's answers, events with counts and a
// slot's roster; the roster's tools are in ./roster, the check-in view's calls in ./checkin, the roles in ./roles,
// the admin's grants in ./grants (each loaded by the pages that use it). Every call answers an ApiResult: the data,
// or the service's sentence with the HTTP status (0: the service could not be reached), so the check-in
// queue can tell a tap to retry from one to give up on.
import type { AuthClient } from '../auth/client'
import { attempt, type ApiResult, type Ok } from './client'
import { fallback } from './roles'

export type { ApiResult }
export type OrganizeEvent = Ok<'/api/organize/events', 'get'>['events'][number]
export type SlotCounts = OrganizeEvent['slots'][number]
export type Roster = Ok<'/api/organize/slots/{slot_id}', 'get'>
export type SlotDetail = Roster['slot']
export type Attendee = Roster['attendees'][number]
/** Where replies to a message about the slot may go: the organizer's address, the organization's (or null). */
export type ReplyChoices = Roster['replies']
export type AttendeeStatus = Attendee['status']
/** The path parameters of a slot's calls. */
export const slot = (slotId: string) => ({ params: { path: { slot_id: slotId } } })

/** GET /organize/events: upcoming soonest first, then past newest first (the service's order). */
export async function organizeEvents(client: AuthClient): Promise<ApiResult<OrganizeEvent[]>> {
  const r = await attempt(() => client.api.GET('/api/organize/events'), fallback)
  return r.ok ? { ...r, data: r.data.events ?? [] } : r
}

/** GET /organize/slots/<id>: the slot with its counts and its attendees (cancelled ones are not listed). */
export const slotRoster = (client: AuthClient, slotId: string) =>
  attempt(() => client.api.GET('/api/organize/slots/{slot_id}', slot(slotId)), fallback)

/** "9 of 14 checked in" style counts of one slot. */
export function capacityText(slot: Pick<SlotCounts, 'capacity' | 'confirmed'>): string {
  return slot.capacity === null ? `${slot.confirmed} RSVPs (no limit)` : `${slot.confirmed} of ${slot.capacity} spots taken`
}
