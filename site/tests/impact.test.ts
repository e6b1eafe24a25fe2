// Impact and service-hours records: the dashboard's calls and the public verification of /verify-hours.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IMPACT_MSG, createRecord, hoursText, myImpact, myRecords, recordCsvUrl, recordPdfUrl, revokeRecord, svgDataUrl } from '../src/api/impact'
import { codeFromInput, codeFromPath, verifyRecord } from '../src/api/hoursRecord'
import { json, makeClient, offlineApi, publicApi } from './helpers'

const CODE = 'MTI.c2lnbmF0dXJl-x_Y'
const RECORD = {
  code: CODE, name: 'Ada King', issuedAt: '2027-01-20T12:00:00-06:00', hours: 1.5, revoked: false,
  entries: [{ title: 'Welcome Kits', organization: 'Doorways', date: '2027-01-16', date_text: 'January 16, 2027', hours: 1.5 }],
}
afterEach(() => vi.unstubAllGlobals())

async function signedIn(routes: Parameters<typeof makeClient>[0]) {
  const m = makeClient({ 'POST /auth/login': () => json({ accessToken: 'tok', user: { name: 'A', email: 'a@example.org', role: 'volunteer', isVerified: true } }), ...routes })
  await m.client.login('a@example.org', 'pw')
  return m
}

describe('impact', () => {
  it('GET /me/impact with the token; a failure is the service sentence or ours', async () => {
    const impact = { hours: 1.5, events: 1, organizations: 1, attended: [], badges: [] }
    const { client, calls } = await signedIn({ 'GET /me/impact': () => json(impact) })
    expect(await myImpact(client)).toEqual({ ok: true, status: 200, data: impact })
    expect(calls.at(-1)!.headers.get('x-auth-token')).toBe('tok')
    const broken = await signedIn({ 'GET /me/impact': () => new Response('oops', { status: 500 }) })
    expect(await myImpact(broken.client)).toEqual({ ok: false, status: 500, message: IMPACT_MSG.loadFailed })
  })
  it('hours and badge pictures', () => {
    expect(hoursText(1)).toBe('1 hour')
    expect(hoursText(2.5)).toBe('2.5 hours')
    expect(hoursText(0.8333333)).toBe('0.83 hours')
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" role="img"><title>First event #1</title></svg>'
    const url = svgDataUrl(svg)
    expect(url.startsWith('data:image/svg+xml,')).toBe(true)
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg)
    expect(url).not.toMatch(/[#"<> ]/)
  })
})

describe('records on the dashboard', () => {
  it('create (POST), list, revoke: paths and answers', async () => {
    const { client, calls } = await signedIn({
      'POST /me/hours-records': () => json({ code: CODE, url: `http://x/verify-hours/${CODE}`, record: RECORD }, 201),
      'GET /me/hours-records': () => json({ records: [{ code: CODE, url: 'u', issuedAt: RECORD.issuedAt, revoked: false, hours: 1.5 }] }),
      [`POST /me/hours-records/${CODE}/revoke`]: () => json({}),
    })
    expect(await createRecord(client)).toMatchObject({ ok: true, data: { code: CODE, record: { hours: 1.5 } } })
    expect(await myRecords(client)).toMatchObject({ ok: true, data: [{ code: CODE }] })
    expect(await revokeRecord(client, CODE)).toEqual({ ok: true, status: 200, data: {} })
    expect(calls.filter((c) => c.url.includes('hours-records')).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/me/hours-records',
      'GET /api/me/hours-records',
      `POST /api/me/hours-records/${CODE}/revoke`,
    ])
    expect(recordPdfUrl((p) => `/api${p}`, 'a/b')).toBe('/api/hours-records/a%2Fb.pdf')
    expect(recordCsvUrl((p) => `/api${p}`, 'a/b')).toBe('/api/hours-records/a%2Fb.csv')
  })
})

describe('verification', () => {
  it('the code comes from /verify-hours/<code>, or from a pasted link', () => {
    expect(codeFromPath(`/verify-hours/${CODE}`)).toBe(CODE)
    expect(codeFromPath(`/verify-hours/${CODE}/`)).toBe(CODE)
    expect(codeFromPath('/verify-hours/a%2Bb')).toBe('a+b')
    expect(codeFromPath('/verify-hours/%E0%A4%A')).toBe('%E0%A4%A')
    expect(codeFromPath('/verify-hours')).toBeNull()
    expect(codeFromPath('/verify-hours/a/b')).toBeNull()
    expect(codeFromInput(`  https://civicstl.org/verify-hours/${CODE}?x=1 `)).toBe(CODE)
    expect(codeFromInput(` ${CODE} `)).toBe(CODE)
    expect(codeFromInput('   ')).toBeNull()
  })
  it('asks the service without credentials; a good record comes back as it is', async () => {
    const m = makeClient({ [`GET /hours-records/${CODE}`]: () => json(RECORD) })
    m.client.setAccessToken('tok')
    expect(await verifyRecord(m.client.api, CODE)).toEqual({ ok: true, status: 200, data: RECORD })
    expect(m.calls[0]!.credentials).toBe('omit')
    expect(m.calls[0]!.headers.get('x-auth-token')).toBeNull()
  })
  it('tampered (404) and revoked (410) give the service sentences; no connection says so', async () => {
    const invalid = 'This verification code is not valid. Check that the link was copied in full.'
    const revoked = 'This record was revoked by its owner.'
    const { api } = publicApi({
      'GET /hours-records/forged': () => json({ error: invalid }, 404),
      'GET /hours-records/old': () => json({ error: revoked, revoked: true }, 410),
      'GET /hours-records/down': () => new Response('', { status: 503 }),
    })
    expect(await verifyRecord(api, 'forged')).toEqual({ ok: false, status: 404, message: invalid })
    expect(await verifyRecord(api, 'old')).toEqual({ ok: false, status: 410, message: revoked, revoked: true })
    expect(await verifyRecord(api, 'down')).toEqual({ ok: false, status: 503, message: IMPACT_MSG.verifyFailed })
    expect(await verifyRecord(offlineApi(), CODE)).toEqual({ ok: false, status: 0, message: IMPACT_MSG.network })
  })
})
