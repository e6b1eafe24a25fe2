// The RSVP calls of the Event Feed and the dashboard (rsvp_service, under the API base).
import type { AuthClient, User } from '../auth/client'
import { consentFields } from '../events/guardians'
import { splitName } from '../lib/names'
import { PUBLIC, errorText, type Api, type Body, type Ok } from './client'
import type { paths } from './generated/schema'

export const RSVP_MSG = {
  already: "You have already RSVP'd to this event!",
  success: "You have RSVP'd! A confirmation email will be sent!",
  failed: 'Failed to submit RSVP. Please try again.',
  popupError: 'An error occurred. Please try again.',
  popupDefault: 'Failed to submit RSVP',
  popupSuccess: (name: string, email: string) =>
    `Thank you for your RSVP, ${name}! A confirmation email has been sent to ${email}.`,
  // Issue 13's texts (the service sends the same ones; these are the fallbacks when it sends none).
  full: 'This time slot is full. Join the waitlist?',
  joinWaitlist: 'Join the waitlist',
  waitlisted: (position: number) => `You are #${position} on the waitlist. We will email you if a spot opens up.`,
  onWaitlist: (position: number) => `You are #${position} on the waitlist.`,
} as const

/**
 * What an RSVP attempt came to. `full`: the slot is full and the visitor may join the waitlist;
 * `waitlisted`: on the waitlist at `position` (just joined, or already there).
 */
export type RsvpResult =
  | { outcome: 'created'; message?: string }
  | { outcome: 'already' }
  | { outcome: 'failed'; message?: string }
  | { outcome: 'full'; message: string }
  | { outcome: 'waitlisted'; position: number; message: string }

export async function hasRsvped(client: AuthClient, eventId: string, email: string): Promise<boolean> {
  const { data } = await client.api.GET('/api/rsvp/check', { params: { query: { eventId, email } } })
  return data?.hasRSVPed === true
}

/** POST /rsvp's 409: already registered, on the waitlist (`position`), or the slot is full (`full`). */
type Refusal = paths['/api/rsvp']['post']['responses'][409]['content']['application/json']

/**
 * What POST /rsvp answered when it placed the person or refused for a full slot: created (held for a guardian's
 * consent, in the service's sentence), waitlisted (201), full or already on the waitlist (409); null otherwise.
 */
function placed(status: number, created: Ok<'/api/rsvp', 'post'> | undefined, refused: unknown): RsvpResult | null {
  if (status < 300) {
    if (created?.status !== 'waitlisted') return created?.consent ? { outcome: 'created', message: created.message } : { outcome: 'created' }
    return { outcome: 'waitlisted', position: created.position, message: created.message || RSVP_MSG.waitlisted(created.position) }
  }
  if (status !== 409 || !refused || typeof refused !== 'object') return null
  const answer = refused as Refusal
  if ('full' in answer) return { outcome: 'full', message: answer.error || RSVP_MSG.full }
  if ('position' in answer) {
    return { outcome: 'waitlisted', position: answer.position, message: answer.error || RSVP_MSG.waitlisted(answer.position) }
  }
  return null
}

/**
 * RSVP the signed-in user to one slot (`waitlist`: join its waitlist, after a `full` answer; `guests`: the
 * names of the people they bring, '' for one not named).
 * A prior RSVP or a 409 is "already"; a full slot is "full"; a waitlist place is "waitlisted".
 */
export async function rsvpAsUser(client: AuthClient, eventId: string, user: User, waitlist = false, guests: readonly string[] = []): Promise<RsvpResult> {
  try {
    if (!waitlist && (await hasRsvped(client, eventId, user.email).catch(() => false))) return { outcome: 'already' }
    const { firstName, lastName } = splitName(user.name)
    const body: Body<'/api/rsvp', 'post'> = { eventId, email: user.email, firstName, lastName, phone: user.phone || null, ...(waitlist ? { waitlist: true } : {}), ...consentFields(eventId) }
    // The guests come along as one party (names optional, for the roster).
    if (guests.length > 0) body.guests = guests.map((name) => ({ name: name.trim() }))
    const { data, error, response } = await client.api.POST('/api/rsvp', { body })
    const found = placed(response.status, data, error)
    if (found) return found
    if (response.status === 409) return { outcome: 'already' }
    // The service's own sentence (such as a slot that has ended), else the generic one.
    const message = errorText(error)
    return message ? { outcome: 'failed', message } : { outcome: 'failed' }
  } catch {
    return { outcome: 'failed' }
  }
}

export type GuestRsvp = { firstName: string; lastName: string; email: string; phone: string }

/**
 * A guest's RSVP: POST /rsvp for the slot `eventId`, or without it (the popup: the service uses the guest
 * event); `waitlist` joins the waitlist after a `full` answer. Resolves created / full / waitlisted; throws the
 * message to show otherwise.
 */
export async function rsvpAsGuest(api: Api, form: GuestRsvp, waitlist = false, eventId?: string): Promise<RsvpResult> {
  let answer
  try {
    answer = await api.POST('/api/rsvp', {
      body: {
        ...(eventId ? { eventId } : {}),
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim() || null,
        ...(waitlist ? { waitlist: true } : {}),
        ...consentFields(eventId),
      },
      // A guest's RSVP never speaks for a signed-in account.
      ...PUBLIC,
    })
  } catch (error) {
    // A success whose body is not JSON still created the RSVP.
    if (error instanceof SyntaxError) return { outcome: 'created' }
    throw new Error(RSVP_MSG.popupError)
  }
  const { data, error, response } = answer
  const found = placed(response.status, data, error)
  if (found) return found
  throw new Error(errorText(error) || RSVP_MSG.popupDefault)
}

/** GET /rsvp's answer: confirmed count, capacity and seats left (null: no limit), people waiting. */
export type RsvpStats = Ok<'/api/rsvp', 'get'>

export async function rsvpStats(api: Api, eventId: string): Promise<RsvpStats> {
  const { data, error, response } = await api.GET('/api/rsvp', { params: { query: { eventId } }, ...PUBLIC })
  if (!data || typeof data.count !== 'number') throw new Error(errorText(error) || `HTTP ${response.status}`)
  // The spec's service answers {count} alone: no limit, nobody waiting.
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  return { count: data.count, capacity: num(data.capacity), remaining: num(data.remaining), waitlist: num(data.waitlist) ?? 0 }
}

export async function rsvpCount(api: Api, eventSlug: string): Promise<number> {
  return (await rsvpStats(api, eventSlug)).count
}

/** "4 spots left", "1 spot left", "Full: join the waitlist"; null when the slot has no limit. */
export function spotsText(stats: Pick<RsvpStats, 'capacity' | 'remaining'>): string | null {
  if (stats.capacity === null || stats.remaining === null) return null
  if (stats.remaining <= 0) return 'Full: join the waitlist'
  return stats.remaining === 1 ? '1 spot left' : `${stats.remaining} spots left`
}
