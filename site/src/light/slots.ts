// The enhancement of the time slots' forms (components/SlotForms.tsx) on the Event Feed and the event
// pages: the same form, sent through the API with the spec's states in place (RSVP, Submitting...,
// RSVP'd!, the waitlist), its message inside the slot, focused; a guest's fields open on RSVP and are
// checked first; "Bringing others?" and "Are you under 18?" open on demand; spots left; the signed-in
// person's RSVP'd! states; and the RSVP a sign-in came back to finish.
import { RSVP_MSG, rsvpStats, spotsText, type GuestRsvp, type RsvpStats } from '../api/rsvp'
import { getAuthClient } from '../auth/instance'
import { guardians } from '../events/guardians'
import { GUEST_PARTY_LIMIT, checkGuest } from '../events/guestForm'
import {
  BUTTON_TEXT, myStates, sendRsvp, shownState, slotActions, slotMessageId, takePendingRsvp, type SlotState,
} from '../events/slotRsvp'
import { make, place, swap } from './dom'

type Problem = ReturnType<typeof checkGuest>

/** One slot as the enhancement holds it: its nodes (taken out of the form until shown) and its state. */
type SlotView = {
  id: string
  li: HTMLElement
  form: HTMLFormElement
  button: HTMLButtonElement
  guestEvent: boolean
  fields: HTMLElement | null
  guests: HTMLElement | null
  guardian: HTMLElement | null
  minors: HTMLElement | null
  offers: { guests: HTMLButtonElement; guardian: HTMLButtonElement }
  shown: { guests: boolean; guardian: boolean }
  open: boolean
  problem: Problem
  state: SlotState
  stats?: RsvpStats
}

// What the guest last sent: the next slot's form starts with it (one person RSVPing to two slots).
let last: GuestRsvp = { firstName: '', lastName: '', email: '', phone: '' }

/** A part of the form (data-part): a disclosure's content, a template's, or the element itself, taken out. */
function takePart(form: HTMLFormElement, name: string): HTMLElement | null {
  const node = form.querySelector<HTMLElement>(`[data-part="${name}"]`)
  if (!node) return null
  node.remove()
  if (node instanceof HTMLTemplateElement) return document.importNode(node.content, true).firstElementChild as HTMLElement | null
  return node.tagName === 'DETAILS' ? (node.lastElementChild as HTMLElement | null) : node
}

const offer = (label: string) => make('button', { type: 'button', className: 'link-button', 'aria-expanded': 'false' }, label)

const signedIn = () => getAuthClient().getState().user !== null


function readGuest(v: SlotView): GuestRsvp {
  const value = (name: string) => v.fields?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? ''
  return { firstName: value('firstName'), lastName: value('lastName'), email: value('email'), phone: value('phone') }
}

/** The guests' count input and how many the RSVP may bring now (fewer for a signed-out guest). */
function guestLimits(v: SlotView): { count: HTMLInputElement | null; most: number; max: number } {
  const max = Number(v.guests?.getAttribute('data-max') ?? 0)
  return { count: v.guests?.querySelector('input[type=number]') ?? null, max, most: v.guestEvent && !signedIn() ? Math.min(max, GUEST_PARTY_LIMIT) : max }
}

/** The names of the party's other members ('' for one not named), as many as the count says. */
function guestNames(v: SlotView): string[] {
  if (!v.guests || !v.shown.guests) return []
  const n = Number(guestLimits(v).count?.value ?? 0)
  return [...v.guests.querySelectorAll<HTMLInputElement>('input[type=text]')].slice(0, n).map((i) => i.value)
}

