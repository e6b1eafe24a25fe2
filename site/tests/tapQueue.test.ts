// The check-in view's offline queue: taps are saved first, sent in order, kept through failures that may
// pass (retried with backoff), dropped with the sentence when refused for good, and nothing is sent twice
// by the queue itself once answered.
import { describe, expect, it } from 'vitest'
import type { ApiResult, Attendee } from '../src/api/organize'
import { QUEUE_KEY, RETRY_MAX_MS, TapQueue, applyPending, backoffMs, isRetryable, tapSender, type QueueEvent, type Tap } from '../src/organize/tapQueue'
import { MemoryStorage, json, makeClient } from './helpers'

const SLOT = 'doorways-welcome-kits-10-00-11-30-am'
const person = (id: number, name: string, status: Attendee['status'] = 'confirmed'): Attendee => ({
  id, name, email: `${name.toLowerCase()}@example.org`, phone: null, rsvpAt: '2027-01-10T10:00:00-06:00',
  status, position: null, walkIn: false, checkedInAt: null, hours: null, partySize: 1, guests: [], present: null, consent: null,
})
type Answer = ApiResult<{ attendee: Attendee }>
const ok = (a: Attendee): Answer => ({ ok: true, status: 200, data: { attendee: a } })
const fail = (status: number, message = 'x'): Answer => ({ ok: false, status, message })

/** A queue on a fake clock: `answers` are given in order to the sends; timers run only through `advance`. */
function harness(answers: Answer[], storage: Storage = new MemoryStorage()) {
  let now = 1_000
  const timers: { at: number; fn: () => void }[] = []
  const sent: Tap[] = []
  const events: QueueEvent[] = []
  let ids = 0
  const queue = new TapQueue({
    storage,
    send: async (tap) => {
      sent.push(tap)
      const next = answers.shift()
      if (!next) throw new Error('no answer scripted')
      return next
    },
    now: () => now,
    schedule: (fn, ms) => {
      const t = { at: now + ms, fn }
      timers.push(t)
      return t
    },
    cancel: (h) => {
      const i = timers.indexOf(h as (typeof timers)[number])
      if (i >= 0) timers.splice(i, 1)
    },
    random: () => 1,
    newId: () => `t${++ids}`,
  })
  queue.subscribe((e) => events.push(e))
  const advance = async (ms: number) => {
    now += ms
    for (const t of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(t), 1)
      t.fn()
    }
    await queue.flush()
  }
  return { queue, sent, events, storage, advance, timers, answers }
}

describe('backoff', () => {
  it('doubles from 1 s to at most 30 s, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, RETRY_MAX_MS])
    expect(backoffMs(3, () => 0)).toBe(2000)
  })
  it('retries what may pass; gives up on what never will', () => {
    expect([0, 401, 408, 425, 429, 500, 502, 503].every(isRetryable)).toBe(true)
    expect([400, 403, 404, 409, 422].some(isRetryable)).toBe(false)
  })
})

