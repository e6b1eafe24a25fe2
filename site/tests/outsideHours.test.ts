// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/dashboard"}
// The dashboard's "Hours served elsewhere": the form's checks mirror the service's (full sentences, focus on the
// first bad field), the service's refusal shows as text, and each request says where it stands.
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HONESTY_LABEL, NOT_RELATIVE_LABEL, OutsideHours } from '../components/OutsideHours'
import { OUTSIDE_MSG, checkOutsideHours, stateText, waitingText, type OutsideHoursDraft, type OutsideHoursItem } from '../src/api/outsideHours'
import { fakeFetch, json } from './helpers'

const ITEM: OutsideHoursItem = {
  id: 7, organization: 'Food <b>Bank</b>', date: '2026-05-01', start: '2026-05-01T09:00:00-05:00', end: '2026-05-01T11:30:00-05:00',
  hours: 2.5, confirmed_hours: null, description: 'Sorted cans', service_type: 'food_security', supervisor_name: 'Sam Lee',
  state: 'sent', created_at: '2026-05-02T10:00:00Z', answered_at: null, supervisor_role: null, supervisor_note: null,
}
const DRAFT: OutsideHoursDraft = {
  organization: 'Food Bank', date: '2026-05-01', start: '09:00', end: '11:30', description: 'Sorted cans', service_type: 'food_security',
  supervisor_name: 'Sam Lee', supervisor_email: 'sam@foodbank.org', honesty: true, not_relative: true,
}

describe('the checks', () => {
  it('pass a complete request, and name the first missing or wrong field with its sentence', () => {
    expect(checkOutsideHours(DRAFT, '2026-05-02')).toBeNull()
    expect(checkOutsideHours({ ...DRAFT, organization: '  ' }, '2026-05-02')).toEqual({ field: 'organization', message: OUTSIDE_MSG.organization })
    expect(checkOutsideHours({ ...DRAFT, date: '2026-05-03' }, '2026-05-02')).toEqual({ field: 'date', message: OUTSIDE_MSG.future })
    expect(checkOutsideHours({ ...DRAFT, end: '09:00' }, '2026-05-02')).toEqual({ field: 'end', message: OUTSIDE_MSG.order })
    expect(checkOutsideHours({ ...DRAFT, supervisor_email: 'sam' }, '2026-05-02')?.field).toBe('supervisor_email')
    expect(checkOutsideHours({ ...DRAFT, honesty: false }, '2026-05-02')).toEqual({ field: 'honesty', message: OUTSIDE_MSG.honesty })
    expect(checkOutsideHours({ ...DRAFT, not_relative: false }, '2026-05-02')).toEqual({ field: 'not_relative', message: OUTSIDE_MSG.notRelative })
    for (const message of Object.values(OUTSIDE_MSG)) expect(message).toMatch(/^[A-Z].*\.$/)
  })

  it('say every state in words, the adjusted hours included, and count those waiting', () => {
    const states = ['sent', 'delivered', 'undelivered', 'opened', 'confirmed', 'declined', 'expired', 'withdrawn'] as const
    expect(states.map((state) => stateText({ ...ITEM, state }))).toEqual([
      'Sent', 'Delivered', 'Not delivered: check the address', 'Opened', 'Confirmed', 'Declined', 'Expired', 'Withdrawn'])
    expect(waitingText([{ ...ITEM, state: 'undelivered' }])).toBe('1 request waiting on a supervisor.')
    expect(stateText({ ...ITEM, state: 'adjusted', confirmed_hours: 2 })).toBe('Adjusted to 2 hours')
    expect(waitingText([ITEM, { ...ITEM, state: 'opened' }, { ...ITEM, state: 'confirmed' }])).toBe('2 requests waiting on a supervisor.')
    expect(waitingText([{ ...ITEM, state: 'delivered' }])).toBe('1 request waiting on a supervisor.')
    expect(waitingText([{ ...ITEM, state: 'expired' }])).toBeNull()
  })
})

