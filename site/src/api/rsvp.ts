// The RSVP calls of the Event Feed and the dashboard (rsvp_service, under the API base).
import type { AuthClient, User } from '../auth/client'
import { splitName } from '../lib/names'

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
  | { outcome: 'created' | 'already' }
  | { outcome: 'failed'; message?: string }
  | { outcome: 'full'; message: string }
  | { outcome: 'waitlisted'; position: number; message: string }

export async function hasRsvped(client: AuthClient, eventId: string, email: string): Promise<boolean> {
  const q = new URLSearchParams({ eventId, email })
  const res = await client.authFetch(`/rsvp/check?${q}`)
  if (!res.ok) return false
  const data = (await res.json()) as { hasRSVPed?: boolean }
  return data.hasRSVPed === true
}

type RsvpAnswer = { error?: string; message?: string; status?: string; full?: boolean; position?: number }

/** The full / waitlist answers of POST /rsvp (201 waitlisted, 409 full, 409 already on the waitlist); null otherwise. */
function waitlistResult(status: number, data: RsvpAnswer | null): RsvpResult | null {
  if (!data) return null
  const position = typeof data.position === 'number' ? data.position : null
  if (status === 201 && data.status === 'waitlisted' && position !== null) {
    return { outcome: 'waitlisted', position, message: data.message || RSVP_MSG.waitlisted(position) }
  }
  if (status === 409 && data.full === true) return { outcome: 'full', message: data.error || RSVP_MSG.full }
  if (status === 409 && position !== null) {
    return { outcome: 'waitlisted', position, message: data.error || RSVP_MSG.waitlisted(position) }
  }
  return null
}

const readAnswer = (res: Response) => res.json().catch(() => null) as Promise<RsvpAnswer | null>

/**
 * RSVP the signed-in user to one slot (`waitlist`: join its waitlist, after a `full` answer).
 * A prior RSVP or a 409 is "already"; a full slot is "full"; a waitlist place is "waitlisted".
 */
export async function rsvpAsUser(client: AuthClient, eventId: string, user: User, waitlist = false): Promise<RsvpResult> {
  try {
    if (!waitlist && (await hasRsvped(client, eventId, user.email).catch(() => false))) return { outcome: 'already' }
    const { firstName, lastName } = splitName(user.name)
    const body = { eventId, email: user.email, firstName, lastName, phone: user.phone || null, ...(waitlist ? { waitlist: true } : {}) }
    const res = await client.authFetch('/rsvp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status === 201 || res.status === 409) {
      const found = waitlistResult(res.status, await readAnswer(res))
      if (found) return found
    }
    if (res.ok) return { outcome: 'created' }
    if (res.status === 409) return { outcome: 'already' }
    // The service's own sentence (such as a slot that has ended), else the generic one.
    const refused = await readAnswer(res)
    return refused?.error ? { outcome: 'failed', message: refused.error } : { outcome: 'failed' }
  } catch {
    return { outcome: 'failed' }
  }
}

export type GuestRsvp = { firstName: string; lastName: string; email: string; phone: string }

/**
 * The popup form: POST /rsvp without eventId (the service uses the guest event); `waitlist` joins the
 * waitlist after a `full` answer. Resolves created / full / waitlisted; throws the message to show otherwise.
 */
export async function rsvpAsGuest(apiUrl: (p: string) => string, form: GuestRsvp, waitlist = false): Promise<RsvpResult> {
  let res: Response
  try {
    res = await fetch(apiUrl('/rsvp'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim() || null,
        ...(waitlist ? { waitlist: true } : {}),
      }),
    })
  } catch {
    throw new Error(RSVP_MSG.popupError)
  }
  const data = await readAnswer(res)
  const found = waitlistResult(res.status, data)
  if (found) return found
  if (res.ok) return { outcome: 'created' }
  throw new Error(data?.error || RSVP_MSG.popupDefault)
}

/** GET /rsvp's answer: confirmed count, capacity and seats left (null: no limit), people waiting. */
export type RsvpStats = { count: number; capacity: number | null; remaining: number | null; waitlist: number }

export async function rsvpStats(apiUrl: (p: string) => string, eventId: string): Promise<RsvpStats> {
  const res = await fetch(apiUrl(`/rsvp?${new URLSearchParams({ eventId })}`))
  const data = (await res.json()) as Partial<RsvpStats> & { error?: string }
  if (!res.ok || typeof data.count !== 'number') throw new Error(data.error || `HTTP ${res.status}`)
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  return { count: data.count, capacity: num(data.capacity), remaining: num(data.remaining), waitlist: num(data.waitlist) ?? 0 }
}

export async function rsvpCount(apiUrl: (p: string) => string, eventSlug: string): Promise<number> {
  return (await rsvpStats(apiUrl, eventSlug)).count
}

/** "4 spots left", "1 spot left", "Full: join the waitlist"; null when the slot has no limit. */
export function spotsText(stats: Pick<RsvpStats, 'capacity' | 'remaining'>): string | null {
  if (stats.capacity === null || stats.remaining === null) return null
  if (stats.remaining <= 0) return 'Full: join the waitlist'
  return stats.remaining === 1 ? '1 spot left' : `${stats.remaining} spots left`
}
