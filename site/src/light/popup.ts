// The guest event's popup (components/SlotForms.tsx's PopupRsvp): the disclosure's form opens as a modal
// dialog instead, as the spec has it. Focus moves in, is trapped, and returns on close (its close button,
// a click outside, Escape); the thank-you alert; a full slot's waitlist offer; the waitlist place.
import { RSVP_MSG, rsvpAsGuest, rsvpStats, spotsText, type GuestRsvp, type RsvpStats } from '../api/rsvp'
import { getAuthClient } from '../auth/instance'
import { make, place } from './dom'

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

/** The popup of `details`; `onDone(slotId)` after each answer that changes the slot's counts. */
export function enhancePopup(details: HTMLElement, onDone?: (slotId: string) => void) {
  const slotId = details.getAttribute('data-popup') ?? ''
  const body = details.querySelector<HTMLElement>('[data-part="dialog"]')!
  const form = body.querySelector('form')!
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!
  const opener = make('button', { type: 'button', className: 'btn', 'aria-haspopup': 'dialog' }, 'RSVP')
  const spotsId = `spots-${slotId}`
  // Pressed before the script came (a slow phone), the disclosure is open, maybe half filled in:
  // it becomes the open dialog with what was typed and the focus where it was.
  const wasOpen = (details as HTMLDetailsElement).open
  const typing = wasOpen && form.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null
  details.replaceWith(opener)
  const overlay = make('div', { className: 'overlay' })
  const dialog = make('div', { className: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rsvp-dialog-title', 'aria-describedby': 'rsvp-dialog-subtitle' })
  const close = make('button', { type: 'button', className: 'dialog-close', 'aria-label': 'Close' }, '×')
  dialog.append(close, body)
  overlay.append(dialog)
  let previous: HTMLElement | null = null
  let stats: RsvpStats | undefined

  const field = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!
  const read = (): GuestRsvp => ({ firstName: field('firstName').value, lastName: field('lastName').value, email: field('email').value, phone: field('phone').value })
  /** The form's answer area: an error, or a full slot's waitlist offer (then its button sends). */
  const show = (error: string | null, full: string | null, busy: boolean) => {
    place(form, 'rsvp-dialog-error', error ? () => make('p', { className: 'error', role: 'alert', id: 'rsvp-dialog-error' }) : null, null, error)
    form.querySelector('.waitlist-offer')?.remove()
    submit.hidden = full !== null
    submit.disabled = busy
    submit.textContent = busy ? 'Submitting...' : 'Submit RSVP'
    if (full === null) return form.append(submit)
    const join = make('button', { type: 'button', className: 'btn' }, busy ? 'Submitting...' : RSVP_MSG.joinWaitlist)
    join.disabled = busy
    join.addEventListener('click', () => void send(true, full))
    const offer = make('div', { className: 'waitlist-offer', role: 'alert' })
    offer.append(make('p', {}, full), join)
    form.append(offer)
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      return hide()
    }
    if (e.key !== 'Tab') return
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    const outside = !dialog.contains(document.activeElement)
    if (e.shiftKey && (document.activeElement === first || outside)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (document.activeElement === last || outside)) {
      e.preventDefault()
      first.focus()
    }
  }
  const hide = () => {
    if (!overlay.isConnected) return
    overlay.remove()
    document.removeEventListener('keydown', onKey)
    // Closed is forgotten: the next opening starts empty, as the form did.
    form.reset()
    body.querySelector('[data-placed]')?.remove()
    form.hidden = false
    show(null, null, false)
    previous?.focus()
  }
  const open = () => {
    if (overlay.isConnected) return
    previous = document.activeElement as HTMLElement | null
    opener.after(overlay)
    document.addEventListener('keydown', onKey)
    form.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus()
  }

  const send = async (waitlist: boolean, full: string | null = null) => {
    show(null, full, true)
    const guest = read()
    const result = await rsvpAsGuest(getAuthClient().api, guest, waitlist)
    // The slot's counts change with a place or a full slot's refusal.
    if (result.ok || result.full || result.position !== undefined) onDone?.(slotId)
    const placed = result.ok ? (result.data.status === 'waitlisted' ? result.data.message : null) : result.position !== undefined ? result.message : null
    if (placed !== null) {
      // The waitlist place replaces the form (and the button that had focus): focus moves to it.
      form.hidden = true
      const done = make('div', { 'data-placed': '' })
      const text = make('p', { className: 'success', role: 'status', tabindex: '-1' }, placed)
      const again = make('button', { type: 'button', className: 'btn' }, 'Close')
      again.addEventListener('click', hide)
      done.append(text, again)
      body.append(done)
      return text.focus()
    }
    if (!result.ok) return show(result.full ? null : result.message, result.full ? result.message : null, false)
    window.alert(RSVP_MSG.popupSuccess(guest.firstName.trim(), guest.email.trim()))
    hide()
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault()
    void send(false)
  })
  form.addEventListener('input', () => show(null, null, false))
  close.addEventListener('click', hide)
  overlay.addEventListener('mousedown', (e) => {
    if (e.target === overlay) hide()
  })
  opener.addEventListener('click', open)
  if (wasOpen) {
    open()
    previous = opener
    typing?.focus()
  }

  /** Spots left above the button ("Full: join the waitlist"), once known. */
  const setStats = (next: RsvpStats) => {
    stats = next
    const text = spotsText(stats)
    const p = place(opener.parentElement!, spotsId, text ? () => make('p', { className: 'spots', id: spotsId }) : null, null, text)
    if (p && p.nextElementSibling !== opener) opener.before(p)
  }
  /** Load the slot's spots left (GET /rsvp) and show them. */
  const loadSpots = () =>
    void rsvpStats(getAuthClient().api, slotId).then((r) => (r.ok ? setStats(r.data) : console.warn('Failed to fetch spots left', r.message)))
  return { open, slotId, loadSpots }
}
