// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/verify-hours"}
// /verify-hours is HTML once (one prerendered page for every code); src/light/verifyHours.ts reads the code of
// the address, asks the service and shows the record, the service's sentence with the form, or the form.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMPACT_MSG } from '../src/api/impact'
import { UNNAMED_ATTESTER } from '../src/api/hoursRecord'
import { NETWORK_MSG } from '../src/api/client'
import { RECORD_CHECKING, RECORD_CONFIRMED, enhanceVerifyHours } from '../src/light/verifyHours'
import { fakeFetch, json } from './helpers'

vi.mock('vike-react/useData', () => ({ useData: () => ({ meta: { title: 'Verify service hours' } }) }))

const CODE = 'MTI.c2lnbmF0dXJl-x_Y'
const ENTRY = {
  title: 'Tiny <b>Workshop</b>', organization: 'KEEN St. Louis', date: '2025-05-01', date_text: 'May 1, 2025', hours: 1.5,
  time: '6:00-7:30 PM', start: '2025-05-01T18:00:00-05:00', end: '2025-05-01T19:30:00-05:00', service_type: 'food_security',
  attestation: { method: 'check-in', name: 'Kim Park', role: 'Organizer', organization: 'KEEN St. Louis', email: null, at: '2025-05-01T18:10:00-05:00' },
}
const OLD = { ...ENTRY, title: 'Park cleanup', time: null, service_type: null, attestation: null, hours: 2 }
// The sentences are the service's (impact/statements.py): the page shows whatever it sends, as text.
const CHECKED = { checked: ['Checked <i>one</i>.', 'Checked two.'], notChecked: ['Not checked.'], note: null }
const RECORD = {
  code: CODE, name: 'Ada <img src=x onerror=alert(1)>', issuedAt: '2025-05-20T12:00:00-05:00', hours: 3.5, revoked: false, entries: [ENTRY, OLD],
  period: null, purpose: null, checked: CHECKED,
}

