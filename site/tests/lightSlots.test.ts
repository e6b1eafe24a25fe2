// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/events/garden"}
// Issue 39: a slot's RSVP is HTML that works alone (a form that posts, or sign-in first), rendered by the
// same component as the page; src/light/slots.ts enhances that very markup into the spec's states.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SlotItems } from '../components/SlotForms'
import { RSVP_MSG } from '../src/api/rsvp'
import type { EventItem } from '../src/content/types'
import { GUEST_MSG } from '../src/events/guestForm'
import { enhanceSlots } from '../src/light/slots'
import { USER, fakeFetch, json, type Call } from './helpers'

const SLOT = 'garden-2027-04-03-8-00-10-00-am'
const END = '2999-04-03T10:00:00-05:00'
const event = (rsvp: 'guest' | 'account', title = 'Garden Mornings') => ({
  slug: 'garden', title, rsvp, before_you_go: { guardian_consent: true },
  slots: [{ id: SLOT, time: '8:00-10:00 AM', start: END, end: END, capacity: 5, max_guests_per_rsvp: 3 }],
}) as unknown as EventItem

/** The page's HTML as the server renders it, in the document. */
function render(e: EventItem): HTMLElement {
  document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(SlotItems, { event: e, now: 0 }))}</main>`
  return document.querySelector('main')!
}
const slot = () => document.querySelector<HTMLElement>(`li[data-event-id="${SLOT}"]`)!
const button = () => slot().querySelector<HTMLButtonElement>('form button[type=submit]')!
const input = (name: string) => slot().querySelector<HTMLInputElement>(`[name="${name}"]`)
const type = (name: string, value: string) => {
  input(name)!.value = value
  input(name)!.dispatchEvent(new Event('input', { bubbles: true }))
}
const message = () => document.getElementById(`slot-message-${SLOT}`)

let calls: Call[]
let answer: (call: Call) => Response | Promise<Response>
beforeEach(() => {
  answer = () => json({ status: 'confirmed', message: 'ok' }, 201)
  const f = fakeFetch({
    'POST /rsvp': (call) => answer(call),
    'GET /rsvp': () => json({ count: 5, capacity: 5, remaining: 0, waitlist: 0 }),
  })
  calls = f.calls
  vi.stubGlobal('fetch', f.fetch)
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the HTML of a slot, without JavaScript', () => {
  it("posts a guest event's RSVP to /rsvp with the contract's field names", () => {
    render(event('guest'))
    const form = slot().querySelector('form')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/rsvp'])
    const names = [...form.querySelectorAll('input')].map((i) => i.name)
    expect(new Set(names)).toEqual(new Set(['eventId', 'guestCount', 'guestName', 'firstName', 'lastName', 'email', 'phone']))
    expect(input('eventId')!.value).toBe(SLOT)
    // A guest brings at most the guests' limit, whatever the event allows.
    expect(input('guestCount')!.max).toBe('2')
    expect(new FormData(form).getAll('guestName')).toEqual(['', ''])
  })
  it("sends an account event's RSVP through sign-in, which makes it", () => {
    render(event('account'))
    const form = slot().querySelector('form')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/login'])
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe(`from=rsvp&eventId=${SLOT}`)
  })
  it('escapes what the content says', () => {
    const html = renderToStaticMarkup(createElement(SlotItems, { event: event('guest', '<img src=x onerror=alert(1)>'), now: 0 }))
    expect(html).not.toContain('<img')
  })
})

describe('a guest slot, enhanced', () => {
  it('opens its fields on RSVP, checks them in a sentence, then Submitting..., then the confirmation, focused', async () => {
    enhanceSlots(render(event('guest')))
    expect(input('firstName')).toBeNull()
    expect(button().textContent).toBe('RSVP')
    button().click()
    expect(document.activeElement).toBe(input('firstName'))
    expect(button().textContent).toBe('Submit RSVP')

    button().click()
    expect(slot().querySelector('[role=alert]')?.textContent).toBe(GUEST_MSG.firstName)
    expect(input('firstName')!.getAttribute('aria-invalid')).not.toBeNull()
    expect(document.activeElement).toBe(input('firstName'))
    type('firstName', 'Gina')
    expect(slot().querySelector('[role=alert]')).toBeNull()
    type('lastName', 'Guest')
    type('email', 'gina.example.org')
    button().click()
    expect(slot().querySelector('[role=alert]')?.textContent).toBe(GUEST_MSG.email)
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    let release!: () => void
    answer = () => new Promise((resolve) => (release = () => resolve(json({ status: 'confirmed', message: 'ok' }, 201))))
    type('email', 'gina@example.org')
    button().click()
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(button().textContent).toBe('Submitting...')
    expect(button().disabled).toBe(true)
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toEqual({ eventId: SLOT, email: 'gina@example.org', firstName: 'Gina', lastName: 'Guest', phone: null })
    // A guest's RSVP carries no cookie and no token: it cannot speak for a signed-in account.
    expect(post.credentials).toBe('omit')
    release()
    await vi.waitFor(() => expect(message()?.textContent).toBe(RSVP_MSG.popupSuccess('Gina', 'gina@example.org')))
    expect(message()!.getAttribute('role')).toBe('status')
    expect(document.activeElement).toBe(message())
    expect(button().textContent).toBe("RSVP'd!")
    expect(button().disabled).toBe(true)
    expect(input('firstName')).toBeNull()
  })

  it("shows the service's refusal as text in the slot, never as markup", async () => {
    const hostile = '<img src=x onerror=alert(1)> is refused.'
    answer = () => json({ error: hostile }, 422)
    enhanceSlots(render(event('guest')))
    button().click()
    type('firstName', 'Gina')
    type('lastName', 'Guest')
    type('email', 'gina@example.org')
    button().click()
    await vi.waitFor(() => expect(message()?.textContent).toBe(hostile))
    expect(message()!.getAttribute('role')).toBe('alert')
    expect(slot().querySelector('img')).toBeNull()
    // The form stays for another try, with what was typed.
    expect(input('firstName')!.value).toBe('Gina')
  })

  it('says Full and offers the waitlist once its spots left are known', async () => {
    const slots = enhanceSlots(render(event('guest')))
    slots.loadSpots([SLOT])
    await vi.waitFor(() => expect(slot().querySelector('.spots')?.textContent).toBe('Full: join the waitlist'))
    expect(button().textContent).toBe(RSVP_MSG.joinWaitlist)
    expect(button().getAttribute('aria-describedby')).toBe(`slot-${SLOT} spots-${SLOT}`)
  })

  it('opens "Bringing others?" on demand, up to the guests\' limit, a name field per guest', () => {
    enhanceSlots(render(event('guest')))
    expect(slot().querySelector('details')).toBeNull()
    const offer = [...slot().querySelectorAll('button')].find((b) => b.textContent === 'Bringing others?')!
    offer.click()
    const count = input('guestCount')!
    expect(document.activeElement).toBe(count)
    expect(slot().querySelector(`label[for="guests-${SLOT}"]`)?.textContent).toBe('Guests (up to 2)')
    type('guestCount', '5')
    expect(count.value).toBe('2')
    const shown = [...slot().querySelectorAll<HTMLElement>('label[data-guest]')].filter((l) => !l.hidden)
    expect(shown.map((l) => l.textContent)).toEqual(["Guest 1's name (optional)", "Guest 2's name (optional)"])
  })
})

describe('an account slot, signed in', () => {
  afterEach(() => localStorage.clear())

  it("shows Submitting... on the press itself, while the client's start-up is still out, and sends one RSVP", async () => {
    // A fresh auth client, which reads the stored user at start as the page's does.
    vi.resetModules()
    const { enhanceSlots: enhance } = await import('../src/light/slots')
    localStorage.setItem('currentUser', JSON.stringify({ ...USER, isVerified: true }))
    let releaseRefresh!: () => void
    const f = fakeFetch({
      // The start-up held (on a slow phone: the refresh, and the API client's module on its first call).
      'POST /auth/refresh': () => new Promise((resolve) => (releaseRefresh = () => resolve(json({ accessToken: 'token-1' })))),
      'GET /auth/me': () => json({ ...USER, isVerified: true }),
      'GET /me/rsvps': () => json({ rsvps: [] }),
      'POST /rsvp': () => json({ status: 'confirmed', message: "You have RSVP'd!" }, 201),
    })
    vi.stubGlobal('fetch', f.fetch)
    const slots = enhance(render(event('account')))
    slots.setOpen([SLOT])
    void slots.start()
    await vi.waitFor(() => expect(f.calls.some((c) => c.url === '/api/auth/refresh')).toBe(true))

    button().click()
    // Painted by the press's own handler, not after the start-up: nothing was awaited yet.
    expect(button().textContent).toBe('Submitting...')
    expect(button().disabled).toBe(true)
    // A second press while it waits sends nothing more.
    button().form!.requestSubmit()
    expect(f.calls.filter((c) => c.method === 'POST' && c.url === '/api/rsvp')).toEqual([])

    releaseRefresh()
    await vi.waitFor(() => expect(message()?.textContent).toBe("You have RSVP'd!"))
    expect(document.activeElement).toBe(message())
    expect(button().textContent).toBe("RSVP'd!")
    const posts = f.calls.filter((c) => c.method === 'POST' && c.url === '/api/rsvp')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get('x-auth-token')).toBe('token-1')
    expect(posts[0]!.body).toMatchObject({ eventId: SLOT, email: USER.email })
  })
})