describe('TapQueue', () => {
  it('saves a tap before sending it, and forgets it once answered', async () => {
    const h = harness([ok(person(1, 'Ada', 'checked_in'))])
    const tap = h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 1, label: 'Ada' })
    // Saved at once (before the answer).
    expect(JSON.parse(h.storage.getItem(QUEUE_KEY)!)).toEqual([{ ...tap }])
    await h.queue.flush()
    expect(h.sent.map((t) => t.id)).toEqual([tap.id])
    expect(h.storage.getItem(QUEUE_KEY)).toBeNull()
    expect(h.events.filter((e) => e.type === 'done')).toEqual([{ type: 'done', tap, attendee: person(1, 'Ada', 'checked_in') }])
  })

  it('through a flaky connection: kept, retried with backoff, in order, nothing lost', async () => {
    const h = harness([fail(0), fail(503), ok(person(1, 'Ada', 'checked_in')), ok(person(2, 'Bo', 'checked_in')), ok(person(1, 'Ada'))])
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 1, label: 'Ada' })
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 2, label: 'Bo' })
    h.queue.add({ kind: 'undo', slot: SLOT, attendee: 1, label: 'Ada' })
    await h.queue.flush()
    // First attempt failed: all three wait, the head due in 1 s.
    expect(h.queue.list().map((t) => [t.label, t.kind, t.attempts])).toEqual([['Ada', 'checkin', 1], ['Bo', 'checkin', 0], ['Ada', 'undo', 0]])
    expect(h.sent.length).toBe(1)
    await h.advance(999)
    expect(h.sent.length).toBe(1)
    await h.advance(1) // 1 s: second attempt, a 503
    expect(h.sent.length).toBe(2)
    expect(h.queue.list()[0]!.attempts).toBe(2)
    expect(h.queue.lastProblem).toBe('x')
    await h.advance(1999)
    expect(h.sent.length).toBe(2)
    await h.advance(1) // 2 s later: everything goes, in the order tapped
    expect(h.sent.map((t) => `${t.kind}:${t.label}`)).toEqual(['checkin:Ada', 'checkin:Ada', 'checkin:Ada', 'checkin:Bo', 'undo:Ada'])
    expect(h.queue.list()).toEqual([])
    expect(h.queue.lastProblem).toBeNull()
  })

  it('a tap refused for good is dropped with its sentence; the next ones still go', async () => {
    const notOnRoster = "That code is not on this slot's roster. Check the code, or add the person as a walk-in."
    const h = harness([fail(404, notOnRoster), ok(person(2, 'Bo', 'checked_in'))])
    h.queue.add({ kind: 'code', slot: SLOT, code: 'ABCD-2345', label: 'ABCD-2345' })
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 2, label: 'Bo' })
    await h.queue.flush()
    expect(h.events.filter((e) => e.type !== 'change').map((e) => (e.type === 'failed' ? e.message : e.type))).toEqual([notOnRoster, 'done'])
    expect(h.queue.list()).toEqual([])
  })

  it('survives a reload: a new queue on the same storage sends what was left', async () => {
    const storage = new MemoryStorage()
    const first = harness([fail(0)], storage)
    first.queue.add({ kind: 'walkin', slot: SLOT, name: 'Cy Walker', clientId: 'client-1', label: 'Cy Walker' })
    await first.queue.flush()
    first.queue.dispose()
    const second = harness([ok({ ...person(9, 'Cy Walker', 'checked_in'), walkIn: true })], storage)
    expect(second.queue.list().map((t) => t.label)).toEqual(['Cy Walker'])
    await second.queue.retryNow()
    // The walk-in went again with the same clientId: the service returns the same walk-in.
    expect(second.sent.map((t) => t.kind === 'walkin' && t.clientId)).toEqual(['client-1'])
    expect(second.queue.list()).toEqual([])
  })

  it('retryNow sends at once, without waiting out the backoff (back online)', async () => {
    const h = harness([fail(0), ok(person(1, 'Ada', 'checked_in'))])
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 1, label: 'Ada' })
    await h.queue.flush()
    expect(h.queue.list()[0]!.nextAt).toBeGreaterThan(1_000)
    await h.queue.retryNow()
    expect(h.sent.length).toBe(2)
    expect(h.queue.list()).toEqual([])
  })

  it('a sender that throws counts as no connection: the tap stays', async () => {
    const h = harness([])
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 1, label: 'Ada' })
    await h.queue.flush()
    expect(h.queue.list().map((t) => t.attempts)).toEqual([1])
  })

  it('without storage the taps live in memory', async () => {
    const broken = new MemoryStorage()
    broken.setItem = () => {
      throw new Error('QuotaExceededError')
    }
    const h = harness([fail(0)], broken)
    h.queue.add({ kind: 'checkin', slot: SLOT, attendee: 1, label: 'Ada' })
    await h.queue.flush()
    expect(h.queue.list().map((t) => [t.label, t.attempts])).toEqual([['Ada', 1]])
  })
})

describe('applyPending', () => {
  const roster = [person(1, 'Ada'), person(2, 'Bo', 'checked_in'), person(3, 'Cy')]
  const tap = (t: Partial<Tap> & Pick<Tap, 'kind'>): Tap => ({ id: 'x', slot: SLOT, label: '', queuedAt: 0, attempts: 0, nextAt: 0, ...t }) as Tap
  it('shows unsent check-ins and undos, and unsent walk-ins at the end', () => {
    const shown = applyPending(roster, [
      tap({ kind: 'checkin', attendee: 1 }),
      tap({ kind: 'undo', attendee: 2 }),
      tap({ kind: 'walkin', name: 'Dee', clientId: 'c', queuedAt: Date.UTC(2027, 0, 16, 16) }),
      tap({ kind: 'checkin', attendee: 99 }),
    ])
    expect(shown.map((a) => [a.id, a.name, a.status, a.pending])).toEqual([
      [1, 'Ada', 'checked_in', true],
      [2, 'Bo', 'confirmed', true],
      [3, 'Cy', 'confirmed', false],
      [-1, 'Dee', 'checked_in', true],
    ])
  })
  it('the last tap wins: check in then undo shows not checked in', () => {
    const shown = applyPending(roster, [tap({ kind: 'checkin', attendee: 1 }), tap({ kind: 'undo', attendee: 1 })])
    expect(shown[0]!.status).toBe('confirmed')
  })
})

describe('tapSender', () => {
  it('each kind of tap calls its endpoint', async () => {
    const base = `/organize/slots/${SLOT}`
    const m = makeClient({
      [`POST ${base}/checkins`]: () => json({ attendee: person(1, 'Ada', 'checked_in') }),
      [`POST ${base}/checkins/undo`]: () => json({ attendee: person(1, 'Ada') }),
      [`POST ${base}/walkins`]: () => json({ attendee: person(5, 'Eve', 'checked_in') }, 201),
    })
    const send = tapSender(m.client)
    const t = (x: object) => ({ id: 'i', slot: SLOT, label: 'l', queuedAt: 0, attempts: 0, nextAt: 0, ...x }) as Tap
    await send(t({ kind: 'checkin', attendee: 1 }))
    await send(t({ kind: 'code', code: 'ABCD-2345' }))
    await send(t({ kind: 'undo', attendee: 1 }))
    const walk = await send(t({ kind: 'walkin', name: 'Eve', clientId: 'c-9' }))
    expect(walk).toMatchObject({ ok: true, status: 201 })
    expect(m.calls.map((c) => [c.url.replace(`/api${base}`, ''), c.body])).toEqual([
      ['/checkins', { attendee: 1 }],
      ['/checkins', { code: 'ABCD-2345' }],
      ['/checkins/undo', { attendee: 1 }],
      ['/walkins', { name: 'Eve', clientId: 'c-9' }],
    ])
  })
})
