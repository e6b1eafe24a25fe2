// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/events/gala"}
// The guest event's popup (src/light/popup.ts) enhances the disclosure the server renders
// (components/SlotForms.tsx's PopupRsvp). On a slow phone the disclosure may be opened, and
// typed into, before the script comes: nothing typed is lost and the focus stays put.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { PopupRsvp } from '../components/SlotForms'
import type { EventItem } from '../src/content/types'
import { enhancePopup } from '../src/light/popup'

const SLOT = 'gala-2999-04-03-6-00-9-00-pm'
const EVENT = {
  slug: 'gala', title: 'Gala', rsvp: 'guest', date_text: 'Saturday, April 3', time_text: '6:00-9:00 PM', location: 'Hall',
  slots: [{ id: SLOT, time: '6:00-9:00 PM', start: '2999-04-03T18:00:00-05:00', end: '2999-04-03T21:00:00-05:00', capacity: 5 }],
} as unknown as EventItem

function render(): HTMLElement {
  document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(PopupRsvp, { event: EVENT }))}</main>`
  return document.querySelector<HTMLElement>('details.popup-rsvp')!
}
const dialog = () => document.querySelector('[role=dialog]')
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the popup enhancement', () => {
  it('leaves a closed disclosure as a button that opens the dialog', () => {
    enhancePopup(render())
    expect(dialog()).toBeNull()
    const opener = document.querySelector<HTMLButtonElement>('main button[aria-haspopup=dialog]')!
    expect(opener.textContent).toBe('RSVP')
    opener.click()
    expect(dialog()).not.toBeNull()
    expect(document.activeElement).toBe(field('firstName'))
  })

  it('opens the dialog with what was typed when the disclosure was opened before the script', () => {
    const details = render() as HTMLDetailsElement
    details.open = true
    field('firstName').value = 'Gina'
    field('lastName').value = 'Gu'
    field('lastName').focus()
    enhancePopup(details)
    expect(dialog()).not.toBeNull()
    expect(dialog()!.contains(field('firstName'))).toBe(true)
    expect([field('firstName').value, field('lastName').value]).toEqual(['Gina', 'Gu'])
    expect(document.activeElement).toBe(field('lastName'))
  })
})