async function page(path: string, routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes)
  vi.stubGlobal('fetch', fake.fetch)
  window.history.replaceState(null, '', path)
  const { default: Page } = await import('../pages/(app)/verify-hours/+Page')
  document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(Page))}</main>`
  return fake
}
const main = () => document.querySelector('main')!
const form = () => main().querySelector('form')!

beforeEach(() => window.history.replaceState(null, '', '/verify-hours'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('the page as HTML', () => {
  it('says it is checking, keeps the form hidden, and serializes nothing for a script', async () => {
    await page('/verify-hours', {})
    expect(main().querySelector('[role=status]')!.textContent).toBe(RECORD_CHECKING)
    expect(form().hidden).toBe(true)
    expect(main().querySelector('script')).toBeNull()
    expect(main().innerHTML).toContain('<noscript>')
  })
})

describe('the enhancement', () => {
  it('shows the checking status until the service answers, then the record as text, with the PDF link', async () => {
    let answer!: (r: Response) => void
    const fake = await page(`/verify-hours/${CODE}`, { [`GET /hours-records/${CODE}`]: () => new Promise<Response>((r) => (answer = r)) })
    const done = enhanceVerifyHours(document)
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1))
    expect(main().querySelector('[role=status]')!.textContent).toBe(RECORD_CHECKING)
    expect(main().querySelector('article')).toBeNull()
    answer(json(RECORD))
    await done
    // A public call: no cookie, no token.
    expect(fake.calls[0]!.credentials).toBe('omit')
    expect(fake.calls[0]!.headers.get('x-auth-token')).toBeNull()
    expect(main().querySelector('[data-checking]')).toBeNull()
    expect(main().querySelector('form')).toBeNull()
    const article = main().querySelector('article.card.hours-record')!
    expect(article.getAttribute('aria-labelledby')).toBe('record-name')
    expect(article.querySelector('p.success[role=status]')!.textContent).toBe(RECORD_CONFIRMED)
    // The service's text is data: the name and title are shown as typed, no element made of them.
    expect(article.querySelector('h2#record-name')!.textContent).toBe(RECORD.name)
    expect(article.querySelector('img, b')).toBeNull()
    expect(article.querySelector('article > p:nth-of-type(2)')!.textContent).toBe('3.5 hours of verified volunteer service, record issued May 20, 2025.')
    const rows = [...article.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))
    expect(rows).toEqual([
      ['May 1, 20256:00-7:30 PM', 'Tiny <b>Workshop</b>KEEN St. LouisService: Food security', '1.5', 'Kim Park, Organizer, KEEN St. Louis; by check-in at 6:10 PM'],
      ['May 1, 2025', 'Park cleanupKEEN St. LouisService: Other', '2', UNNAMED_ATTESTER],
    ])
    expect(article.querySelector('tfoot')!.innerHTML).toBe('<tr><th scope="row" colspan="2">Total</th><td>3.5</td><td></td></tr>')
    expect([...article.querySelectorAll('thead th[scope=col]')].map((th) => th.textContent)).toEqual(['Date and times', 'Event, organization and service', 'Hours', 'Attested by'])
    expect(article.querySelector('h3')!.textContent).toBe('What CivicSTL checked')
    expect([...article.querySelectorAll('ul.record-checked')].map((ul) => [...ul.children].map((li) => li.textContent))).toEqual([
      ['Checked <i>one</i>.', 'Checked two.'],
      ['Not checked.'],
    ])
    expect(article.querySelector('i')).toBeNull()
    // A record issued before purposes and periods says neither.
    expect(article.querySelector('.record-about')).toBeNull()
    expect(article.querySelector('code.record-code')!.textContent).toBe(CODE)
    const links = [...article.querySelectorAll<HTMLAnchorElement>('a.btn.btn-secondary')]
    expect(links.map((a) => [a.getAttribute('href'), a.hasAttribute('download'), a.textContent])).toEqual([
      [`/api/hours-records/${CODE}.pdf`, true, 'Download PDF'],
      [`/api/hours-records/${CODE}.csv`, true, 'Download the CSV'],
    ])
    // happy-dom has no print dialog: a stand-in records the call.
    const print = vi.fn()
    vi.stubGlobal('print', print)
    article.querySelector<HTMLButtonElement>('.no-print button[type=button]')!.click()
    expect(print).toHaveBeenCalledOnce()
  })

  it('an A+ record: purpose and period, A+ marks, an entry confirmed by email, and the note from the service', async () => {
    const emailed = {
      ...ENTRY, title: 'Reading buddies', service_type: 'tutoring', a_plus_eligible: true,
      attestation: { method: 'email', name: 'Lee Ross', role: 'Teacher', organization: 'Oak School', email: 'lee@oak.example', at: '2026-09-03T21:30:00-05:00' },
    }
    const record = {
      ...RECORD, entries: [emailed, { ...ENTRY, a_plus_eligible: false }], purpose: 'a-plus',
      period: { kind: 'school-year', from: '2026-08-01', to: '2027-07-31' },
      checked: { ...CHECKED, note: 'The coordinator must still approve them.' },
    }
    await page(`/verify-hours/${CODE}`, { [`GET /hours-records/${CODE}`]: () => json(record) })
    await enhanceVerifyHours(document)
    const article = main().querySelector('article')!
    expect(article.querySelector('.record-about')!.textContent).toBe('Purpose: Missouri A+ Scholarship · Period: Aug 1, 2026 – Jul 31, 2027')
    const rows = [...article.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))
    expect(rows[0]![1]).toBe('Reading buddiesKEEN St. LouisService: TutoringA+ eligible')
    expect(rows[0]![3]).toBe('Lee Ross, Teacher, Oak School, lee@oak.example; by email confirmation on Sep 3, 2026')
    expect(rows[1]![1]).toBe('Tiny <b>Workshop</b>KEEN St. LouisService: Food security')
    expect(article.textContent).toContain('The coordinator must still approve them.')
  })

  it('a record of all hours says so', async () => {
    const record = { ...RECORD, purpose: 'nhs', period: { kind: 'all', from: null, to: null } }
    await page(`/verify-hours/${CODE}`, { [`GET /hours-records/${CODE}`]: () => json(record) })
    await enhanceVerifyHours(document)
    expect(main().querySelector('.record-about')!.textContent).toBe('Purpose: National Honor Society · Period: All verified hours')
  })

  it.each([
    ['a changed code (404)', 404, { error: IMPACT_MSG.invalid }, IMPACT_MSG.invalid],
    ['a revoked record (410)', 410, { error: 'This record was revoked by its owner.' }, 'This record was revoked by its owner.'],
    ['a failure without a sentence (500)', 500, {}, IMPACT_MSG.verifyFailed],
  ])('%s: the sentence as an alert, then the form, no record', async (_name, status, body, sentence) => {
    await page(`/verify-hours/${CODE}`, { [`GET /hours-records/${CODE}`]: () => json(body, status) })
    await enhanceVerifyHours(document)
    const alert = main().querySelector('p.error[role=alert]')!
    expect(alert.textContent).toBe(sentence)
    expect(alert.nextElementSibling).toBe(form())
    expect(form().hidden).toBe(false)
    expect(main().querySelector('article, [data-checking]')).toBeNull()
  })

  it('a service out of reach: the network sentence', async () => {
    await page(`/verify-hours/${CODE}`, {})
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await enhanceVerifyHours(document)
    expect(main().querySelector('[role=alert]')!.textContent).toBe(NETWORK_MSG)
  })

  it('no code: the form asks for one, says so when empty, and opens /verify-hours/<code> of a pasted link', async () => {
    const fake = await page('/verify-hours', {})
    await enhanceVerifyHours(document)
    expect(fake.calls).toHaveLength(0)
    expect(main().querySelector('[data-checking], [role=alert]')).toBeNull()
    expect(form().hidden).toBe(false)
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)
    const input = form().querySelector('input')!
    form().requestSubmit()
    expect(form().querySelector('[role=alert]')!.textContent).toBe(IMPACT_MSG.noCode)
    input.value = ' '
    input.dispatchEvent(new Event('input', { bubbles: true }))
    expect(form().querySelector('[role=alert]')).toBeNull()
    input.value = `https://civicstl.org/verify-hours/${CODE}`
    form().requestSubmit()
    expect(assign).toHaveBeenCalledWith(`/verify-hours/${encodeURIComponent(CODE)}`)
    expect(form().querySelector('[role=alert]')).toBeNull()
  })
})
