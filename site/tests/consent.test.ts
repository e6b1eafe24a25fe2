import { describe, expect, it } from 'vitest'
import { rsvpAsGuest } from '../src/api/rsvp'
import { CONSENT_MSG, answerConsent, previewConsent } from '../src/api/consent'
import { consentFields, guardians } from '../src/events/guardians'
import { json, publicApi } from './helpers'

const SLOT = 'garden-volunteer-mornings-2027-06-05-8-00-10-00-am'
const PREVIEW = {
  volunteer: 'Mia Lee', event: 'Garden Volunteer Mornings', date_text: 'June 5, 2027', time: '8:00-10:00 AM',
  location: 'Missouri Botanical Garden', path: '/events/garden-volunteer-mornings/2027-06-05', status: 'awaiting',
} as const

describe('guardian consent', () => {
  it('an RSVP carries under18 and the guardian only once the person said they are under 18', async () => {
    const confirmed = { status: 'confirmed', message: 'ok', eventId: SLOT, event: 'e', email: 'mia@example.org' }
    const { api, calls } = publicApi({
      'POST /rsvp': (c) => json({ ...confirmed, consent: 'under18' in (c.body as object) ? 'awaiting' : null }, 201),
    })
    const form = { firstName: 'Mia', lastName: 'Lee', email: 'mia@example.org', phone: '' }
    expect(await rsvpAsGuest(api, form, false, SLOT)).toMatchObject({ ok: true, data: { status: 'confirmed', consent: null } })
    expect(calls[0]!.body).not.toHaveProperty('under18')
    guardians[SLOT] = ''
    expect(consentFields(SLOT)).toEqual({ under18: true })
    guardians[SLOT] = ' parent@example.net '
    // The seat is held until the guardian approves: the slot says so.
    expect(await rsvpAsGuest(api, form, false, SLOT)).toMatchObject({ ok: true, data: { consent: 'awaiting', message: 'ok' } })
    expect(calls[1]!.body).toMatchObject({ under18: true, guardianEmail: 'parent@example.net' })
    delete guardians[SLOT]
  })
  it('the page previews by POST with the token in the body, then posts the answer', async () => {
    const { api, calls } = publicApi({
      'POST /consent/preview': () => json(PREVIEW),
      'POST /consent/approve': () => json({ decision: 'approved', message: 'Thank you: you approved.' }),
    })
    expect(await previewConsent(api, '7-abc')).toEqual({ ok: true, status: 200, data: PREVIEW })
    expect(await answerConsent(api, '7-abc', 'approve')).toMatchObject({ ok: true, data: { message: 'Thank you: you approved.' } })
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/consent/preview', { token: '7-abc' }],
      ['POST', '/api/consent/approve', { token: '7-abc' }],
    ])
  })
  it('a bad or used link shows the service sentence', async () => {
    const used = 'This consent link was already used: the answer given then stands.'
    const { api } = publicApi({
      'POST /consent/preview': () => new Response('oops', { status: 404 }),
      'POST /consent/decline': () => json({ error: used }, 410),
    })
    expect(await previewConsent(api, 't')).toMatchObject({ ok: false, message: CONSENT_MSG.invalid })
    expect(await answerConsent(api, 't', 'decline')).toEqual({ ok: false, status: 410, message: used })
  })
})
