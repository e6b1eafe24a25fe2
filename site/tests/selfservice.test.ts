// Issue 13 on the site: spots left, the waitlist offer, cancel links, the dashboard's RSVPs and data.
import { describe, expect, it } from 'vitest'
import { attachmentName, type Api } from '../src/api/client'
import { CANCEL_MSG, confirmCancel, previewCancel } from '../src/api/cancel'
import { EXPORT_FILE, calendarFile, cancelMyRsvp, deleteAccount, fetchFile, myRsvps, splitRsvps, type MyRsvp } from '../src/api/me'
import { RSVP_MSG, rsvpAsGuest, rsvpAsUser, rsvpStats, spotsText } from '../src/api/rsvp'
import { slotStateOf, slotStates } from '../src/events/slotRsvp'
import { limitedIds } from '../src/events/schedule'
import { USER, fakeFetch, json, makeClient, offlineApi, publicApi } from './helpers'

let api: Api = offlineApi()
const FULL = { error: 'This time slot is full. Join the waitlist?', full: true }
const WAITLISTED = { status: 'waitlisted', position: 3, message: 'You are #3 on the waitlist. We will email you if a spot opens up.' }
const FORM = { firstName: ' Ada ', lastName: 'King', email: 'ada@example.org ', phone: '' }

/** Answer the public calls (made through `api`) from `routes`. */
function stubFetch(routes: Parameters<typeof fakeFetch>[0]) {
  const p = publicApi(routes)
  api = p.api
  return p.calls
}

describe('spots left', () => {
  it('texts: several, one, full; nothing for an unlimited slot', () => {
    expect(spotsText({ capacity: 10, remaining: 4 })).toBe('4 spots left')
    expect(spotsText({ capacity: 10, remaining: 1 })).toBe('1 spot left')
    expect(spotsText({ capacity: 10, remaining: 0 })).toBe('Full: join the waitlist')
    expect(spotsText({ capacity: null, remaining: null })).toBeNull()
  })
  it('GET /rsvp reads count, capacity, remaining and waitlist; the spec\'s {count} alone is unlimited', async () => {
    const calls = stubFetch({ 'GET /rsvp': (c) => (c.url.includes('limited') ? json({ count: 6, capacity: 10, remaining: 4, waitlist: 0 }) : json({ count: 2 })) })
    expect(await rsvpStats(api, 'limited-1-00-pm')).toEqual({ ok: true, status: 200, data: { count: 6, capacity: 10, remaining: 4, waitlist: 0 } })
    expect(await rsvpStats(api, 'open')).toEqual({ ok: true, status: 200, data: { count: 2, capacity: null, remaining: null, waitlist: 0 } })
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('eventId')).toBe('limited-1-00-pm')
  })
  it('a failed count answers the server sentence', async () => {
    stubFetch({ 'GET /rsvp': () => json({ error: 'The RSVP service is unavailable. Please try again soon.' }, 503) })
    expect(await rsvpStats(api, 'x')).toEqual({ ok: false, status: 503, message: 'The RSVP service is unavailable. Please try again soon.' })
  })
  it('asks only about slots with a capacity, of account and guest events alike', () => {
    const events = [
      { slug: 'a', rsvp: 'account', slots: [{ id: 'a-1', capacity: 5 }, { id: 'a-2', capacity: null }] },
      { slug: 'g', rsvp: 'guest', slots: [{ id: 'g-1', capacity: 20 }, { id: 'g-2', capacity: 8 }] },
      { slug: 'u', rsvp: 'guest', slots: [{ id: 'u-1', capacity: null }] },
    ]
    expect(limitedIds(events)).toEqual(['a-1', 'g-1', 'g-2'])
  })
})

