import createClient from 'openapi-fetch'
import { describe, expect, it, vi } from 'vitest'
import { createApi, provideApiModule } from '../src/api/client'
import { hasEnded, partitionEvents } from '../src/events/schedule'
import { splitName } from '../src/lib/names'
import { RSVP_MSG, rsvpAsUser } from '../src/api/rsvp'
import { slotStateOf } from '../src/events/slotRsvp'
import { partyText } from '../components/PartyGuests'
import { USER, fakeFetch, json, makeClient } from './helpers'

describe('names and dates', () => {
  it('first word is the first name, the rest the last name', () => {
    expect(splitName('Ada Lovelace King')).toEqual({ firstName: 'Ada', lastName: 'Lovelace King' })
    expect(splitName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' })
  })
  it('an event has ended once its end is past', () => {
    const end = '2025-07-27T15:50:00-05:00'
    expect(hasEnded(end, Date.parse('2025-07-27T15:49:00-05:00'))).toBe(false)
    expect(hasEnded(end, Date.parse('2025-07-27T15:50:00-05:00'))).toBe(true)
  })
  it('upcoming vs past follows the clock', () => {
    const events = [
      { slug: 'cleanup', end: '2025-04-27T15:00:00-05:00' },
      { slug: 'clinic', end: '2025-07-27T15:50:00-05:00' },
    ]
    const names = (n: number) => {
      const r = partitionEvents(events, n)
      return [r.upcoming.map((e) => e.slug), r.past.map((e) => e.slug)]
    }
    expect(names(Date.parse('2025-04-01T00:00:00Z'))).toEqual([['cleanup', 'clinic'], []])
    expect(names(Date.parse('2025-05-01T00:00:00Z'))).toEqual([['clinic'], ['cleanup']])
    expect(names(Date.parse('2026-01-01T00:00:00Z'))).toEqual([[], ['clinic', 'cleanup']])
  })
})

describe('RSVP as a signed-in user', () => {
  const id = 'inclusive-sports-clinic-1-00-1-50-pm'
  const placed = { status: 'confirmed', message: "You have RSVP'd! A confirmation email will be sent!" }
  async function signedIn(post: () => Response) {
    const m = makeClient({
      'POST /auth/login': () => json({ accessToken: 'tok', user: USER }),
      'POST /rsvp': post,
    })
    await m.client.login('a', 'b')
    return m
  }
  it('posts the slot id with the split name and the token', async () => {
    const { client, calls } = await signedIn(() => json(placed, 201))
    expect(await rsvpAsUser(client, id, USER)).toEqual({ ok: true, status: 201, data: placed })
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/rsvp')!
    expect(post.body).toEqual({ eventId: id, email: USER.email, firstName: 'Ada', lastName: 'Lovelace King', phone: null })
    expect(post.headers.get('x-auth-token')).toBe('tok')
    // The POST is the only call: its 409 is the answer to an RSVP made before.
    expect(calls.filter((c) => c.url.startsWith('/api/rsvp'))).toHaveLength(1)
  })
  it('sends the guests as one party, names trimmed and optional', async () => {
    const { client, calls } = await signedIn(() => json(placed, 201))
    expect(await rsvpAsUser(client, id, USER, false, [' Sam Roe ', ''])).toEqual({ ok: true, status: 201, data: placed })
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/rsvp')!
    expect((post.body as { guests: unknown }).guests).toEqual([{ name: 'Sam Roe' }, { name: '' }])
  })
  it('a roster entry names its guests and how many came', () => {
    expect(partyText({ partySize: 1, guests: [], present: null })).toBeNull()
    expect(partyText({ partySize: 3, guests: ['Sam Roe', 'Guest 2 of Ada King'], present: 2 })).toBe(
      'With 2 guests: Sam Roe, Guest 2 of Ada King · 2 of 3 here')
    expect(partyText({ partySize: 2, guests: ['Guest 1 of Ada King'], present: null })).toBe('With 1 guest: Guest 1 of Ada King')
  })
  it('a 409 is an RSVP already made, in the spec\'s sentence; other failures are errors', async () => {
    const state = async (post: () => Response) => slotStateOf(await rsvpAsUser((await signedIn(post)).client, id, USER), true)
    expect(await state(() => json({ error: 'dup' }, 409))).toEqual({ status: 'done', message: RSVP_MSG.already })
    expect(await state(() => json({ error: 'ended' }, 410))).toEqual({ status: 'error', message: 'ended' })
    expect(await state(() => json({}, 500))).toEqual({ status: 'error', message: RSVP_MSG.failed })
  })
  it('the slot\'s and the popup\'s texts are the spec\'s', () => {
    expect(RSVP_MSG.already).toBe("You have already RSVP'd to this event!")
    expect(RSVP_MSG.success).toBe("You have RSVP'd! A confirmation email will be sent!")
    expect(RSVP_MSG.failed).toBe('Failed to submit RSVP. Please try again.')
    expect(RSVP_MSG.popupSuccess('Ada', 'a@b.c')).toBe('Thank you for your RSVP, Ada! A confirmation email has been sent to a@b.c.')
  })
})

describe("the API client's module", () => {
  it('is the one the page provides (loaded with its modules), not fetched on the first call', async () => {
    const provided = vi.fn(createClient)
    provideApiModule(provided as typeof createClient)
    const f = fakeFetch({ 'GET /rsvp': () => json({ count: 1 }) })
    const api = createApi('http://localhost/api', f.fetch)
    const { data } = await api.GET('/api/rsvp', { params: { query: { eventId: 'garden-1' } } })
    expect(provided).toHaveBeenCalledTimes(1)
    expect(data).toEqual({ count: 1 })
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/rsvp?eventId=garden-1'])
  })
})
