// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/hours-request"}
// /hours-request, a supervisor's link: HTML whose form posts to its own URL without JavaScript; with it,
// src/light/hoursRequest.ts shows what is asked (as text) and answers through the JSON endpoints, never by itself.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOURS_REQUEST_MSG } from '../src/api/hoursRequest'
import { HOURS_REQUEST_LOADING, enhanceHoursRequest } from '../src/light/hoursRequest'
import { fakeFetch, json } from './helpers'

const TOKEN = '17.c2lnbmF0dXJl-x_Y'
const ASKED = {
  volunteer: 'Ada <img src=x onerror=alert(1)>',
  organization: 'Food <b>Bank</b>',
  date: '2026-05-01',
  time: '9:00-11:30 AM',
  hours: 2.5,
  description: '<script>alert(1)</script> sorted cans',
  service_type: 'food_security',
  supervisor_name: 'Sam Lee',
  state: 'awaiting',
}
const SAID = { answer: 'confirmed', message: 'Thank you: you confirmed these hours.' }

async function page(url: string, routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes)
  vi.stubGlobal('fetch', fake.fetch)
  window.history.replaceState(null, '', url)
  const { default: Page } = await import('../pages/(app)/hours-request/+Page')
  document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(Page))}</main>`
  return fake
}
const main = () => document.querySelector('main')!
const form = () => main().querySelector('form')
const button = (name: string) => [...main().querySelectorAll('button')].find((b) => b.textContent === name)!
const preview = { 'POST /hours-requests/preview': () => json(ASKED) }

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the page as HTML (JavaScript off)', () => {
  it('is a form with no action whose buttons name the act, with the Hours field to adjust', async () => {
    await page('/hours-request', {})
    const f = form()!
    expect(f.getAttribute('method')).toBe('post')
    expect(f.hasAttribute('action')).toBe(false)
    expect(main().querySelector('h1')!.textContent).toBe('Confirm volunteer hours')
    const acts = [...f.querySelectorAll<HTMLButtonElement>('button:not([data-no-implicit-submit])')].map((b) => [b.textContent, b.getAttribute('name'), b.getAttribute('value'), b.type])
    expect(acts).toEqual([
      ['Confirm these hours', 'act', 'confirm', 'submit'],
      ['Adjust the hours', 'act', 'adjust', 'submit'],
      ['Decline', 'act', 'decline', 'submit'],
      ['This is not me', 'act', 'not-me', 'submit'],
    ])
    const labels = [...f.querySelectorAll('label')].map((l) => [l.textContent, (f.querySelector(`#${l.htmlFor}`) as HTMLInputElement).name])
    expect(labels).toEqual([['Your role', 'role'], ['Note', 'note'], ['Hours', 'hours']])
    expect(f.querySelector('fieldset #hr-hours')!.getAttribute('type')).toBe('number')
    expect(main().querySelector('script')).toBeNull()
  })

  it("has a disabled, hidden default button, so Enter in a field submits nothing (HTML's implicit submission)", async () => {
    await page('/hours-request', {})
    const first = form()!.querySelector('button')!
    expect(first.type).toBe('submit')
    expect(first.hasAttribute('data-no-implicit-submit')).toBe(true)
    expect([first.disabled, first.hidden, first.getAttribute('aria-hidden'), first.tabIndex, first.name, first.textContent]).toEqual([
      true, true, 'true', -1, '', ''])
  })
})