/** Show a slot as its state says (idempotent: called after every change). */
function paint(v: SlotView): void {
  const s = shownState(v.state, v.stats)
  const { waitlist, retry, filling } = slotActions(s, v.stats)
  const asGuest = v.guestEvent && !signedIn()
  const busy = s.status === 'submitting'
  const spots = v.stats ? spotsText(v.stats) : null
  const spotsId = `spots-${v.id}`
  place(v.li, spotsId, spots ? () => make('span', { className: 'spots', id: spotsId }) : null, v.li.firstElementChild, spots)

  const wanted: HTMLElement[] = []
  if (filling && v.guests) wanted.push(v.shown.guests ? v.guests : v.offers.guests)
  const guardian = asGuest ? v.minors : v.guardian
  if (filling && guardian) wanted.push(v.shown.guardian ? guardian : v.offers.guardian)
  const formOpen = asGuest && v.open && filling && v.fields !== null
  if (formOpen) wanted.push(v.fields!)
  const problemId = `guest-problem-${v.id}`
  if (formOpen && v.problem) wanted.push(make('p', { className: 'error', role: 'alert', id: problemId }, v.problem.message))
  swap(v.form, [v.fields, v.guests, v.guardian, v.minors, v.offers.guests, v.offers.guardian, v.form.querySelector(`[id="${problemId}"]`)], wanted, v.button)

  if (v.guests) {
    const { count, most, max } = guestLimits(v)
    const label = v.guests.querySelector(`label[for="guests-${v.id}"]`)
    if (label) label.textContent = `Guests (up to ${most})`
    if (count) {
      count.max = String(most)
      if (Number(count.value) > most) count.value = String(most)
      const why = v.guests.querySelector<HTMLElement>(`[id="guests-why-${v.id}"]`)
      if (why) why.hidden = most >= max
      if (why && most < max) count.setAttribute('aria-describedby', why.id)
      else count.removeAttribute('aria-describedby')
      v.guests.querySelectorAll<HTMLElement>('label[data-guest]').forEach((l, i) => {
        l.hidden = i >= Number(count.value)
        l.querySelector('input')!.disabled = i >= most
      })
    }
  }
  if (v.fields) {
    for (const input of v.fields.querySelectorAll('input')) {
      input.disabled = busy
      const bad = v.problem !== null && input.name === v.problem.field
      input.toggleAttribute('aria-invalid', bad)
      if (bad) input.setAttribute('aria-describedby', problemId)
      else input.removeAttribute('aria-describedby')
    }
  }
  v.button.textContent = formOpen ? (busy ? 'Submitting...' : waitlist ? RSVP_MSG.joinWaitlist : 'Submit RSVP') : waitlist ? RSVP_MSG.joinWaitlist : BUTTON_TEXT[s.status]
  v.button.disabled = formOpen ? busy : !retry
  v.button.setAttribute('aria-describedby', spots ? `slot-${v.id} ${spotsId}` : `slot-${v.id}`)

  const bad = (s.status === 'full' || s.status === 'error') && s.message
  const good = (s.status === 'waitlisted' || s.status === 'done') && s.message
  const msgId = slotMessageId(v.id)
  const message = place(v.li, msgId, bad || good ? () => make('p', { id: msgId, tabindex: '-1' }) : null, null, s.message ?? null)
  if (message) {
    message.className = bad ? 'error' : 'success'
    message.setAttribute('role', bad ? 'alert' : 'status')
  }
}

/** The slots of a page, enhanced: `loadSpots(ids)` asks their spots left; `setOpen(ids)` says which are open
 * (not ended by the browser's clock: the page decides), `openIds()` lists them; `start()` reads the
 * signed-in person's states and finishes the RSVP a sign-in came back for. */
