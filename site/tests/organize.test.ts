// Issue 14's organizer calls: paths, bodies, the service's sentences, and what a failure looks like.
import { describe, expect, it } from 'vitest'
import { addWalkIn, checkIn, normalizeCode, searchAttendees, undoCheckIn } from '../src/api/checkin'
import { capacityText, organizeEvents, slotRoster, type Attendee } from '../src/api/organize'
import { ORGANIZE_MSG, isOrganizer, myRoles } from '../src/api/roles'
import { previewMessage, rosterCsv, sendMessage, setHours } from '../src/api/roster'
import { grantOrganizer, listOrganizers, revokeOrganizer } from '../src/api/grants'
import { json, makeClient } from './helpers'

const SLOT = 'keen-sports-saturdays-2026-12-19-9-30-10-20-am'
const ATTENDEE: Attendee = {
  id: 7, name: 'Ada King', email: 'ada@example.org', phone: '314-555-0101', rsvpAt: '2026-12-01T10:00:00-06:00',
  status: 'confirmed', position: null, walkIn: false, checkedInAt: null, hours: null,
  partySize: 1, guests: [], present: null, consent: null,
}
const NOT_ORGANIZER = 'You are not an organizer of KEEN St. Louis. Ask an admin to grant you the role.'

async function signedIn(routes: Parameters<typeof makeClient>[0]) {
  const m = makeClient({ 'POST /auth/login': () => json({ accessToken: 'tok', user: { name: 'O', email: 'o@example.org', role: 'volunteer', isVerified: true } }), ...routes })
  await m.client.login('o@example.org', 'pw')
  return m
}

describe('roles', () => {
  it('GET /me/roles with the access token; organizer when admin or with an organization', async () => {
    const { client, calls } = await signedIn({ 'GET /me/roles': () => json({ admin: false, organizations: [{ slug: 'keenstl', name: 'KEEN St. Louis' }] }) })
    const r = await myRoles(client)
    expect(r).toEqual({ ok: true, status: 200, data: { admin: false, organizations: [{ slug: 'keenstl', name: 'KEEN St. Louis' }] } })
    expect(calls.at(-1)!.headers.get('x-auth-token')).toBe('tok')
    expect(isOrganizer({ admin: false, organizations: [] })).toBe(false)
    expect(isOrganizer({ admin: true, organizations: [] })).toBe(true)
    if (r.ok) expect(isOrganizer(r.data)).toBe(true)
  })
})

describe('events and roster', () => {
  it('lists events; a 403 gives the service sentence and status', async () => {
    const { client } = await signedIn({ 'GET /organize/events': () => json({ events: [{ slug: 'e', slots: [] }] }) })
    expect(await organizeEvents(client)).toMatchObject({ ok: true, data: [{ slug: 'e', slots: [] }] })
    const other = await signedIn({ 'GET /organize/events': () => json({ error: NOT_ORGANIZER }, 403) })
    expect(await organizeEvents(other.client)).toEqual({ ok: false, status: 403, message: NOT_ORGANIZER })
  })
  it('a slot id is escaped in the path; a 403 without a sentence gets ours', async () => {
    const { client, calls } = await signedIn({ [`GET /organize/slots/${SLOT}`]: () => new Response('', { status: 403 }) })
    expect(await slotRoster(client, SLOT)).toEqual({ ok: false, status: 403, message: ORGANIZE_MSG.noRole })
    await slotRoster(client, 'a/b?c')
    expect(calls.at(-1)!.url).toBe('/api/organize/slots/a%2Fb%3Fc')
  })
  it('no connection: status 0 and the network sentence', async () => {
    const { client } = makeClient({}, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(await slotRoster(client, SLOT)).toEqual({ ok: false, status: 0, message: ORGANIZE_MSG.network })
  })
  it('CSV: the blob with the attachment name, or the sentence', async () => {
    const csv = '\ufeffName,Email\r\nAda King,ada@example.org\r\n'
    const { client } = await signedIn({
      [`GET /organize/slots/${SLOT}/roster.csv`]: () =>
        new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${SLOT}-roster.csv"` } }),
    })
    const r = await rosterCsv(client, SLOT)
    expect(r.ok && r.data.name).toBe(`${SLOT}-roster.csv`)
    expect(r.ok && new Uint8Array(await r.data.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]))
    const gone = await signedIn({ [`GET /organize/slots/${SLOT}/roster.csv`]: () => json({ error: NOT_ORGANIZER }, 403) })
    expect(await rosterCsv(gone.client, SLOT)).toEqual({ ok: false, status: 403, message: NOT_ORGANIZER })
  })
  it('search by name or email, any case; capacity text', () => {
    const list = [ATTENDEE, { ...ATTENDEE, id: 8, name: 'Bo Lin', email: 'bo@example.org' }]
    expect(searchAttendees(list, '  KING ').map((a) => a.id)).toEqual([7])
    expect(searchAttendees(list, 'bo@').map((a) => a.id)).toEqual([8])
    expect(searchAttendees(list, '').length).toBe(2)
    expect(capacityText({ capacity: 14, confirmed: 9 })).toBe('9 of 14 spots taken')
    expect(capacityText({ capacity: null, confirmed: 3 })).toBe('3 RSVPs (no limit)')
  })
})

