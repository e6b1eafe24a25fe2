// The check-in view's taps (check in, undo, a code, a walk-in), queued in localStorage and sent in order
// through a flaky connection. A tap leaves the queue only when the service has answered it: done, or
// refused for good (not on the roster, outside the check-in window...). A tap that could not get through
// (no connection, a server error, a rate limit, an expired session) stays and is retried with backoff.
// The API is idempotent (a check-in sent twice counts once; a walk-in carries its clientId), so a tap
// whose answer was lost can safely go again.
import type { AuthClient } from '../auth/client'
import { addWalkIn, checkIn, undoCheckIn } from '../api/checkin'
import type { ApiResult, Attendee } from '../api/organize'

type TapBody =
  | { kind: 'checkin'; attendee: number }
  | { kind: 'undo'; attendee: number }
  | { kind: 'code'; code: string }
  | { kind: 'walkin'; name: string; email?: string | undefined; clientId: string }

/** What a person tapped, for one slot; `label` says it in words (a name, or the code). */
export type NewTap = TapBody & { slot: string; label: string }
export type Tap = NewTap & { id: string; queuedAt: number; attempts: number; nextAt: number }

export type Sender = (tap: Tap) => Promise<ApiResult<{ attendee: Attendee }>>

export type QueueEvent =
  | { type: 'change' }
  | { type: 'done'; tap: Tap; attendee: Attendee }
  | { type: 'failed'; tap: Tap; message: string }

export type QueueDeps = {
  storage: Storage | null
  send: Sender
  now?: () => number
  schedule?: (fn: () => void, ms: number) => unknown
  cancel?: (handle: unknown) => void
  random?: () => number
  newId?: () => string
}

export const QUEUE_KEY = 'civicCheckinQueue'
export const RETRY_BASE_MS = 1_000
export const RETRY_MAX_MS = 30_000

/** Answers worth trying again: no answer at all, an expired session, a timeout, a rate limit, a server error. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 425 || status === 429 || status >= 500
}

/** The wait before attempt `attempts + 1`: doubling from 1 s up to 30 s, with jitter so phones don't retry in step. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.5 + random() / 2))
}

const randomId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

export class TapQueue {
  private memory: Tap[] = []
  /** Set once storage refused a write: from then on the taps in memory are the true list. */
  private storageFailed = false
  private listeners = new Set<(event: QueueEvent) => void>()
  private running: Promise<void> | null = null
  private again = false
  private timer: unknown = null
  private readonly now: () => number
  private readonly schedule: (fn: () => void, ms: number) => unknown
  private readonly cancel: (handle: unknown) => void
  private readonly random: () => number
  private readonly newId: () => string
  /** The sentence of the last attempt that could not get through (cleared by the next success). */
  lastProblem: string | null = null

  constructor(private readonly deps: QueueDeps) {
    this.now = deps.now ?? (() => Date.now())
    this.schedule = deps.schedule ?? ((fn, ms) => setTimeout(fn, ms))
    this.cancel = deps.cancel ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
    this.random = deps.random ?? Math.random
    this.newId = deps.newId ?? randomId
  }

  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(event: QueueEvent) {
    this.listeners.forEach((l) => l(event))
  }

  /** Every tap still to send (of one slot, when given), oldest first. Read from storage: other tabs' taps count. */
  list(slot?: string): Tap[] {
    const all = this.read()
    return slot === undefined ? all : all.filter((t) => t.slot === slot)
  }

  private read(): Tap[] {
    if (this.storageFailed || !this.deps.storage) return [...this.memory]
    try {
      const raw = this.deps.storage?.getItem(QUEUE_KEY)
      if (raw === null || raw === undefined) return []
      const parsed = JSON.parse(raw) as unknown
      return Array.isArray(parsed) ? (parsed as Tap[]) : []
    } catch {
      return [...this.memory]
    }
  }

  private write(taps: Tap[]) {
    this.memory = taps
    try {
      if (taps.length) this.deps.storage?.setItem(QUEUE_KEY, JSON.stringify(taps))
      else this.deps.storage?.removeItem(QUEUE_KEY)
    } catch {
      // Storage full or disabled: the taps are kept in memory for as long as the page is open.
      this.storageFailed = true
    }
    this.emit({ type: 'change' })
  }

  private update(id: string, change: (tap: Tap) => Tap | null) {
    const taps = this.read()
    const next: Tap[] = []
    for (const tap of taps) {
      if (tap.id !== id) next.push(tap)
      else {
        const changed = change(tap)
        if (changed) next.push(changed)
      }
    }
    this.write(next)
  }

  /** Queue a tap (saved before anything is sent) and start sending. */
  add(newTap: NewTap): Tap {
    const tap: Tap = { ...newTap, id: this.newId(), queuedAt: this.now(), attempts: 0, nextAt: 0 }
    this.write([...this.read(), tap])
    void this.flush()
    return tap
  }

  /** Send what is due, oldest first; stops at the first tap that must wait (order matters: check in, then undo). */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    const run = (async () => {
      do {
        this.again = false
        await this.sendDue()
      } while (this.again)
    })()
    this.running = run
    const done = () => {
      this.running = null
    }
    run.then(done, done)
    return run
  }

  /** Send every waiting tap now, without waiting out the backoff (back online, or "Try now"). */
  retryNow(): Promise<void> {
    const taps = this.read()
    if (taps.some((t) => t.nextAt > 0)) this.write(taps.map((t) => ({ ...t, nextAt: 0 })))
    return this.flush()
  }

  private async sendDue() {
    for (;;) {
      const head = this.read()[0]
      if (!head) {
        this.lastProblem = null
        return
      }
      const wait = head.nextAt - this.now()
      if (wait > 0) {
        this.wake(wait)
        return
      }
      let result: Awaited<ReturnType<Sender>>
      try {
        result = await this.deps.send(head)
      } catch {
        result = { ok: false, status: 0, message: '' }
      }
      if (result.ok) {
        this.lastProblem = null
        this.update(head.id, () => null)
        this.emit({ type: 'done', tap: head, attendee: result.data.attendee })
      } else if (isRetryable(result.status)) {
        const attempts = head.attempts + 1
        this.lastProblem = result.message || null
        this.update(head.id, (t) => ({ ...t, attempts, nextAt: this.now() + backoffMs(attempts, this.random) }))
      } else {
        this.update(head.id, () => null)
        this.emit({ type: 'failed', tap: head, message: result.message })
      }
    }
  }

  private wake(ms: number) {
    if (this.timer !== null) this.cancel(this.timer)
    this.timer = this.schedule(() => {
      this.timer = null
      void this.flush()
    }, ms)
  }

  /** Stop the retry timer (the page is closing; the taps stay saved for next time). */
  dispose() {
    if (this.timer !== null) this.cancel(this.timer)
    this.timer = null
    this.listeners.clear()
  }
}

