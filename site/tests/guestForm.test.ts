// @vitest-environment happy-dom
// Issue 26, guests welcome: the slot's guest form checks what it sends, and its RSVP names the slot.
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GUEST_MSG, GuestRsvpForm, checkGuest } from '../components/GuestRsvpForm'
import { rsvpAsGuest, type GuestRsvp } from '../src/api/rsvp'
import { json, publicApi } from './helpers'

const ADA: GuestRsvp = { firstName: 'Ada', lastName: 'King', email: 'ada@example.org', phone: '' }
const SLOT = 'garden-volunteer-mornings-2027-04-03-8-00-10-00-am'

describe('checking a guest RSVP before it is sent', () => {
  it('names the first field to fix, in a full sentence', () => {
    expect(checkGuest({ ...ADA, firstName: '  ' })).toEqual({ field: 'firstName', message: GUEST_MSG.firstName })
    expect(checkGuest({ ...ADA, firstName: '', lastName: '' })?.field).toBe('firstName')
    expect(checkGuest({ ...ADA, lastName: '' })).toEqual({ field: 'lastName', message: GUEST_MSG.lastName })
    for (const email of ['', 'ada', 'ada@', 'ada@example', 'a da@example.org', '@example.org']) {
      expect(checkGuest({ ...ADA, email })).toEqual({ field: 'email', message: GUEST_MSG.email })
    }
    for (const message of Object.values(GUEST_MSG)) expect(message).toMatch(/^Please [a-z].*\.$/)
  })
  it('takes a name and an address, with or without a phone', () => {
    expect(checkGuest(ADA)).toBeNull()
    expect(checkGuest({ ...ADA, email: ' ada@example.org ', phone: '314-555-0101' })).toBeNull()
  })
})

describe('the guest form in a slot', () => {
  let root: Root
  let host: HTMLElement
  let sent: GuestRsvp[]
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    host = document.createElement('div')
    document.body.append(host)
    sent = []
    root = createRoot(host)
    act(() => root.render(createElement(GuestRsvpForm, { slotId: SLOT, label: 'Submit RSVP', busy: false, onSubmit: (f: GuestRsvp) => sent.push(f) })))
  })
  afterEach(() => {
    act(() => root.unmount())
    host.remove()
  })
  const input = (field: string) => host.querySelector<HTMLInputElement>(`#guest-${field}-${SLOT}`)!
  const type = (field: string, value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(field), value)
      input(field).dispatchEvent(new Event('input', { bubbles: true }))
    })
  const submit = () => act(() => host.querySelector('button')!.click())

  it('starts in its first field, with labels, an email input and an optional phone', () => {
    expect(document.activeElement).toBe(input('firstName'))
    expect([...host.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['First Name', 'Last Name', 'Email Address', 'Phone Number'])
    expect(input('email').type).toBe('email')
    expect(input('phone').placeholder).toBe('Optional')
  })
  it('refuses an empty or wrong field with its sentence, focused there, and sends nothing', () => {
    submit()
    expect(host.querySelector('[role=alert]')?.textContent).toBe(GUEST_MSG.firstName)
    expect(document.activeElement).toBe(input('firstName'))
    expect(input('firstName').getAttribute('aria-invalid')).toBe('true')
    type('firstName', 'Ada')
    expect(host.querySelector('[role=alert]')).toBeNull()
    type('lastName', 'King')
    type('email', 'ada.example.org')
    submit()
    expect(host.querySelector('[role=alert]')?.textContent).toBe(GUEST_MSG.email)
    expect(document.activeElement).toBe(input('email'))
    expect(sent).toEqual([])
  })
  it('sends what was typed once it is complete', () => {
    type('firstName', 'Ada')
    type('lastName', 'King')
    type('email', 'ada@example.org')
    submit()
    expect(host.querySelector('[role=alert]')).toBeNull()
    expect(sent).toEqual([ADA])
  })
})

describe('a guest RSVP to a slot', () => {
  it('posts the slot id with the name and address, and no credentials', async () => {
    const { api, calls } = publicApi({ 'POST /rsvp': () => json({ status: 'confirmed', message: 'ok' }, 201) })
    expect(await rsvpAsGuest(api, { ...ADA, firstName: ' Ada ' }, false, SLOT)).toEqual({ ok: true, status: 201, data: { status: 'confirmed', message: 'ok' } })
    expect(calls[0]!.body).toEqual({ eventId: SLOT, email: 'ada@example.org', firstName: 'Ada', lastName: 'King', phone: null })
    expect(calls[0]!.credentials).toBe('omit')
  })
  it("answers the service's sentence for a refusal, to show in the slot", async () => {
    const ended = 'This event has ended.'
    const { api } = publicApi({ 'POST /rsvp': () => json({ error: ended }, 410) })
    expect(await rsvpAsGuest(api, ADA, false, SLOT)).toEqual({ ok: false, status: 410, message: ended })
  })
})