describe('messages', () => {
  it('preview and send post the same message with preview true / false', async () => {
    const path = `POST /organize/slots/${SLOT}/messages`
    const { client, calls } = await signedIn({
      [path]: (c) =>
        (c.body as { preview: boolean }).preview
          ? json({ recipients: 3, subject: 'Parking', body: 'Use lot B.\n\n-- Sent by KEEN', replyTo: 'hello@keenstlouis.org' })
          : json({ recipients: 3, message: 'Your message is on its way to 3 people.' }, 202),
    })
    const m = { subject: 'Parking', body: 'Use lot B.', includeWaitlist: true, replyTo: 'organization' as const }
    expect(await previewMessage(client, SLOT, m)).toMatchObject({ ok: true, data: { recipients: 3, replyTo: 'hello@keenstlouis.org' } })
    expect(await sendMessage(client, SLOT, m)).toEqual({ ok: true, status: 202, data: { recipients: 3, message: 'Your message is on its way to 3 people.' } })
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages')).map((c) => c.body)).toEqual([
      { ...m, preview: true },
      { ...m, preview: false },
    ])
    expect(calls.at(-1)!.headers.get('Content-Type')).toBe('application/json')
  })
  it('a rate limit is the service sentence with 429', async () => {
    const limit = 'You have sent many messages in a short time. Please wait a few minutes and try again.'
    const { client } = await signedIn({ [`POST /organize/slots/${SLOT}/messages`]: () => json({ error: limit }, 429) })
    expect(await sendMessage(client, SLOT, { subject: 's', body: 'b', includeWaitlist: false })).toEqual({ ok: false, status: 429, message: limit })
  })
})

describe('check-in', () => {
  it('by attendee, by code, undo, walk-in and hours: paths and bodies', async () => {
    const answer = () => json({ attendee: { ...ATTENDEE, status: 'checked_in' } })
    const base = `/organize/slots/${SLOT}`
    const { client, calls } = await signedIn({
      [`POST ${base}/checkins`]: answer,
      [`POST ${base}/checkins/undo`]: () => json({ attendee: ATTENDEE }),
      [`POST ${base}/walkins`]: () => json({ attendee: { ...ATTENDEE, id: 9, walkIn: true, status: 'checked_in' } }, 201),
      [`POST ${base}/hours`]: () => json({}),
    })
    expect(await checkIn(client, SLOT, { attendee: 7 })).toMatchObject({ ok: true, data: { attendee: { status: 'checked_in' } } })
    await checkIn(client, SLOT, { code: 'ABCD-2345' })
    expect(await undoCheckIn(client, SLOT, 7)).toMatchObject({ ok: true, data: { attendee: { status: 'confirmed' } } })
    expect(await addWalkIn(client, SLOT, { name: 'Cy', email: '', clientId: 'c-1' })).toMatchObject({ ok: true, status: 201 })
    await addWalkIn(client, SLOT, { name: 'Di', email: 'di@example.org', clientId: 'c-2' })
    await setHours(client, SLOT, 7, 1.5)
    expect(calls.filter((c) => c.method === 'POST' && c.url.includes('/slots/')).map((c) => [c.url.split('/').slice(-2).join('/'), c.body])).toEqual([
      [`${SLOT}/checkins`, { attendee: 7 }],
      [`${SLOT}/checkins`, { code: 'ABCD-2345' }],
      ['checkins/undo', { attendee: 7 }],
      [`${SLOT}/walkins`, { name: 'Cy', clientId: 'c-1' }],
      [`${SLOT}/walkins`, { name: 'Di', email: 'di@example.org', clientId: 'c-2' }],
      [`${SLOT}/hours`, { attendee: 7, hours: 1.5 }],
    ])
  })
  it('outside the window or not on the roster: the sentence and the status', async () => {
    const closed = 'Check-in for this slot opens at 9:00 AM on Saturday, December 19.'
    const { client } = await signedIn({ [`POST /organize/slots/${SLOT}/checkins`]: () => json({ error: closed }, 409) })
    expect(await checkIn(client, SLOT, { attendee: 7 })).toEqual({ ok: false, status: 409, message: closed })
  })
  it('codes: spaces, case and look-alikes normalized; anything else refused', () => {
    expect(normalizeCode('abcd-2345')).toBe('ABCD-2345')
    expect(normalizeCode(' ab cd 23 45 ')).toBe('ABCD-2345')
    expect(normalizeCode('ABCDO2IL')).toBe('ABCD-0211')
    expect(normalizeCode('ABCD-234')).toBeNull()
    expect(normalizeCode('ABCD-2345-6')).toBeNull()
    expect(normalizeCode('ABCU-2345')).toBeNull()
    expect(normalizeCode('https://evil.example/ABCD2345')).toBeNull()
  })
})

describe('admin grants', () => {
  it('list, grant (trimmed address), revoke; the 404 sentence comes through', async () => {
    const noAccount = 'No account uses that email address. Ask the person to sign up first.'
    const { client, calls } = await signedIn({
      'GET /admin/organizers': () => json({ organizers: [{ email: 'o@example.org', name: 'O', organization: { slug: 'keenstl', name: 'KEEN St. Louis' }, grantedAt: '2026-01-01T00:00:00Z' }] }),
      'POST /admin/organizers': (c) => ((c.body as { email: string }).email === 'new@example.org' ? json({}, 201) : json({ error: noAccount }, 404)),
      'POST /admin/organizers/revoke': () => json({}),
    })
    expect(await listOrganizers(client)).toMatchObject({ ok: true, data: [{ email: 'o@example.org' }] })
    expect(await grantOrganizer(client, '  new@example.org ', 'keenstl')).toMatchObject({ ok: true, status: 201 })
    expect(await grantOrganizer(client, 'ghost@example.org', 'keenstl')).toEqual({ ok: false, status: 404, message: noAccount })
    expect(await revokeOrganizer(client, 'o@example.org', 'keenstl')).toMatchObject({ ok: true })
    expect(calls.filter((c) => c.method === 'POST' && c.url.includes('admin')).map((c) => c.body)).toEqual([
      { email: 'new@example.org', organization: 'keenstl' },
      { email: 'ghost@example.org', organization: 'keenstl' },
      { email: 'o@example.org', organization: 'keenstl' },
    ])
  })
})
