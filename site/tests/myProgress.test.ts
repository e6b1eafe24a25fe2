// @vitest-environment happy-dom
// The dashboard's "Your progress": the age group is asked (never a birth date) and saved with PUT
// /me/age-bracket; the PVSA level within reach reads from the service's numbers; hours by kind of service.
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthClient } from '../src/auth/client'
import { MyProgress } from '../components/MyProgress'
import { PROGRESS_MSG, pvsaText, type Pvsa } from '../src/api/progress'
import { json, makeClient, type Call } from './helpers'

const session: { client: AuthClient | null } = { client: null }
vi.mock('../src/auth/useAuth', () => ({ getAuthClient: () => session.client }))

const BRONZE = { level: 'bronze', hours: 100 } as const
const SILVER = { level: 'silver', hours: 175 } as const
const GOLD = { level: 'gold', hours: 250 } as const
const NONE: Pvsa = { bracket: null, hours: 62, since: '2026-03-02', levels: [], reached: null, next: null, hoursToNext: null, partners: [] }
const YOUTH: Pvsa = {
  ...NONE, bracket: '16-25', hours: 120.5, levels: [BRONZE, SILVER, GOLD], reached: BRONZE, next: SILVER, hoursToNext: 54.5,
  partners: [{ slug: 'doorways', name: 'Doorways <Inc>' }, { slug: 'keen', name: 'KEEN St. Louis' }],
}
const KINDS = [{ serviceType: 'food_security', hours: 80 }, { serviceType: 'tutoring', hours: 40.5 }, { serviceType: 'other', hours: 1 }]

let root: Root
let container: HTMLElement
let calls: Call[]
let changed: number

async function mount(pvsa: Pvsa, answer: (call: Call) => Response = (call) => json(call.body)) {
  const m = makeClient({
    'POST /auth/login': () => json({ accessToken: 'tok', user: { name: 'A', email: 'a@example.org', role: 'volunteer', isVerified: true } }),
    'PUT /me/age-bracket': answer,
  })
  await m.client.login('a@example.org', 'pw')
  session.client = m.client
  calls = m.calls
  await act(async () => root.render(createElement(MyProgress, { impact: { pvsa, serviceTypes: KINDS }, onChanged: () => changed++ })))
}
const q = <E extends Element>(selector: string) => container.querySelector<E>(selector)!
const button = (text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === text)!
async function choose(value: string) {
  const select = q<HTMLSelectElement>('#age-bracket')
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value)
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  changed = 0
})
afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
})

describe('the PVSA level within reach', () => {
  it('reads the next level from the numbers, or the top one reached', () => {
    expect(pvsaText(YOUTH)).toBe('120.5 of 175 hours toward Silver in the last 12 months')
    expect(pvsaText({ ...YOUTH, hours: 3, reached: null, next: BRONZE })).toBe('3 of 100 hours toward Bronze in the last 12 months')
    expect(pvsaText({ ...YOUTH, hours: 260, reached: GOLD, next: null, hoursToNext: null })).toBe('You reached Gold')
  })
})

describe('the panel', () => {
  it('without an age group: asks for it, with why, and saves it with PUT', async () => {
    await mount(NONE)
    expect(q('h2').textContent).toBe('Your progress')
    expect(q('label[for=age-bracket]').textContent).toBe('Your age group')
    expect([...q<HTMLSelectElement>('#age-bracket').options].slice(1).map((o) => [o.value, o.textContent])).toEqual([
      ['11-15', '11 to 15'], ['16-25', '16 to 25'], ['26+', '26 or older'],
    ])
    expect(q(`#${q('#age-bracket').getAttribute('aria-describedby')}`).textContent).toBe(PROGRESS_MSG.ageHelp)
    expect(button('Save').disabled).toBe(true)
    expect(container.querySelector('progress')).toBeNull()
    await choose('11-15')
    await act(async () => button('Save').click())
    const put = calls.filter((c) => c.method === 'PUT')
    expect(put.map((c) => [c.url, c.body, c.headers.get('x-auth-token')])).toEqual([['/api/me/age-bracket', { ageBracket: '11-15' }, 'tok']])
    expect(changed).toBe(1)
  })

  it('a refused save: the service sentence, nothing reloaded', async () => {
    await mount(NONE, () => json({ error: 'Too many changes. Try again in a minute.' }, 429))
    await choose('26+')
    await act(async () => button('Save').click())
    expect(q('[role=alert]').textContent).toBe('Too many changes. Try again in a minute.')
    expect(changed).toBe(0)
  })

  it('with an age group: the level text, a labelled progress bar, the partners as text, and a way to change it', async () => {
    await mount(YOUTH)
    const bar = q<HTMLProgressElement>('progress')
    expect([bar.getAttribute('value'), bar.getAttribute('max'), bar.getAttribute('aria-label')]).toEqual(['120.5', '175', '120.5 of 175 hours toward Silver in the last 12 months'])
    expect(container.textContent).toContain('120.5 of 175 hours toward Silver in the last 12 months')
    expect(container.textContent).toContain('Certifying organizations on CivicSTL: Doorways <Inc>, KEEN St. Louis.')
    expect(container.textContent).toContain('Your age group: 16 to 25.')
    await act(async () => button('Change your age group').click())
    expect(q<HTMLSelectElement>('#age-bracket').value).toBe('16-25')
    await act(async () => button('Cancel').click())
    expect(container.querySelector('#age-bracket')).toBeNull()
  })

  it('gold reached, and no certifying partner: says both', async () => {
    await mount({ ...YOUTH, hours: 300, reached: GOLD, next: null, hoursToNext: null, partners: [] })
    expect(container.textContent).toContain('You reached Gold')
    expect(q<HTMLProgressElement>('progress').getAttribute('value')).toBe('250')
    expect(container.textContent).toContain(PROGRESS_MSG.noPartners)
  })

  it('hours by kind of service, in readable names', async () => {
    await mount(NONE)
    expect([...container.querySelectorAll('ul.service-types li')].map((li) => li.textContent)).toEqual([
      'Food security: 80 hours', 'Tutoring: 40.5 hours', 'Other: 1 hour',
    ])
  })
})
