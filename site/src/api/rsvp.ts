// The RSVP calls of the Event Feed and the dashboard (rsvp_service, under the API base).
import type { AuthClient, User } from '../auth/client'
import { consentFields } from '../events/guardians'
import { splitName } from '../lib/names'
import { PUBLIC, attempt, type Api, type ApiResult, type Body, type Ok } from './client'
import type { paths } from './generated/schema'

/**
 * The spec's own sentences of the RSVP alerts and the popup (the service's answers carry every other
 * sentence shown): what the alerts say, and what is shown when no answer came to read.
 */
export const RSVP_MSG = {
  already: "You have already RSVP'd to this event!",
  success: "You have RSVP'd! A confirmation email will be sent!",
  failed: 'Failed to submit RSVP. Please try again.',
  popupError: 'An error occurred. Please try again.',
  popupDefault: 'Failed to submit RSVP',
  popupSuccess: (name: string, email: string) =>
    `Thank you for your RSVP, ${name}! A confirmation email has been sent to ${email}.`,
  joinWaitlist: 'Join the waitlist',
  onWaitlist: (position: number) => `You are #${position} on the waitlist.`,
} as const

/** What POST /rsvp placed: confirmed (maybe held for a guardian's consent) or on the waitlist, with the service's sentence. */
export type Placed = Ok<'/api/rsvp', 'post'>

/** POST /rsvp's 409: already registered, on the waitlist (`position`), or the slot is full (`full`). */
type Refusal = paths['/api/rsvp']['post']['responses'][409]['content']['application/json']

/** What a 409 also says: the slot is full (the waitlist is open), or the person already waits at `position`. */
export type RefusedWhy = { full?: true; position?: number }

/** An RSVP attempt's outcome: what the service placed, or its sentence for why not (with a 409's details). */
export type RsvpResult = ApiResult<Placed, RefusedWhy>

/** POST /rsvp with `body`; `failed` says what went wrong when the service's answer has no sentence. */
async function postRsvp(api: Api, body: Body<'/api/rsvp', 'post'>, failed: (status: number) => string, init?: typeof PUBLIC): Promise<RsvpResult> {
  let refusal: Refusal | undefined
  const r = await attempt(async () => {
    const answer = await api.POST('/api/rsvp', { body, ...init })
    if (answer.response.status === 409 && answer.error && typeof answer.error === 'object') refusal = answer.error as Refusal
    return answer
  }, failed)
  // No answer to read: the spec's own sentence for the form that sent it.
  if (!r.ok && r.status === 0) return { ok: false, status: 0, message: failed(0) }
  if (r.ok || !refusal) return r
  if ('full' in refusal) return { ...r, full: true }
  return 'position' in refusal ? { ...r, position: refusal.position } : r
}

/**
 * RSVP the signed-in user to one slot (`waitlist`: join its waitlist, after a full slot's refusal; `guests`:
 * the names of the people they bring, '' for one not named). A 409 is the service's answer to a prior RSVP.
 */
export function rsvpAsUser(client: AuthClient, eventId: string, user: User, waitlist = false, guests: readonly string[] = []): Promise<RsvpResult> {
  const { firstName, lastName } = splitName(user.name)
  const body: Body<'/api/rsvp', 'post'> = { eventId, email: user.email, firstName, lastName, phone: user.phone || null, ...(waitlist ? { waitlist: true } : {}), ...consentFields(eventId) }
  // The guests come along as one party (names optional, for the roster).
  if (guests.length > 0) body.guests = guests.map((name) => ({ name: name.trim() }))
  return postRsvp(client.api, body, () => RSVP_MSG.failed)
}

export type GuestRsvp = { firstName: string; lastName: string; email: string; phone: string }

/**
 * A guest's RSVP: POST /rsvp for the slot `eventId`, or without it (the popup: the service uses the guest
 * event); `waitlist` joins the waitlist after a full slot's refusal; `guests`: as for `rsvpAsUser`.
 */
export function rsvpAsGuest(api: Api, form: GuestRsvp, waitlist = false, eventId?: string, guests: readonly string[] = []): Promise<RsvpResult> {
  const body: Body<'/api/rsvp', 'post'> = {
    ...(eventId ? { eventId } : {}),
    email: form.email.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phone: form.phone.trim() || null,
    ...(waitlist ? { waitlist: true } : {}),
    ...consentFields(eventId),
    ...(guests.length > 0 ? { guests: guests.map((name) => ({ name: name.trim() })) } : {}),
  }
  // A guest's RSVP never speaks for a signed-in account.
  return postRsvp(api, body, (status) => (status === 0 ? RSVP_MSG.popupError : RSVP_MSG.popupDefault), PUBLIC)
}

/** GET /rsvp's answer: confirmed count, capacity and seats left (null: no limit), people waiting. */
export type RsvpStats = Ok<'/api/rsvp', 'get'>

/** GET /rsvp of a slot (or an event): its counts, a missing capacity or waitlist read as none. */
export async function rsvpStats(api: Api, eventId: string): Promise<ApiResult<RsvpStats>> {
  const r = await attempt(() => api.GET('/api/rsvp', { params: { query: { eventId } }, ...PUBLIC }), (status) => `The RSVP count could not be loaded (HTTP ${status}).`)
  if (!r.ok) return r
  // The spec's service answers {count} alone: no limit, nobody waiting.
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  const { count, capacity, remaining, waitlist } = r.data
  return { ...r, data: { count, capacity: num(capacity), remaining: num(remaining), waitlist: num(waitlist) ?? 0 } }
}

/** "4 spots left", "1 spot left", "Full: join the waitlist"; null when the slot has no limit. */
export function spotsText(stats: Pick<RsvpStats, 'capacity' | 'remaining'>): string | null {
  if (stats.capacity === null || stats.remaining === null) return null
  if (stats.remaining <= 0) return 'Full: join the waitlist'
  return stats.remaining === 1 ? '1 spot left' : `${stats.remaining} spots left`
}
