// The RSVP behaviour of time slots, without React, for the Event Feed and the event pages: the states a
// slot shows (RSVP, Submitting..., RSVP'd!, the waitlist), what an answer of the service turns into, and
// the one way an RSVP is sent (signed in, as a guest, or through sign-in first).
import type { AuthClient } from '../auth/client'
import { myRsvps, type MyRsvp } from '../api/me'
import { RSVP_MSG, rsvpAsGuest, rsvpAsUser, type GuestRsvp, type RsvpResult, type RsvpStats } from '../api/rsvp'
import { rememberRsvpPage } from '../lib/rsvpReturn'

export type SlotStatus = 'idle' | 'submitting' | 'done' | 'full' | 'waitlisted' | 'error'
/** A slot's RSVP state; `message` is what to show beside it (the full / waitlist / error texts). */
export type SlotState = { status: SlotStatus; message?: string }

/** The slot button's words in each state. */
export const BUTTON_TEXT = {
  idle: 'RSVP', submitting: 'Submitting...', done: "RSVP'd!", full: RSVP_MSG.joinWaitlist, waitlisted: 'On the waitlist', error: 'RSVP',
} as const

/**
 * The next state of a slot from an RSVP attempt's result, in the service's words. A signed-in person's
 * plain 409 is an RSVP already made (the spec's RSVP'd! and its sentence); a guest's shows as the refusal it is.
 */
export function slotStateOf(result: RsvpResult, signedIn: boolean): SlotState {
  if (result.ok) return { status: result.data.status === 'waitlisted' ? 'waitlisted' : 'done', message: result.data.message }
  if (result.full) return { status: 'full', message: result.message }
  if (result.position !== undefined) return { status: 'waitlisted', message: result.message }
  if (signedIn && result.status === 409) return { status: 'done', message: RSVP_MSG.already }
  return { status: 'error', message: result.message }
}

/** The id of a slot's message (its confirmation, waitlist place or error), which takes focus after an RSVP. */
export const slotMessageId = (slotId: string) => `slot-message-${slotId}`

/** The states of the slots `ids` among `rsvps`: RSVP'd!, or the waitlist place ("You are #2 on the waitlist."). */
export function slotStates(rsvps: readonly Pick<MyRsvp, 'eventId' | 'status' | 'position' | 'past'>[], ids: readonly string[]): Record<string, SlotState> {
  const states: Record<string, SlotState> = {}
  for (const r of rsvps) {
    if (!ids.includes(r.eventId)) continue
    if (r.status === 'confirmed') states[r.eventId] = { status: 'done' }
    else if (typeof r.position === 'number') {
      states[r.eventId] = { status: 'waitlisted', message: RSVP_MSG.onWaitlist(r.position) }
    }
  }
  return states
}

/** A slot's state as shown: one known to be full (spots left 0) offers its waitlist before any RSVP attempt. */
export function shownState(state: SlotState | undefined, stats: RsvpStats | undefined): SlotState {
  const s = state ?? { status: 'idle' }
  const full = stats !== undefined && stats.remaining !== null && stats.remaining <= 0
  return s.status === 'idle' && full ? { status: 'full' } : s
}

/** What pressing a slot's button does in state `s` (with `stats`, its spots left): join its waitlist (a full
 * slot, or a refused try at one), try (again), and whether its fields stay on screen (while sending too). */
export function slotActions(s: SlotState, stats: RsvpStats | undefined): { waitlist: boolean; retry: boolean; filling: boolean } {
  const waitlist = s.status === 'full' || (s.status === 'error' && shownState(undefined, stats).status === 'full')
  const retry = s.status === 'idle' || waitlist || s.status === 'error'
  return { waitlist, retry, filling: retry || s.status === 'submitting' }
}

/** The signed-in person's states of the slots `ids` (one GET /me/rsvps for the page); none when it fails. */
export async function myStates(client: AuthClient, ids: readonly string[]): Promise<Record<string, SlotState>> {
  const r = await myRsvps(client)
  return r.ok ? slotStates(r.data, ids) : {}
}

/** How an RSVP ended: a state for the slot, or the visitor goes to sign in first (`login`: where). */
export type Sent = { state: SlotState } | { login: string }

/**
 * RSVP to the slot `eventId`: as the signed-in user, else as the guest `guest`, else through sign-in
 * (the page is remembered, so the RSVP completes there after). `waitlist`: join a full slot's waitlist;
 * `guests`: the names of the party's other members ('' when not named).
 */
export async function sendRsvp(client: AuthClient, eventId: string, waitlist = false, guests: readonly string[] = [], guest?: GuestRsvp): Promise<Sent> {
  await client.init()
  const user = client.getState().user
  if (!user && !guest) {
    rememberRsvpPage(eventId, window.location.pathname)
    return { login: `/login?${new URLSearchParams({ from: 'rsvp', eventId })}` }
  }
  const result = user ? await rsvpAsUser(client, eventId, user, waitlist, guests) : await rsvpAsGuest(client.api, guest!, waitlist, eventId, guests)
  const state = slotStateOf(result, user !== null)
  // A guest's confirmation names the address it went to (there is no dashboard to look at yet), unless
  // the spot is held for a guardian's consent, which the service's sentence says.
  const confirmed = result.ok && result.data.status === 'confirmed' ? result.data : null
  if (guest && !user && confirmed && !confirmed.consent) state.message = RSVP_MSG.popupSuccess(guest.firstName.trim(), guest.email.trim())
  return { state }
}

/** Back from sign-in (password or Google): the slot of `?showRSVP=true&eventId=...`, taken out of the
 * address bar (null when the URL asks for none; '' when it names no slot). */
export function takePendingRsvp(): string | null {
  const params = new URLSearchParams(window.location.search)
  if (params.get('showRSVP') !== 'true') return null
  const id = params.get('eventId') || ''
  params.delete('showRSVP')
  params.delete('eventId')
  const rest = params.toString()
  window.history.replaceState(window.history.state, '', window.location.pathname + (rest ? `?${rest}` : ''))
  return id
}
