// The organizer calls (issue 14, ORGANIZE_API.md): events with counts, a slot's roster, its CSV,
// messages, check-in, walk-ins, hours, and the admin's grants. Every call answers an ApiResult: the data,
// or the service's sentence with the HTTP status (0: the service could not be reached), so the check-in
// queue can tell a tap to retry from one to give up on.
import type { AuthClient } from '../auth/client'
import { attachmentName, attempt, type ApiResult, type Body, type Ok } from './client'
import { ORGANIZE_MSG, fallback } from './roles'

export type { ApiResult }
// The roles call and the organizer calls' sentences live in ./roles (every page's nav and the dashboard read the
// roles; the rest of these calls only the organizer pages): re-exported for the organizer pages.
export { ORGANIZE_MSG, fallback, isOrganizer, myRoles, type Organization, type Roles } from './roles'
export type OrganizeEvent = Ok<'/api/organize/events', 'get'>['events'][number]
export type SlotCounts = OrganizeEvent['slots'][number]
export type Roster = Ok<'/api/organize/slots/{slot_id}', 'get'>
export type SlotDetail = Roster['slot']
export type Attendee = Roster['attendees'][number]
/** Where replies to a message about the slot may go: the organizer's address, the organization's (or null). */
export type ReplyChoices = Roster['replies']
export type AttendeeStatus = Attendee['status']
/** What an organizer writes; `preview` is added by the call. */
export type Message = Omit<Body<'/api/organize/slots/{slot_id}/messages', 'post'>, 'preview'>
type MessageAnswer = Ok<'/api/organize/slots/{slot_id}/messages', 'post'>
/** A message as it would go out (200), and the sentence of one that went (202). */
export type MessagePreview = Extract<MessageAnswer, { subject: string }>
export type MessageSent = Extract<MessageAnswer, { message: string }>

/** Keep a success only when it is the answer asked for (the endpoint has two). */
function answered<T extends MessageAnswer>(r: ApiResult<MessageAnswer>, is: (a: MessageAnswer) => a is T): ApiResult<T> {
  if (!r.ok) return r
  return is(r.data) ? { ...r, data: r.data } : { ok: false, status: r.status, message: ORGANIZE_MSG.failed }
}

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

/** The roster as a CSV file (fetched with the access token: a plain link could not send it). */
export const rosterCsv = (client: AuthClient, slotId: string): Promise<ApiResult<{ blob: Blob; name: string }>> =>
  attempt(async () => {
    const answer = await client.api.GET('/api/organize/slots/{slot_id}/roster.csv', { ...slot(slotId), parseAs: 'blob' })
    const name = attachmentName(answer.response.headers.get('Content-Disposition'), `${slotId}-roster.csv`)
    return { ...answer, data: answer.data && { blob: answer.data, name } }
  }, ORGANIZE_MSG.downloadFailed)

/** POST .../messages with preview: true: how many get it and the body as the email shows it; sends nothing. */
export const previewMessage = async (client: AuthClient, slotId: string, message: Message) =>
  answered(
    await attempt(() => client.api.POST('/api/organize/slots/{slot_id}/messages', { ...slot(slotId), body: { ...message, preview: true } }), fallback),
    (a): a is MessagePreview => 'subject' in a,
  )

/** POST .../messages: queued through the outbox (202) with the service's sentence. */
export const sendMessage = async (client: AuthClient, slotId: string, message: Message) =>
  answered(
    await attempt(() => client.api.POST('/api/organize/slots/{slot_id}/messages', { ...slot(slotId), body: { ...message, preview: false } }), fallback),
    (a): a is MessageSent => 'message' in a,
  )

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

/** POST .../hours: the hours one attendee is credited for this slot. */
export const setHours = (client: AuthClient, slotId: string, attendee: number, hours: number, reason?: string) =>
  attempt(() => client.api.POST('/api/organize/slots/{slot_id}/hours', { ...slot(slotId), body: { attendee, hours, reason } }), fallback)

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

/** "9 of 14 checked in" style counts of one slot. */
export function capacityText(slot: Pick<SlotCounts, 'capacity' | 'confirmed'>): string {
  return slot.capacity === null ? `${slot.confirmed} RSVPs (no limit)` : `${slot.confirmed} of ${slot.capacity} spots taken`
}