/** An attendee as the check-in view shows them: the service's state with this browser's unsent taps applied. */
export type ShownAttendee = Attendee & { pending: boolean }

/**
 * The roster with the unsent taps of its slot applied (a check-in shows as checked in, an undo as not),
 * and unsent walk-ins appended; `id` of an unsent walk-in is negative (it has none yet).
 */
export function applyPending(attendees: readonly Attendee[], taps: readonly Tap[]): ShownAttendee[] {
  const shown = new Map<number, ShownAttendee>(attendees.map((a) => [a.id, { ...a, pending: false }]))
  const walkIns: ShownAttendee[] = []
  for (const tap of taps) {
    if (tap.kind === 'checkin' || tap.kind === 'undo') {
      const a = shown.get(tap.attendee)
      if (!a) continue
      shown.set(a.id, { ...a, status: tap.kind === 'checkin' ? 'checked_in' : 'confirmed', pending: true })
    } else if (tap.kind === 'walkin') {
      walkIns.push({
        id: -(walkIns.length + 1),
        name: tap.name,
        email: tap.email ?? '',
        phone: null,
        rsvpAt: new Date(tap.queuedAt).toISOString(),
        status: 'checked_in',
        position: null,
        walkIn: true,
        checkedInAt: null,
        hours: null,
        partySize: 1,
        guests: [],
        present: 1,
        consent: null,
        pending: true,
      })
    }
  }
  return [...shown.values(), ...walkIns]
}

/** The API call of each kind of tap. */
export function tapSender(client: AuthClient): Sender {
  return (tap) => {
    switch (tap.kind) {
      case 'checkin':
        return checkIn(client, tap.slot, { attendee: tap.attendee })
      case 'code':
        return checkIn(client, tap.slot, { code: tap.code })
      case 'undo':
        return undoCheckIn(client, tap.slot, tap.attendee)
      case 'walkin':
        return addWalkIn(client, tap.slot, { name: tap.name, email: tap.email, clientId: tap.clientId })
    }
  }
}