describe('the panel', () => {
  let root: Root
  let host: HTMLElement
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  })
  afterEach(() => {
    act(() => root.unmount())
    host.remove()
    vi.unstubAllGlobals()
  })
  async function open(routes: Parameters<typeof fakeFetch>[0]) {
    const fake = fakeFetch(routes)
    vi.stubGlobal('fetch', fake.fetch)
    await act(async () => root.render(createElement(OutsideHours)))
    await act(async () => vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(0)))
    return fake
  }
  const field = (label: string) => {
    const l = [...host.querySelectorAll('label')].find((x) => x.textContent === label)
    if (!l) throw new Error(`no label ${label}`)
    return host.querySelector<HTMLInputElement>(`#${l.htmlFor}`)!
  }
  const type = (label: string, value: string) =>
    act(() => {
      const el = field(label)
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value)
      el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
    })
  const press = (name: string) => act(async () => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!.click())
  const fill = () => {
    type('Organization', 'Food Bank')
    type('Date', '2026-01-10')
    type('Start time', '09:00')
    type('End time', '11:30')
    type('What you did', 'Sorted cans')
    type('Kind of service', 'tutoring')
    type("Supervisor's name", 'Sam Lee')
    type("Supervisor's email", 'sam@foodbank.org')
    act(() => field(HONESTY_LABEL).click())
    act(() => field(NOT_RELATIVE_LABEL).click())
  }
  const list = { 'GET /me/outside-hours': () => json({ requests: [] }) }

  it('is a region named "Hours served elsewhere" whose form has the labels and the kinds of service', async () => {
    await open(list)
    expect(host.querySelector('section')!.getAttribute('aria-labelledby')).toBe('outside-title')
    expect(host.querySelector('#outside-title')!.textContent).toBe('Hours served elsewhere')
    const labels = [...host.querySelectorAll('form label')].map((l) => l.textContent)
    expect(labels).toEqual(['Organization', 'Date', 'Start time', 'End time', 'What you did', 'Kind of service', "Supervisor's name", "Supervisor's email", HONESTY_LABEL, NOT_RELATIVE_LABEL])
    expect([...field('Kind of service').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Tutoring', 'Mentoring', 'Environment', 'Food security', 'Health', 'Arts', 'Civic', 'Other'])
  })

  it('checks before sending: the sentence shows and the first bad field has focus; nothing is posted', async () => {
    const fake = await open(list)
    fill()
    type('End time', '08:00')
    await press('Ask for confirmation')
    expect(host.querySelector('[role=alert]')!.textContent).toBe(OUTSIDE_MSG.order)
    expect(document.activeElement).toBe(field('End time'))
    expect(field('End time').getAttribute('aria-invalid')).toBe('true')
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('posts the request the service expects, then lists it as Sent with a Withdraw button', async () => {
    let listed: OutsideHoursItem[] = []
    const fake = await open({
      'GET /me/outside-hours': () => json({ requests: listed }),
      'POST /me/outside-hours': () => ((listed = [ITEM]), json(ITEM, 201)),
    })
    fill()
    await press('Ask for confirmation')
    await act(async () => vi.waitFor(() => expect(host.querySelector('li')).not.toBeNull()))
    expect(fake.calls.find((c) => c.method === 'POST')!.body).toEqual({
      organization: 'Food Bank', date: '2026-01-10', start: '09:00', end: '11:30', description: 'Sorted cans', service_type: 'tutoring',
      supervisor_name: 'Sam Lee', supervisor_email: 'sam@foodbank.org', honesty: true, not_relative: true,
    })
    expect(host.querySelector('[role=status]')!.textContent).toBe(OUTSIDE_MSG.sent)
    expect(host.querySelector('li')!.textContent).toContain('Food <b>Bank</b>, May 1, 2026, 2.5 hours Sent')
    expect(host.querySelector('li b')).toBeNull()
    expect(host.textContent).toContain('1 request waiting on a supervisor.')
    expect(field('Organization').value).toBe('')
  })

  it.each([
    [403, 'Please verify your email address first: CivicSTL mails supervisors for verified accounts only.'],
    [422, 'That is your own address: ask your supervisor for theirs.'],
    [429, 'Too many requests. Please wait and try again.'],
  ])("shows the service's %i sentence as text", async (status, sentence) => {
    await open({ ...list, 'POST /me/outside-hours': () => json({ error: `${sentence} <i>x</i>` }, status) })
    fill()
    await press('Ask for confirmation')
    await act(async () => vi.waitFor(() => expect(host.querySelector('[role=alert]')).not.toBeNull()))
    expect(host.querySelector('[role=alert]')!.textContent).toBe(`${sentence} <i>x</i>`)
    expect(host.querySelector('[role=alert] i')).toBeNull()
  })

  it("shows the supervisor's role and note with their answer, as text", async () => {
    await open({
      'GET /me/outside-hours': () => json({ requests: [
        { ...ITEM, state: 'adjusted', confirmed_hours: 2, supervisor_role: 'Shift <b>lead</b>', supervisor_note: 'Left at 11.' },
        { ...ITEM, id: 8, state: 'declined', supervisor_note: 'Not on my roster.' },
        { ...ITEM, id: 9, state: 'confirmed', supervisor_role: 'Director' },
        { ...ITEM, id: 10, state: 'confirmed' },
      ] }),
    })
    await act(async () => vi.waitFor(() => expect(host.querySelectorAll('li')).toHaveLength(4)))
    expect([...host.querySelectorAll('li')].map((li) => li.querySelector('.supervisor-answer')?.textContent ?? null)).toEqual([
      'Answered by Sam Lee, Shift <b>lead</b>: \u201cLeft at 11.\u201d',
      'Answered by Sam Lee: \u201cNot on my roster.\u201d',
      'Answered by Sam Lee, Director.',
      null,
    ])
    expect(host.querySelector('li b')).toBeNull()
  })

  it('withdraws a waiting request; answered ones have no Withdraw button', async () => {
    let listed: OutsideHoursItem[] = [ITEM, { ...ITEM, id: 8, state: 'adjusted', confirmed_hours: 2 }]
    const fake = await open({
      'GET /me/outside-hours': () => json({ requests: listed }),
      'POST /me/outside-hours/7/withdraw': () => ((listed = [{ ...ITEM, state: 'withdrawn' }, listed[1]!]), json({ message: 'Withdrawn.' })),
    })
    await act(async () => vi.waitFor(() => expect(host.querySelectorAll('li')).toHaveLength(2)))
    expect([...host.querySelectorAll('li')].map((li) => li.querySelector('.state')!.textContent)).toEqual([' Sent', ' Adjusted to 2 hours'])
    expect(host.querySelectorAll('li button')).toHaveLength(1)
    await press('Withdraw')
    await act(async () => vi.waitFor(() => expect(host.querySelector('li .state')!.textContent).toBe(' Withdrawn')))
    expect(fake.calls.some((c) => c.method === 'POST' && c.url === '/api/me/outside-hours/7/withdraw')).toBe(true)
    expect(host.querySelectorAll('li button')).toHaveLength(0)
    expect(host.textContent).not.toContain('waiting on a supervisor')
  })
})