export function enhanceSlots(root: ParentNode) {
  const client = getAuthClient()
  const views = new Map<string, SlotView>()
  let open = new Set<string>()
  const isOpen = (v: SlotView) => open.has(v.id)
  const openIds = () => [...views.values()].filter(isOpen).map((v) => v.id)
  const setOpen = (ids: readonly string[]) => {
    open = new Set(ids)
  }
  const paintAll = () => views.forEach(paint)

  const loadSpots = (ids: readonly string[]) => {
    for (const id of ids) {
      void rsvpStats(client.api, id).then((r) => {
        const v = views.get(id)
        if (!r.ok) console.warn('Failed to fetch spots left', r.message)
        else if (v) {
          v.stats = r.data
          paint(v)
        }
      })
    }
  }

  const submitting = (v: SlotView) => {
    if (v.state.status === 'submitting') return
    v.state = { status: 'submitting' }
    paint(v)
  }

  const rsvp = async (v: SlotView, guest?: GuestRsvp) => {
    const { waitlist } = slotActions(shownState(v.state, v.stats), v.stats)
    // The press shows Submitting... at once for the user the client read from storage: the client's
    // start-up (a refresh, and the API client's own module on a first call) can take seconds on a slow
    // phone, and a press that paints nothing until then is an unanswered press (and could be sent twice).
    if (client.getState().user || guest) submitting(v)
    await client.init()
    const user = client.getState().user
    if (user || guest) submitting(v)
    const sent = await sendRsvp(client, v.id, waitlist, guestNames(v), user ? undefined : guest)
    if ('login' in sent) {
      // The stored session had ended: sign-in makes the RSVP. A second navigation would abort the nav
      // script's early redirect (or be aborted by it); the slot is pressable again only if nobody leaves.
      if (!window.civicLeaving) return void window.location.assign(sent.login)
      v.state = { status: 'idle' }
      paint(v)
      return
    }
    v.state = sent.state
    paint(v)
    if (v.stats) loadSpots([v.id])
    // Every answer shows in the slot, never in a browser alert. The button is disabled now, so focus would
    // fall to the page's top: it goes to the slot's own message, scrolled into view, where the person looks.
    const shown = document.getElementById(slotMessageId(v.id))
    if (shown) {
      shown.focus({ preventScroll: true })
      shown.scrollIntoView({ block: 'nearest' })
    }
  }

  const press = (v: SlotView) => {
    const s = shownState(v.state, v.stats)
    if (s.status === 'submitting') return
    const asGuest = v.guestEvent && !signedIn()
    if (!asGuest) return void rsvp(v)
    if (!v.open) {
      // The form replaces the button that had focus: focus moves into it, filled with what was last sent.
      v.open = true
      paint(v)
      for (const [name, value] of Object.entries(last)) {
        const input = v.fields?.querySelector<HTMLInputElement>(`[name="${name}"]`)
        if (input && !input.value) input.value = value
      }
      v.fields?.querySelector('input')?.focus()
      return
    }
    const guest = readGuest(v)
    v.problem = checkGuest(guest)
    paint(v)
    if (v.problem) return void v.fields?.querySelector<HTMLInputElement>(`[name="${v.problem.field}"]`)?.focus()
    last = guest
    void rsvp(v, guest)
  }

  for (const li of root.querySelectorAll<HTMLElement>('li.slot[data-event-id]')) {
    const form = li.querySelector<HTMLFormElement>('form.slot-form')
    const button = form?.querySelector<HTMLButtonElement>('button[type=submit]')
    if (!form || !button) continue
    const id = li.getAttribute('data-event-id')!
    const v: SlotView = {
      id, li, form, button, guestEvent: form.getAttribute('data-rsvp') === 'guest',
      fields: takePart(form, 'guest'), guests: takePart(form, 'guests'), minors: takePart(form, 'minors'), guardian: takePart(form, 'guardian'),
      offers: { guests: offer('Bringing others?'), guardian: offer('Are you under 18?') },
      shown: { guests: false, guardian: false }, open: false, problem: null, state: { status: 'idle' },
    }
    // The page checks a guest's fields itself, in the slot's words.
    form.noValidate = true
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      press(v)
    })
    v.offers.guests.addEventListener('click', () => {
      v.shown.guests = true
      paint(v)
      guestLimits(v).count?.focus()
    })
    v.offers.guardian.addEventListener('click', () => {
      v.shown.guardian = true
      // Saying "under 18" is opening it: the RSVP carries under18 (src/events/guardians.ts) from now on.
      if (signedIn()) guardians[id] ??= ''
      paint(v)
      v.guardian?.querySelector<HTMLInputElement>('input[type=email]')?.focus()
    })
    v.guardian?.querySelector<HTMLInputElement>('input[type=email]')?.addEventListener('input', (e) => {
      guardians[id] = (e.target as HTMLInputElement).value
    })
    guestLimits(v).count?.addEventListener('input', (e) => {
      const input = e.target as HTMLInputElement
      const { most } = guestLimits(v)
      input.value = String(Math.max(0, Math.min(most, Math.trunc(Number(input.value)) || 0)))
      paint(v)
    })
    v.fields?.addEventListener('input', () => {
      if (!v.problem) return
      v.problem = null
      paint(v)
    })
    views.set(id, v)
    paint(v)
  }

  /** Start: the auth state (a signed-in person's states, one GET /me/rsvps), and the RSVP a sign-in came
   * back to finish (?showRSVP=true&eventId=...), once the page's own clock has decided what is open. */
  const start = async () => {
    const pending = takePendingRsvp()
    client.subscribe(paintAll)
    await client.init()
    const user = client.getState().user
    const ids = openIds()
    if (user && ids.length) {
      const states = await myStates(client, ids)
      for (const [id, state] of Object.entries(states)) {
        const v = views.get(id)
        // What this page's own RSVPs answered is as new as the list, and carries their message.
        if (v && v.state.status === 'idle') {
          v.state = state
          paint(v)
        }
      }
    }
    const v = pending ? views.get(pending) : undefined
    if (v && user && isOpen(v)) void rsvp(v)
  }

  return { views, openIds, setOpen, loadSpots, start }
}
