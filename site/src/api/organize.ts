// The organizer calls (issue 14, ORGANIZE_API.md): roles, events with counts, a slot's roster, its CSV,
// messages, check-in, walk-ins, hours, and the admin's grants. Every call answers an ApiResult: the data,
// or the service's sentence with the HTTP status (0: the service could not be reached), so the check-in
// queue can tell a tap to retry from one to give up on.
import type { AuthClient } from '../auth/client'
import { attachmentName } from './me'

export type Organization = { slug: string; name: string }
export type Roles = { admin: boolean; organizations: Organization[] }

export type SlotCounts = {
  id: string
  time: string
  start: string
  end: string
  capacity: number | null
  confirmed: number
  waitlist: number
  checkedIn: number
  checkinOpen: boolean
}

export type OrganizeEvent = {
  slug: string
  title: string
  organization: Organization
  date: string
  date_text: string
  past: boolean
  path: string
  slots: SlotCounts[]
}

export type AttendeeStatus = 'confirmed' | 'waitlisted' | 'checked_in' | 'no_show'

export type Attendee = {
  id: number
  name: string
  email: string
  phone: string | null
  rsvpAt: string
  status: AttendeeStatus
  position: number | null
  walkIn: boolean
  checkedInAt: string | null
  hours: number | null
}

export type SlotDetail = SlotCounts & { event: { slug: string; title: string; date_text: string; location: string } }
export type Roster = { slot: SlotDetail; attendees: Attendee[] }

export type Grant = { email: string; name: string; organization: Organization; grantedAt: string }

export type Message = { subject: string; body: string; includeWaitlist: boolean }
export type MessagePreview = { recipients: number; subject: string; body: string }

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string }

export const ORGANIZE_MSG = {
  network: 'We could not reach CivicSTL. Check your connection and try again.',
  failed: 'That did not work. Please try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  noRole: 'You are not an organizer of this organization. Ask an admin to grant you the role.',
  downloadFailed: 'The roster could not be downloaded. Please try again.',
  sent: (n: number) => `Your message is on its way to ${n} ${n === 1 ? 'person' : 'people'}.`,
} as const

type ErrorBody = { error?: string }

/** The fallback sentence for a status the service sent no sentence with. */
function fallback(status: number): string {
  if (status === 401) return ORGANIZE_MSG.signedOut
  if (status === 403) return ORGANIZE_MSG.noRole
  return ORGANIZE_MSG.failed
}

/** One call through the auth client, read into an ApiResult. */
async function call<T>(client: AuthClient, path: string, init?: { method: 'POST'; body?: unknown }): Promise<ApiResult<T>> {
  let res: Response
  try {
    res = await client.authFetch(
      path,
      init
        ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(init.body ?? {}) }
        : {},
    )
  } catch {
    return { ok: false, status: 0, message: ORGANIZE_MSG.network }
  }
  const data = (await res.json().catch(() => null)) as (T & ErrorBody) | null
  if (!res.ok) return { ok: false, status: res.status, message: data?.error || fallback(res.status) }
  if (data === null) return { ok: false, status: res.status, message: ORGANIZE_MSG.failed }
  return { ok: true, status: res.status, data }
}

const slotPath = (slotId: string, rest = '') => `/organize/slots/${encodeURIComponent(slotId)}${rest}`

/** GET /me/roles: admin, and the organizations the user organizes (empty for a volunteer). */
export const myRoles = (client: AuthClient) => call<Roles>(client, '/me/roles')

/** True when the roles allow the organizer pages. */
export const isOrganizer = (roles: Roles) => roles.admin || roles.organizations.length > 0

/** GET /organize/events: upcoming soonest first, then past newest first (the service's order). */
export async function organizeEvents(client: AuthClient): Promise<ApiResult<OrganizeEvent[]>> {
  const r = await call<{ events: OrganizeEvent[] }>(client, '/organize/events')
  return r.ok ? { ...r, data: r.data.events ?? [] } : r
}

/** GET /organize/slots/<id>: the slot with its counts and its attendees (cancelled ones are not listed). */
export const slotRoster = (client: AuthClient, slotId: string) => call<Roster>(client, slotPath(slotId))