describe('waitlist: guest popup', () => {
  it('a full slot is offered the waitlist; joining re-posts with waitlist:true and gives the position', async () => {
    const calls = stubFetch({ 'POST /rsvp': (c) => ((c.body as { waitlist?: boolean }).waitlist ? json(WAITLISTED, 201) : json(FULL, 409)) })
    expect(await rsvpAsGuest(api, FORM)).toEqual({ ok: false, status: 409, message: FULL.error, full: true })
    expect(await rsvpAsGuest(api, FORM, true)).toEqual({ ok: true, status: 201, data: WAITLISTED })
    expect(calls[0]!.body).toEqual({ email: 'ada@example.org', firstName: 'Ada', lastName: 'King', phone: null })
    expect(calls[1]!.body).toEqual({ email: 'ada@example.org', firstName: 'Ada', lastName: 'King', phone: null, waitlist: true })
  })
  it('confirmed is created; already on the waitlist gives the position; other errors answer the server text', async () => {
    const confirmed = { status: 'confirmed', message: "You have RSVP'd! A confirmation email will be sent!" }
    stubFetch({ 'POST /rsvp': () => json(confirmed, 201) })
    expect(await rsvpAsGuest(api, FORM)).toEqual({ ok: true, status: 201, data: confirmed })
    const again = 'You are already on the waitlist for this time slot (#3).'
    stubFetch({ 'POST /rsvp': () => json({ error: again, position: 3 }, 409) })
    expect(await rsvpAsGuest(api, FORM, true)).toEqual({ ok: false, status: 409, message: again, position: 3 })
    stubFetch({ 'POST /rsvp': () => json({ error: "You have already RSVP'd to this event." }, 409) })
    const already = await rsvpAsGuest(api, FORM)
    expect(already).toEqual({ ok: false, status: 409, message: "You have already RSVP'd to this event." })
    expect(slotStateOf(already, false)).toEqual({ status: 'error', message: "You have already RSVP'd to this event." })
    api = offlineApi()
    expect(await rsvpAsGuest(api, FORM)).toEqual({ ok: false, status: 0, message: RSVP_MSG.popupError })
  })
})

describe('waitlist: signed-in slot RSVP', () => {
  const id = 'clinic-1-00-1-50-pm'
  async function signedIn(post: (c: { body: unknown }) => Response) {
    const m = makeClient({
      'POST /auth/login': () => json({ accessToken: 'tok', user: USER }),
      'POST /rsvp': post,
    })
    await m.client.login('a', 'b')
    return m
  }
  it('full, then join: the slot state goes full -> waitlisted with the service\'s texts', async () => {
    const { client, calls } = await signedIn((c) => ((c.body as { waitlist?: boolean }).waitlist ? json(WAITLISTED, 201) : json(FULL, 409)))
    const full = await rsvpAsUser(client, id, USER)
    expect(full).toEqual({ ok: false, status: 409, message: FULL.error, full: true })
    expect(slotStateOf(full, true)).toEqual({ status: 'full', message: 'This time slot is full. Join the waitlist?' })
    const joined = await rsvpAsUser(client, id, USER, true)
    expect(slotStateOf(joined, true)).toEqual({ status: 'waitlisted', message: 'You are #3 on the waitlist. We will email you if a spot opens up.' })
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/rsvp')
    expect(posts.map((c) => (c.body as { waitlist?: boolean }).waitlist)).toEqual([undefined, true])
    expect(posts[1]!.headers.get('x-auth-token')).toBe('tok')
  })
  it("created and already are done with their confirmation; a failure is an error in the slot, in the service's words when it sent some", async () => {
    const created = (message: string) => ({ ok: true, status: 201, data: { status: 'confirmed', message, eventId: id, event: 'e', email: USER.email } }) as const
    expect(slotStateOf(created(RSVP_MSG.success), true)).toEqual({ status: 'done', message: RSVP_MSG.success })
    const held = "You have RSVP'd! A confirmation email will be sent! We have emailed your parent or guardian: your spot is held for 48 hours until they approve."
    expect(slotStateOf(created(held), true)).toEqual({ status: 'done', message: held })
    expect(slotStateOf({ ok: false, status: 409, message: "You have already RSVP'd to this event." }, true)).toEqual({ status: 'done', message: RSVP_MSG.already })
    const offline = await signedIn(() => { throw new TypeError('offline') })
    expect(slotStateOf(await rsvpAsUser(offline.client, id, USER), true)).toEqual({ status: 'error', message: RSVP_MSG.failed })
    const ended = 'This time slot has ended; RSVPs are closed.'
    const { client } = await signedIn(() => json({ error: ended }, 410))
    const result = await rsvpAsUser(client, id, USER)
    expect(result).toEqual({ ok: false, status: 410, message: ended })
    expect(slotStateOf(result, true)).toEqual({ status: 'error', message: ended })
  })
  it('a slot known to be full offers its waitlist before any RSVP attempt', async () => {
    const { shownState } = await import('../src/events/slotRsvp')
    const full = { count: 3, capacity: 3, remaining: 0, waitlist: 1 }
    expect(shownState(undefined, full)).toEqual({ status: 'full' })
    expect(shownState(undefined, { ...full, count: 2, remaining: 1 })).toEqual({ status: 'idle' })
    expect(shownState(undefined, undefined)).toEqual({ status: 'idle' })
    expect(shownState({ status: 'done' }, full)).toEqual({ status: 'done' })
    expect(shownState({ status: 'waitlisted', message: 'You are #1 on the waitlist.' }, full).status).toBe('waitlisted')
  })
  it('the fallback text when the service sends none', async () => {
    const { client } = await signedIn(() => json({ full: true }, 409))
    expect(await rsvpAsUser(client, id, USER)).toEqual({ ok: false, status: 409, message: RSVP_MSG.failed, full: true })
  })
})

