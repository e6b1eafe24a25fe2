// The check-in view's state: the slot's roster from the service, this browser's unsent taps applied on
// top (src/organize/tapQueue.ts), and what the last taps came to.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { slotRoster, type Attendee, type Roster } from '../api/organize'
import { getAuthClient } from '../auth/useAuth'
import { QUEUE_KEY, TapQueue, applyPending, tapSender, type NewTap, type Tap } from './tapQueue'

let queue: TapQueue | null = null

/** The page's one queue (browser only), sending through the auth client. */
export function getTapQueue(): TapQueue {
  if (!queue) {
    let storage: Storage | null = null
    try {
      storage = window.localStorage
    } catch {
      storage = null
    }
    queue = new TapQueue({ storage, send: tapSender(getAuthClient()) })
  }
  return queue
}

/** A tap before it is tied to this view's slot. */
export type TapInput = NewTap extends infer T ? (T extends NewTap ? Omit<T, 'slot'> : never) : never

export type Notice = { id: number; ok: boolean; text: string }

export function useCheckin(slotId: string) {
  const [roster, setRoster] = useState<Roster | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notices, setNotices] = useState<Notice[]>([])
  const q = getTapQueue()

  // The unsent taps of this browser (all slots), re-read whenever the queue changes, here or in another tab.
  const [taps, setTaps] = useState<Tap[]>([])

  const load = useCallback(() => {
    void slotRoster(getAuthClient(), slotId).then((r) => {
      if (r.ok) {
        setRoster(r.data)
        setError(null)
      } else setError(r.message)
    })
  }, [slotId])

  useEffect(() => {
    load()
    let next = 0
    const note = (ok: boolean, text: string) => setNotices((list) => [{ id: ++next, ok, text }, ...list].slice(0, 4))
    const refresh = () => setTaps(q.list())
    refresh()
    const otherTab = (e: StorageEvent) => {
      if (e.key === QUEUE_KEY || e.key === null) refresh()
    }
    window.addEventListener('storage', otherTab)
    const off = q.subscribe((event) => {
      refresh()
      if (event.type === 'done' && event.tap.slot === slotId) {
        setRoster((r) => (r ? merge(r, event.attendee) : r))
        note(true, doneText(event.tap, event.attendee))
      } else if (event.type === 'failed' && event.tap.slot === slotId) {
        note(false, `${event.tap.label}: ${event.message}`)
      }
    })
    const online = () => void q.retryNow()
    const visible = () => {
      if (document.visibilityState === 'visible') void q.flush()
    }
    window.addEventListener('online', online)
    document.addEventListener('visibilitychange', visible)
    // Taps saved before the page was closed or reloaded go out now.
    void q.flush()
    return () => {
      off()
      window.removeEventListener('storage', otherTab)
      window.removeEventListener('online', online)
      document.removeEventListener('visibilitychange', visible)
    }
  }, [q, slotId, load])

  const mine = useMemo(() => taps.filter((t) => t.slot === slotId), [taps, slotId])
  const shown = useMemo(() => (roster ? applyPending(roster.attendees, mine) : []), [roster, mine])
  const add = useCallback((tap: TapInput) => q.add({ ...tap, slot: slotId }), [q, slotId])

  return {
    roster,
    error,
    shown,
    pending: taps.length,
    pendingCodes: mine.filter((t) => t.kind === 'code'),
    retryAt: taps[0]?.nextAt || null,
    problem: taps.length ? q.lastProblem : null,
    notices,
    dismiss: (id: number) => setNotices((list) => list.filter((n) => n.id !== id)),
    add,
    retryNow: () => void q.retryNow(),
    reload: load,
  }
}

/** The roster with one attendee as the service now has them (a new walk-in is added). */
export function merge(roster: Roster, attendee: Attendee): Roster {
  const known = roster.attendees.some((a) => a.id === attendee.id)
  const attendees = known ? roster.attendees.map((a) => (a.id === attendee.id ? attendee : a)) : [...roster.attendees, attendee]
  const checkedIn = attendees.filter((a) => a.status === 'checked_in').length
  return { ...roster, attendees, slot: { ...roster.slot, checkedIn } }
}

function doneText(tap: Tap, attendee: Attendee): string {
  if (tap.kind === 'undo') return `Check-in undone: ${attendee.name}.`
  if (tap.kind === 'walkin') return `Walk-in added and checked in: ${attendee.name}.`
  return `Checked in: ${attendee.name}.`
}