export const rosterCsvPath = (slotId: string) => slotPath(slotId, '/roster.csv')

/** The roster as a CSV file (fetched with the access token: a plain link could not send it). */
export async function rosterCsv(client: AuthClient, slotId: string): Promise<ApiResult<{ blob: Blob; name: string }>> {
  let res: Response
  try {
    res = await client.authFetch(rosterCsvPath(slotId))
  } catch {
    return { ok: false, status: 0, message: ORGANIZE_MSG.network }
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as ErrorBody | null
    return { ok: false, status: res.status, message: data?.error || ORGANIZE_MSG.downloadFailed }
  }
  const name = attachmentName(res.headers.get('Content-Disposition'), `${slotId}-roster.csv`)
  return { ok: true, status: res.status, data: { blob: await res.blob(), name } }
}

/** POST .../messages with preview: true: how many get it and the body as the email shows it; sends nothing. */
export const previewMessage = (client: AuthClient, slotId: string, message: Message) =>
  call<MessagePreview>(client, slotPath(slotId, '/messages'), { method: 'POST', body: { ...message, preview: true } })

/** POST .../messages: queued through the outbox (202) with the service's sentence. */
export const sendMessage = (client: AuthClient, slotId: string, message: Message) =>
  call<{ recipients: number; message: string }>(client, slotPath(slotId, '/messages'), {
    method: 'POST',
    body: { ...message, preview: false },
  })

/** Who a check-in is for: an attendee of the roster, or the code from their email. */
export type CheckinTarget = { attendee: number } | { code: string }

/** POST .../checkins (idempotent: checking in twice gives the same attendee). */
export const checkIn = (client: AuthClient, slotId: string, target: CheckinTarget) =>
  call<{ attendee: Attendee }>(client, slotPath(slotId, '/checkins'), { method: 'POST', body: target })

/** POST .../checkins/undo. */
export const undoCheckIn = (client: AuthClient, slotId: string, attendee: number) =>
  call<{ attendee: Attendee }>(client, slotPath(slotId, '/checkins/undo'), { method: 'POST', body: { attendee } })

export type WalkIn = { name: string; email?: string | undefined; clientId: string }

/** POST .../walkins: checked in at once; the same clientId returns the same walk-in. */
export function addWalkIn(client: AuthClient, slotId: string, walkIn: WalkIn) {
  const body: Record<string, string> = { name: walkIn.name, clientId: walkIn.clientId }
  if (walkIn.email) body.email = walkIn.email
  return call<{ attendee: Attendee }>(client, slotPath(slotId, '/walkins'), { method: 'POST', body })
}

/** POST .../hours: the hours one attendee is credited for this slot. */
export const setHours = (client: AuthClient, slotId: string, attendee: number, hours: number) =>
  call<{ attendee?: Attendee }>(client, slotPath(slotId, '/hours'), { method: 'POST', body: { attendee, hours } })

/** GET /admin/organizers. */
export async function listOrganizers(client: AuthClient): Promise<ApiResult<Grant[]>> {
  const r = await call<{ organizers: Grant[] }>(client, '/admin/organizers')
  return r.ok ? { ...r, data: r.data.organizers ?? [] } : r
}

/** POST /admin/organizers (201; 409 already granted or account not verified, 404 no such account, 422 no such organization). */
export const grantOrganizer = (client: AuthClient, email: string, organization: string) =>
  call<unknown>(client, '/admin/organizers', { method: 'POST', body: { email: email.trim(), organization } })

/** POST /admin/organizers/revoke. */
export const revokeOrganizer = (client: AuthClient, email: string, organization: string) =>
  call<unknown>(client, '/admin/organizers/revoke', { method: 'POST', body: { email, organization } })

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
  return attendees.filter((a) => a.name.toLowerCase().includes(q) || a.email.toLowerCase().includes(q))
}

/** "9 of 14 checked in" style counts of one slot. */
export function capacityText(slot: Pick<SlotCounts, 'capacity' | 'confirmed'>): string {
  return slot.capacity === null ? `${slot.confirmed} RSVPs (no limit)` : `${slot.confirmed} of ${slot.capacity} spots taken`
}