describe('cancel from an email link', () => {
  const preview = { event: 'Clinic', date_text: 'July 27, 2025', time: '1:00-1:50 PM', location: 'Gym', status: 'confirmed', position: null, path: '/events/clinic' }
  it('preview posts the token in the body (never the URL) and changes nothing', async () => {
    const calls = stubFetch({ 'POST /rsvp/cancel/preview': () => json(preview) })
    expect(await previewCancel(api, 'secret-token')).toEqual({ ok: true, status: 200, data: preview })
    expect(calls[0]!.credentials).toBe('omit')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/rsvp/cancel/preview')
    expect(calls[0]!.body).toEqual({ token: 'secret-token' })
  })
  it('invalid, used and started links show the service sentence; a cancelled preview is "already cancelled"', async () => {
    const started = 'This time slot has already started, so it can no longer be cancelled online. Please contact the organizer.'
    stubFetch({ 'POST /rsvp/cancel/preview': () => json({ error: CANCEL_MSG.invalid }, 404) })
    expect(await previewCancel(api, 't')).toMatchObject({ ok: false, message: CANCEL_MSG.invalid })
    stubFetch({ 'POST /rsvp/cancel/preview': () => json({ error: started }, 410) })
    expect(await previewCancel(api, 't')).toMatchObject({ ok: false, message: started })
    stubFetch({ 'POST /rsvp/cancel/preview': () => json({ ...preview, status: 'cancelled' }) })
    expect(await previewCancel(api, 't')).toMatchObject({ ok: false, message: CANCEL_MSG.already })
    stubFetch({ 'POST /rsvp/cancel/preview': () => new Response('oops', { status: 404 }) })
    expect(await previewCancel(api, 't')).toMatchObject({ ok: false, message: CANCEL_MSG.invalid })
  })
  it('cancel posts the token and shows the confirmation; errors and network failures are sentences', async () => {
    const calls = stubFetch({ 'POST /rsvp/cancel': () => json({ message: CANCEL_MSG.done, status: 'cancelled' }) })
    expect(await confirmCancel(api, 'tok')).toEqual({ ok: true, status: 200, data: { message: CANCEL_MSG.done, status: 'cancelled' } })
    expect(calls[0]!.body).toEqual({ token: 'tok' })
    stubFetch({ 'POST /rsvp/cancel': () => json({ error: CANCEL_MSG.already }, 410) })
    expect(await confirmCancel(api, 'tok')).toEqual({ ok: false, status: 410, message: CANCEL_MSG.already })
    api = offlineApi()
    expect(await confirmCancel(api, 'tok')).toEqual({ ok: false, status: 0, message: CANCEL_MSG.network })
  })
})

