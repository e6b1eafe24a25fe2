// @vitest-environment happy-dom
// The dashboard's record form: the period and purpose picked and the entries checked are what POST
// /me/hours-records receives; the service's sentences (an empty period) are shown as they come.
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthClient } from '../src/auth/client'
import { HoursRecords } from '../components/HoursRecords'
import { RECORDS_MSG } from '../src/api/records'
import { json, makeClient, type Call } from './helpers'

const session: { client: AuthClient | null } = { client: null }
vi.mock('../src/auth/useAuth', () => ({ getAuthClient: () => session.client }))

const CODE = 'MTI.c2lnbmF0dXJl-x_Y'
const CHECKIN = { title: 'Park <b>cleanup</b>', organization: 'Doorways', date: '2027-01-16', date_text: 'January 16, 2027', hours: 2, id: 'slot-1',
  attestation: { method: 'check-in', name: 'Kim', role: 'Organizer', organization: 'Doorways', email: null, at: '2027-01-16T10:00:00-06:00' } }
const EMAILED = { ...CHECKIN, title: 'Reading buddies', date: '2027-02-03', date_text: 'February 3, 2027', hours: 1.5, id: 'outside-7',
  attestation: { ...CHECKIN.attestation, method: 'email' } }
const EMPTY = 'You have no verified hours in the period you chose. Choose a longer period, or all of your hours.'
const LISTED = { code: CODE, url: `http://x/verify-hours/${CODE}`, issuedAt: '2027-03-01T12:00:00-06:00', revoked: false, hours: 3.5,
  purpose: 'nhs', period: { kind: 'school-year', from: '2026-08-01', to: '2027-07-31' } }

let root: Root
let container: HTMLElement
let calls: Call[]

async function mount(entries: (call: Call) => Response) {
  const m = makeClient({
    'POST /auth/login': () => json({ accessToken: 'tok', user: { name: 'A', email: 'a@example.org', role: 'volunteer', isVerified: true } }),
    'GET /me/hours-records': () => json({ records: [LISTED] }),
    'GET /me/hours-entries': entries,
    'POST /me/hours-records': (call) =>
      (call.body as { period?: string } | undefined)?.period === 'last-12-months'
        ? json({ error: EMPTY }, 409)
        : json({ code: CODE, url: LISTED.url, record: { hours: 3.5 } }, 201),
  })
  await m.client.login('a@example.org', 'pw')
  session.client = m.client
  calls = m.calls
  await act(async () => root.render(createElement(HoursRecords)))
}
const q = <E extends Element>(selector: string) => container.querySelector<E>(selector)!
const boxes = () => [...container.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
const posted = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/me/hours-records').map((c) => c.body)
async function choose(id: string, value: string) {
  const select = q<HTMLSelectElement | HTMLInputElement>(`#${id}`)
  await act(async () => {
    // React tracks the value it set: the native setter makes the change one it sees.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(select), 'value')!.set!.call(select, value)
    select.dispatchEvent(new Event(select instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  })
}
const click = (el: HTMLElement) => act(async () => el.click())
const createButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Create a record')!

beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
})

describe('the record form', () => {
  it('lists the period entries, all checked, labelled as text; an email confirmation says so', async () => {
    await mount(() => json({ entries: [EMAILED, CHECKIN] }))
    expect(calls.find((c) => c.url.startsWith('/api/me/hours-entries'))!.url).toBe('/api/me/hours-entries?period=all')
    expect(q('#record-period').closest('.field')!.textContent).toContain('Period')
    expect([...q<HTMLSelectElement>('#record-period').options].map((o) => o.textContent)).toEqual(['This school year', 'The last 12 months', 'Custom dates', 'All my hours'])
    expect([...q<HTMLSelectElement>('#record-purpose').options].map((o) => o.textContent)).toEqual([
      'School service', 'National Honor Society', "President's Volunteer Service Award", 'Missouri A+ Scholarship', 'Other',
    ])
    expect(boxes().map((b) => [b.closest('label')!.textContent, b.checked])).toEqual([
      ['Reading buddies, February 3, 2027, 1.5 hours (confirmed by email)', true],
      ['Park <b>cleanup</b>, January 16, 2027, 2 hours', true],
    ])
    expect(container.querySelector('b')).toBeNull()
  })

  it('sends the school year, the purpose and the entries still checked', async () => {
    await mount(() => json({ entries: [EMAILED, CHECKIN] }))
    await choose('record-period', 'school-year')
    expect(calls.at(-1)!.url).toBe('/api/me/hours-entries?period=school-year')
    await choose('record-purpose', 'nhs')
    await click(boxes()[1]!)
    await click(createButton())
    expect(posted()).toEqual([{ period: 'school-year', purpose: 'nhs', entries: ['outside-7'] }])
    expect(q('[role=status]').textContent).toBe(`Your record of 3.5 hours is ready. Share its link: ${LISTED.url}`)
  })

  it('a custom period asks for both dates, then sends them; A+ says the coordinator approves', async () => {
    await mount(() => json({ entries: [CHECKIN] }))
    await choose('record-period', 'custom')
    await click(createButton())
    expect(q('[role=alert]').textContent).toBe(RECORDS_MSG.customDates)
    expect(posted()).toEqual([])
    await choose('record-from', '2026-09-01')
    await choose('record-to', '2027-01-31')
    expect(calls.at(-1)!.url).toBe('/api/me/hours-entries?period=custom&from=2026-09-01&to=2027-01-31')
    await choose('record-purpose', 'a-plus')
    expect(q('#record-a-plus').textContent).toBe("Tutoring and mentoring entries are marked; your school's A+ coordinator must still approve them.")
    expect(q('#record-purpose').getAttribute('aria-describedby')).toBe('record-a-plus')
    await click(createButton())
    expect(posted()).toEqual([{ period: 'custom', from: '2026-09-01', to: '2027-01-31', purpose: 'a-plus', entries: ['slot-1'] }])
  })

  it('no entry checked: says to choose one and sends nothing', async () => {
    await mount(() => json({ entries: [CHECKIN] }))
    await click(boxes()[0]!)
    await click(createButton())
    expect(q('[role=alert]').textContent).toBe(RECORDS_MSG.noneChosen)
    expect(posted()).toEqual([])
  })

  it('an empty period: no checklist, and the service sentence as it says it', async () => {
    await mount(() => json({ entries: [] }))
    await choose('record-period', 'last-12-months')
    expect(boxes()).toEqual([])
    await click(createButton())
    expect(posted()).toEqual([{ period: 'last-12-months', purpose: 'school' }])
    expect(q('[role=alert]').textContent).toBe(EMPTY)
  })

  it('a listed record names its purpose and period and offers the PDF and the CSV', async () => {
    await mount(() => json({ entries: [] }))
    const item = q('li.my-rsvp')
    expect(item.textContent).toContain('Purpose: National Honor Society · Period: Aug 1, 2026 – Jul 31, 2027')
    const links = [...item.querySelectorAll('a[download]')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')])
    expect(links).toEqual([
      ['Download PDF', `http://localhost/api/hours-records/${CODE}.pdf`, 'Download the PDF of the record of March 1, 2027'],
      ['Download the CSV', `http://localhost/api/hours-records/${CODE}.csv`, 'Download the CSV of the record of March 1, 2027'],
    ])
  })
})