describe('the enhancement', () => {
  it('shows what is asked as text, never markup, and takes the token out of the address', async () => {
    const fake = await page(`/hours-request?token=${TOKEN}`, preview)
    expect(main().querySelector('[role=status]')!.textContent).toBe(HOURS_REQUEST_LOADING)
    await enhanceHoursRequest(document)
    expect(fake.calls.map((c) => [c.method, c.url, c.body, c.credentials])).toEqual([['POST', '/api/hours-requests/preview', { token: TOKEN }, 'omit']])
    expect(window.location.search).toBe('')
    const facts = [...main().querySelectorAll('dl dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent])
    expect(facts).toEqual([
      ['Volunteer', ASKED.volunteer],
      ['Organization', ASKED.organization],
      ['Date', 'May 1, 2026'],
      ['Time', '9:00-11:30 AM'],
      ['Hours', '2.5 hours'],
      ['What they did', ASKED.description],
      ['Kind of service', 'Food security'],
      ['Supervisor named', 'Sam Lee'],
    ])
    expect(main().querySelector('img, b, script')).toBeNull()
    expect(form()!.hidden).toBe(false)
    expect((main().querySelector('#hr-hours') as HTMLInputElement).value).toBe('2.5')
  })

  it('reads an older link whose token is in the fragment', async () => {
    const fake = await page(`/hours-request#token=${TOKEN}`, preview)
    await enhanceHoursRequest(document)
    expect(fake.calls[0]!.body).toEqual({ token: TOKEN })
  })

  it.each(['confirm', 'adjust', 'decline', 'not-me'])('never answers by itself when the link says act=%s: it points at the button', async (act) => {
    const fake = await page(`/hours-request?token=${TOKEN}&act=${act}`, { ...preview, [`POST /hours-requests/${act}`]: () => json(SAID) })
    await enhanceHoursRequest(document)
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/hours-requests/preview'])
    const focused = document.activeElement as HTMLInputElement | HTMLButtonElement
    expect(act === 'adjust' ? focused.id : focused.value).toBe(act === 'adjust' ? 'hr-hours' : act)
  })

  it.each([
    ['Confirm these hours', 'confirm', { token: TOKEN, role: 'Volunteer lead', note: 'Great <i>work</i>' }],
    ['Adjust the hours', 'adjust', { token: TOKEN, role: 'Volunteer lead', note: 'Great <i>work</i>', hours: 2 }],
    ['Decline', 'decline', { token: TOKEN, role: 'Volunteer lead', note: 'Great <i>work</i>' }],
    ['This is not me', 'not-me', { token: TOKEN, role: 'Volunteer lead', note: 'Great <i>work</i>' }],
  ])('"%s" posts its body and shows the service\'s sentence, focused', async (name, act, body) => {
    const message = `Recorded <em>${act}</em>.`
    const fake = await page(`/hours-request?token=${TOKEN}`, { ...preview, [`POST /hours-requests/${act}`]: () => json({ ...SAID, message }) })
    await enhanceHoursRequest(document)
    ;(main().querySelector('#hr-role') as HTMLInputElement).value = 'Volunteer lead'
    ;(main().querySelector('#hr-note') as HTMLTextAreaElement).value = 'Great <i>work</i>'
    ;(main().querySelector('#hr-hours') as HTMLInputElement).value = '2'
    button(name).click()
    await vi.waitFor(() => expect(main().querySelector('[data-said]')).not.toBeNull())
    expect(fake.calls.slice(1).map((c) => [c.url, c.body, c.credentials])).toEqual([[`/api/hours-requests/${act}`, body, 'omit']])
    const said = main().querySelector<HTMLElement>('[data-said]')!
    expect([said.getAttribute('role'), said.textContent]).toEqual(['status', message])
    expect(said.querySelector('em')).toBeNull()
    expect(document.activeElement).toBe(said)
    expect(form()).toBeNull()
  })

  it('answers nothing on a submit without a pressed button (Enter in Hours, Role or Note)', async () => {
    const answer = () => json(SAID)
    const fake = await page(`/hours-request?token=${TOKEN}`, {
      ...preview, 'POST /hours-requests/confirm': answer, 'POST /hours-requests/adjust': answer, 'POST /hours-requests/decline': answer })
    await enhanceHoursRequest(document)
    // An earlier press (Adjust with no hours, refused) is no answer to a later Enter.
    ;(main().querySelector('#hr-hours') as HTMLInputElement).value = ''
    button('Adjust the hours').click()
    ;(main().querySelector('#hr-hours') as HTMLInputElement).value = '2'
    for (const id of ['hr-hours', 'hr-role', 'hr-note']) {
      main().querySelector<HTMLElement>(`#${id}`)!.focus()
      form()!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: null }))
    }
    expect(main().querySelector('[data-said]')!.textContent).toBe(HOURS_REQUEST_MSG.hoursNeeded)
    // The next press is the first answer posted.
    button('Decline').click()
    await vi.waitFor(() => expect(form()).toBeNull())
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/hours-requests/preview', '/api/hours-requests/decline'])
  })

  it('asks for the hours before adjusting, without posting', async () => {
    const fake = await page(`/hours-request?token=${TOKEN}`, preview)
    await enhanceHoursRequest(document)
    ;(main().querySelector('#hr-hours') as HTMLInputElement).value = ''
    button('Adjust the hours').click()
    expect(main().querySelector('[role=alert]')!.textContent).toBe(HOURS_REQUEST_MSG.hoursNeeded)
    expect(document.activeElement!.id).toBe('hr-hours')
    expect(fake.calls).toHaveLength(1)
  })

  it("shows the service's refusal as an alert and keeps the form for a retry unless the request is over", async () => {
    const late = 'This request has expired (its links work for 14 days), so nothing was recorded.'
    await page(`/hours-request?token=${TOKEN}`, { ...preview, 'POST /hours-requests/decline': () => json({ error: late }, 410) })
    await enhanceHoursRequest(document)
    button('Decline').click()
    await vi.waitFor(() => expect(main().querySelector('[role=alert]')).not.toBeNull())
    expect(main().querySelector('[role=alert]')!.textContent).toBe(late)
    expect(form()).toBeNull()
  })

  it('after a refusal that may pass (too many tries), the form stays and the sentence has focus', async () => {
    const busy = 'Too many tries from here. Please wait a few minutes and try again.'
    await page(`/hours-request?token=${TOKEN}`, { ...preview, 'POST /hours-requests/confirm': () => json({ error: busy }, 429) })
    await enhanceHoursRequest(document)
    button('Confirm these hours').click()
    await vi.waitFor(() => expect(main().querySelector('[role=alert]')).not.toBeNull())
    expect(document.activeElement!.textContent).toBe(busy)
    expect(form()).not.toBeNull()
  })

  it.each([
    ['answered', HOURS_REQUEST_MSG.answered],
    ['expired', HOURS_REQUEST_MSG.expired],
    ['withdrawn', HOURS_REQUEST_MSG.withdrawn],
  ])('a request %s shows its sentence and no buttons', async (state, sentence) => {
    await page(`/hours-request?token=${TOKEN}`, { 'POST /hours-requests/preview': () => json({ ...ASKED, state }) })
    await enhanceHoursRequest(document)
    expect(main().querySelector('[role=alert]')!.textContent).toBe(sentence)
    expect(form()).toBeNull()
    expect(main().querySelector('dl')).toBeNull()
  })

  it("a link that is not valid gets the service's sentence; no link at all is told to use the email's", async () => {
    const bad = 'This hours-request link is not valid. Please use the link in the most recent email from CivicSTL.'
    await page('/hours-request?token=forged', { 'POST /hours-requests/preview': () => json({ error: bad }, 404) })
    await enhanceHoursRequest(document)
    expect(main().querySelector('[role=alert]')!.textContent).toBe(bad)
    expect(form()).toBeNull()
    const fake = await page('/hours-request', preview)
    await enhanceHoursRequest(document)
    expect(main().querySelector('[role=alert]')!.textContent).toBe(HOURS_REQUEST_MSG.noToken)
    expect(fake.calls).toHaveLength(0)
  })
})