describe('dashboard: your RSVPs and your data', () => {
  const rsvp = (id: number, extra: Partial<MyRsvp>): MyRsvp => ({
    id, eventId: `e${id}`, event: `e${id}`, title: `E${id}`, date: '2025-07-27', date_text: 'July 27, 2025', time: '1:00 PM',
    location: 'Gym', start: '', end: '', path: `/events/e${id}`, status: 'confirmed', position: null, past: false, createdAt: '2025-07-01T12:00:00-05:00', code: null, qr: null, checkedIn: false, consent: null, ...extra,
  })
  async function signedIn(routes: Parameters<typeof makeClient>[0]) {
    const m = makeClient({ 'POST /auth/login': () => json({ accessToken: 'tok', user: USER }), ...routes })
    await m.client.login('a', 'b')
    return m
  }

  it('lists with the token; upcoming (in the service order) above past', async () => {
    const list = [rsvp(1, {}), rsvp(2, { status: 'waitlisted', position: 2 }), rsvp(3, { past: true })]
    const { client, calls } = await signedIn({ 'GET /me/rsvps': () => json({ rsvps: list }) })
    const got = await myRsvps(client)
    expect(got.ok).toBe(true)
    expect(splitRsvps(got.ok ? got.data : [])).toEqual({ upcoming: [list[0], list[1]], past: [list[2]] })
    expect(calls.at(-1)!.headers.get('x-auth-token')).toBe('tok')
    const failing = await signedIn({ 'GET /me/rsvps': () => json({ error: 'x' }, 500) })
    expect(await myRsvps(failing.client)).toEqual({ ok: false, status: 500, message: 'x' })
  })

  it('cancel posts to the RSVP id and shows the service sentence', async () => {
    const { client, calls } = await signedIn({
      'POST /me/rsvps/7/cancel': () => json({ message: 'Your spot is cancelled. We have emailed you a confirmation.', status: 'cancelled' }),
      'POST /me/rsvps/8/cancel': () => json({ error: 'This RSVP was already cancelled. There is nothing more to do.' }, 410),
    })
    expect(await cancelMyRsvp(client, 7)).toMatchObject({ ok: true, data: { message: 'Your spot is cancelled. We have emailed you a confirmation.' } })
    expect(calls.at(-1)!.headers.get('x-auth-token')).toBe('tok')
    expect(await cancelMyRsvp(client, 8)).toMatchObject({ ok: false, message: 'This RSVP was already cancelled. There is nothing more to do.' })
    expect(await cancelMyRsvp(client, 9)).toMatchObject({ ok: false, message: 'not found' })
  })

  it('.ics and export are fetched with the token and named from Content-Disposition', async () => {
    const { client, calls } = await signedIn({
      'GET /me/rsvps/7/calendar.ics': () => new Response('BEGIN:VCALENDAR', { headers: { 'Content-Type': 'text/calendar' } }),
      'GET /me/export': () => new Response('{}', { headers: { 'Content-Disposition': 'attachment; filename="civicstl-data.json"' } }),
    })
    const ics = await fetchFile(client, calendarFile(7), 'clinic.ics')
    if (!ics.ok) throw new Error(ics.message)
    expect(ics.data.name).toBe('clinic.ics')
    expect(await ics.data.blob.text()).toBe('BEGIN:VCALENDAR')
    expect(await fetchFile(client, EXPORT_FILE, 'x.json')).toMatchObject({ ok: true, data: { name: 'civicstl-data.json' } })
    expect(calls.filter((c) => c.url.startsWith('/api/me/')).every((c) => c.headers.get('x-auth-token') === 'tok')).toBe(true)
    expect(await fetchFile(client, calendarFile(9), 'x')).toMatchObject({ ok: false, message: 'not found' })
    expect(attachmentName('attachment; filename=data.json', 'x')).toBe('data.json')
    expect(attachmentName(null, 'fallback.json')).toBe('fallback.json')
  })

  it('delete sends the password (or the DELETE confirmation) and reports the outcome', async () => {
    const wrong = 'The password is not correct. Please try again.'
    const { client, calls } = await signedIn({
      'POST /me/delete': (c) =>
        (c.body as { password?: string }).password === 'bad' ? json({ error: wrong }, 403) : json({ message: 'Your account and its data are deleted.' }),
    })
    expect(await deleteAccount(client, { password: 'bad' })).toEqual({ ok: false, status: 403, message: wrong })
    const deleted = { ok: true, status: 200, data: { message: 'Your account and its data are deleted.' } }
    expect(await deleteAccount(client, { password: 'good' })).toEqual(deleted)
    expect(await deleteAccount(client, { confirm: 'DELETE' })).toEqual(deleted)
    expect(calls.filter((c) => c.url === '/api/me/delete').map((c) => c.body)).toEqual([{ password: 'bad' }, { password: 'good' }, { confirm: 'DELETE' }])
  })
})

describe('a signed-in visitor back on a page', () => {
  it("their RSVPs show as RSVP'd! or waitlist places, on the open slots only", () => {
    const base = { event: 'e', title: 'E', date: '', date_text: '', time: '', location: '', start: '', end: '', path: '/', past: false, code: null, qr: null, checkedIn: false }
    const rsvps = [
      { ...base, id: 1, eventId: 'a', status: 'waitlisted' as const, position: 2 },
      { ...base, id: 2, eventId: 'b', status: 'confirmed' as const, position: null },
      { ...base, id: 3, eventId: 'c', status: 'waitlisted' as const, position: 1 },
    ]
    expect(slotStates(rsvps, ['a', 'b'])).toEqual({
      a: { status: 'waitlisted', message: 'You are #2 on the waitlist.' },
      b: { status: 'done' },
    })
  })
})
