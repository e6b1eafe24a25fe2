// The RSVP behaviour of time slots, shared by the Event Feed and the event pages: RSVP, Submitting...,
// RSVP'd!; a signed-out visitor RSVPs to a guest event with the slot's form, and to an account event goes
// through /login and comes back to the page to finish the RSVP.
import { useCallback, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { myRsvps, type MyRsvp } from '../api/me'
import { RSVP_MSG, rsvpAsGuest, rsvpAsUser, rsvpStats, type GuestRsvp, type RsvpResult, type RsvpStats } from '../api/rsvp'
import { getAuthClient, useAuth } from '../auth/useAuth'
import { go } from '../lib/nav'
import { rememberRsvpPage } from '../lib/query'

export type SlotStatus = 'idle' | 'submitting' | 'done' | 'full' | 'waitlisted' | 'error'
/** A slot's RSVP state; `message` is what to show beside it (the full / waitlist / error texts). */
export type SlotState = { status: SlotStatus; message?: string }

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

/**
 * Spots left of the slots with a capacity (`ids`: space-separated), from GET /rsvp; `refresh(id)` reloads
 * one after an RSVP. Unknown (not loaded, or failed) slots are absent: the page just shows no count.
 */
export function useSpotsLeft(ids: string) {
  const [stats, setStats] = useState<Record<string, RsvpStats>>({})
  const load = useCallback((id: string) => {
    const client = getAuthClient()
    return rsvpStats(client.api, id).then((r) => {
      if (r.ok) setStats((prev) => ({ ...prev, [id]: r.data }))
      else console.warn('Failed to fetch spots left', r.message)
    })
  }, [])
  useEffect(() => {
    if (!ids) return
    for (const id of ids.split(' ')) void load(id)
  }, [ids, load])
  return { stats, refresh: load }
}

/** The browser's clock (ms), refreshed every minute; null until hydrated (the HTML used the build's). */
export function useClientNow(): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

/**
 * RSVP state and action for the open slots of this page (`openSlotKey`: their ids, space-separated);
 * `onChange(id)` is called after each RSVP attempt (to refresh that slot's spots left).
 */
export function useSlotRsvp(openSlotKey: string, clientNow: number | null, onChange?: (id: string) => void) {
  const auth = useAuth()
  const [status, setStatus] = useState<Record<string, SlotState>>({})
  const setSlot = (id: string, s: SlotState) => flushSync(() => setStatus((prev) => ({ ...prev, [id]: s })))

  // A signed-in visitor's RSVP'd slots show RSVP'd! and waitlist places show as such: one GET /me/rsvps
  // for the whole page instead of a check per slot.
  const email = auth.user?.email
  useEffect(() => {
    if (!email || !openSlotKey) return
    let cancelled = false
    const ids = openSlotKey.split(' ')
    void myRsvps(getAuthClient()).then((r) => {
      // What this page's own RSVPs answered is as new as the list, and carries their message.
      if (!cancelled && r.ok) setStatus((prev) => ({ ...slotStates(r.data, ids), ...prev }))
    })
    return () => {
      cancelled = true
    }
  }, [email, openSlotKey])

  // `waitlist`: join the waitlist of a slot that is full; `guests`: the party's other members;
  // `guest`: a signed-out guest's name and email.
  const rsvp = useCallback(async (eventId: string, waitlist = false, guests: readonly string[] = [], guest?: GuestRsvp) => {
    const client = getAuthClient()
    await client.init()
    const user = client.getState().user
    const send = user
      ? () => rsvpAsUser(client, eventId, user, waitlist, guests)
      : guest
        ? () => rsvpAsGuest(client.api, guest, waitlist, eventId, guests)
        : null
    if (!send) {
      rememberRsvpPage(eventId, window.location.pathname)
      go(`/login?${new URLSearchParams({ from: 'rsvp', eventId })}`)
      return
    }
    setSlot(eventId, { status: 'submitting' })
    const result = await send()
    const state = slotStateOf(result, user !== null)
    // A guest's confirmation names the address it went to (there is no dashboard to look at yet), unless
    // the spot is held for a guardian's consent, which the service's sentence says.
    const confirmed = result.ok && result.data.status === 'confirmed' ? result.data : null
    if (guest && !user && confirmed && !confirmed.consent) state.message = RSVP_MSG.popupSuccess(guest.firstName.trim(), guest.email.trim())
    setSlot(eventId, state)
    onChange?.(eventId)
    // Every answer shows in the slot, never in a browser alert. The button is disabled now, so focus would
    // fall to the page's top: it goes to the slot's own confirmation (or error), scrolled into view, where
    // the person is looking.
    const shown = document.getElementById(slotMessageId(eventId))
    if (shown) {
      shown.focus({ preventScroll: true })
      shown.scrollIntoView({ block: 'nearest' })
    }
  }, [onChange])

  // Back from sign-in (password or Google): ?showRSVP=true&eventId=... completes the RSVP,
  // once both the auth state and the browser's clock are known.
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    if (params.get('showRSVP') !== 'true') return
    setPending(params.get('eventId') || '')
    params.delete('showRSVP')
    params.delete('eventId')
    const rest = params.toString()
    window.history.replaceState(window.history.state, '', window.location.pathname + (rest ? `?${rest}` : ''))
  }, [])
  const signedIn = auth.user !== null
  useEffect(() => {
    if (pending === null || auth.loading || clientNow === null) return
    setPending(null)
    if (pending && signedIn && openSlotKey.split(' ').includes(pending)) void rsvp(pending)
  }, [pending, auth.loading, signedIn, clientNow, openSlotKey, rsvp])

  return { status, rsvp }
}
