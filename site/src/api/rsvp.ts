// The RSVP calls of the Event Feed and the dashboard (rsvp_service, under the API base).
import type { AuthClient, User } from '../auth/client'
import { splitName } from '../lib/rsvpId'

export const RSVP_MSG = {
  already: "You have already RSVP'd to this event!",
  success: "You have RSVP'd! A confirmation email will be sent!",
  failed: 'Failed to submit RSVP. Please try again.',
  popupError: 'An error occurred. Please try again.',
  popupDefault: 'Failed to submit RSVP',
  popupSuccess: (name: string, email: string) =>
    `Thank you for your RSVP, ${name}! A confirmation email has been sent to ${email}.`,
} as const

export type RsvpOutcome = 'created' | 'already' | 'failed' | 'signin'

export async function hasRsvped(client: AuthClient, eventId: string, email: string): Promise<boolean> {
  const q = new URLSearchParams({ eventId, email })
  const res = await client.authFetch(`/rsvp/check?${q}`)
  if (!res.ok) return false
  const data = (await res.json()) as { hasRSVPed?: boolean }
  return data.hasRSVPed === true
}

/** RSVP the signed-in user to one slot: a prior RSVP or a 409 is "already". */
export async function rsvpAsUser(client: AuthClient, eventId: string, user: User): Promise<RsvpOutcome> {
  try {
    if (await hasRsvped(client, eventId, user.email).catch(() => false)) return 'already'
    const { firstName, lastName } = splitName(user.name)
    const res = await client.authFetch('/rsvp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eventId, email: user.email, firstName, lastName, phone: user.phone || null }),
    })
    if (res.ok) return 'created'
    if (res.status === 409) return 'already'
    return 'failed'
  } catch {
    return 'failed'
  }
}

export type GuestRsvp = { firstName: string; lastName: string; email: string; phone: string }

/** The popup form: POST /rsvp without eventId (the service uses the guest event). Throws the message to show. */
export async function rsvpAsGuest(apiUrl: (p: string) => string, form: GuestRsvp): Promise<void> {
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
      }),
    })
  } catch {
    throw new Error(RSVP_MSG.popupError)
  }
  if (res.ok) return
  const data = (await res.json().catch(() => null)) as { error?: string } | null
  throw new Error(data?.error || RSVP_MSG.popupDefault)
}

export async function rsvpCount(apiUrl: (p: string) => string, eventSlug: string): Promise<number> {
  const res = await fetch(apiUrl(`/rsvp?${new URLSearchParams({ eventId: eventSlug })}`))
  const data = (await res.json()) as { count?: number; error?: string }
  if (!res.ok || typeof data.count !== 'number') throw new Error(data.error || `HTTP ${res.status}`)
  return data.count
}

export type MyRsvp = { eventId: string; event: string; title: string; time: string; date_text: string; location: string; createdAt: string }

export async function myRsvps(client: AuthClient): Promise<MyRsvp[]> {
  const res = await client.authFetch('/me/rsvps')
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  const data = (await res.json()) as { rsvps?: MyRsvp[] }
  return data.rsvps ?? []
}
