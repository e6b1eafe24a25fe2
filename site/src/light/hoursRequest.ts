// /hours-request's enhancement (pages/(app)/hours-request/+client.ts): the link's token read from the address,
// what the volunteer asks shown from the service's preview, and each button answered through its JSON endpoint,
// the service's sentence shown where focus goes. The link's `act` only points at its button: loading the page
// never answers. What the service sends (names, what they did) is data: it goes in as text, never as HTML.
import { HOURS_REQUEST_MSG, actOf, answerHoursRequest, previewHoursRequest, type AnswerFields, type HoursAct, type HoursAsked } from '../api/hoursRequest'
import { serviceLabel } from '../api/hoursRecord'
import { hoursText } from '../api/impact'
import { getAuthClient } from '../auth/instance'
import { takeLinkParam } from '../lib/query'
import { longDate } from '../organize/format'
import { make } from './dom'

export const HOURS_REQUEST_HEADING = 'Confirm volunteer hours'
export const HOURS_REQUEST_LOADING = 'Loading the request...'
export const NOT_ME_HINT =
  '"This is not me": you do not know this volunteer, or this is not your address. The request closes and CivicSTL sends no more hours requests to this address.'

/** The preview's facts as a definition list, every value as text. */
export function askedList(asked: HoursAsked): HTMLDListElement {
  const list = make('dl', { className: 'hours-asked' })
  const rows: [string, string][] = [
    ['Volunteer', asked.volunteer],
    ['Organization', asked.organization],
    // Noon UTC: the day itself in any zone the site formats in.
    ['Date', longDate(`${asked.date}T12:00:00Z`)],
    ['Time', asked.time],
    ['Hours', hoursText(asked.hours)],
    ['What they did', asked.description],
    ['Kind of service', serviceLabel(asked.service_type)],
    ['Supervisor named', asked.supervisor_name],
  ]
  for (const [term, value] of rows) list.append(make('dt', {}, term), make('dd', {}, value))
  return list
}

/** The sentence, in a status (answered) or alert (refused) that takes focus, instead of `before`'s old one. */
function say(root: HTMLElement, before: Element, message: string, ok: boolean): HTMLElement {
  root.querySelector('[data-said]')?.remove()
  const p = make('p', { className: ok ? 'success' : 'error', role: ok ? 'status' : 'alert', tabindex: '-1', 'data-said': '' }, message)
  before.before(p)
  p.focus()
  return p
}

/** The fields the pressed button sends (hours only to adjust), or a sentence when the hours are missing. */
function fieldsOf(form: HTMLFormElement, act: HoursAct): AnswerFields | string {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? ''
  const fields: AnswerFields = {}
  if (value('role')) fields.role = value('role')
  if (value('note')) fields.note = value('note')
  if (act === 'adjust') {
    const hours = Number(value('hours'))
    if (!value('hours') || !Number.isFinite(hours) || hours <= 0 || hours > 24) return HOURS_REQUEST_MSG.hoursNeeded
    fields.hours = hours
  }
  return fields
}

/** Answer through the JSON endpoints: the pressed button's act, its sentence shown and focused. */
function enhanceForm(root: HTMLElement, form: HTMLFormElement, token: string): void {
  let pressed: HoursAct | null = null
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[name=act]')) {
    button.addEventListener('click', () => (pressed = actOf(button.value)))
  }
  let busy = false
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    // Only a pressed button answers: a submit without a submitter (Enter in a field, should a browser submit one
    // despite the disabled default button) answers nothing. Browsers without `submitter` give the click before it.
    const act = 'submitter' in e ? actOf(((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? null) : pressed
    pressed = null
    if (!act || busy) return
    const fields = fieldsOf(form, act)
    if (typeof fields === 'string') {
      say(root, form, fields, false)
      form.querySelector<HTMLInputElement>('#hr-hours')?.focus()
      return
    }
    busy = true
    void answerHoursRequest(getAuthClient().api, token, act, fields).then((r) => {
      busy = false
      if (r.ok) {
        say(root, form, r.data.message, true)
        form.remove()
      } else {
        // Gone, answered or expired (404, 410): nothing left to press.
        if (r.status === 404 || r.status === 410) {
          say(root, form, r.message, false)
          form.remove()
        } else say(root, form, r.message, false)
      }
    })
  })
}

/** Show the link's `act` button (or the Hours field to adjust) without pressing it. */
function pointAt(form: HTMLFormElement, act: HoursAct): void {
  const target = act === 'adjust' ? form.querySelector<HTMLElement>('#hr-hours') : form.querySelector<HTMLElement>(`button[name=act][value="${act}"]`)
  if (!target) return
  target.scrollIntoView?.({ block: 'center' })
  target.focus()
}

/** Reads the link, shows what is asked (or why it cannot be answered) and enhances the form; resolves once shown. */
export async function enhanceHoursRequest(doc: Document): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-hours-request]')!
  const loading = root.querySelector('[data-loading]')!
  const form = root.querySelector<HTMLFormElement>('form[data-answer-form]')!
  const act = actOf(new URLSearchParams(window.location.search).get('act'))
  const token = takeLinkParam('token')
  if (!token) {
    loading.remove()
    say(root, form, HOURS_REQUEST_MSG.noToken, false)
    form.remove()
    return
  }
  form.hidden = true
  const r = await previewHoursRequest(getAuthClient().api, token)
  loading.remove()
  if (!r.ok || r.data.state !== 'awaiting') {
    say(root, form, r.ok ? HOURS_REQUEST_MSG[r.data.state as Exclude<HoursAsked['state'], 'awaiting'>] : r.message, false)
    form.remove()
    return
  }
  const intro = make('p', {}, `${r.data.volunteer} asked CivicSTL to have you confirm these volunteer hours. Please check them, then answer.`)
  form.before(intro, askedList(r.data))
  // The hours asked, ready to change when adjusting (only the Adjust button sends them).
  const hours = form.querySelector<HTMLInputElement>('#hr-hours')
  if (hours) hours.value = String(r.data.hours)
  form.hidden = false
  enhanceForm(root, form, token)
  if (act) pointAt(form, act)
}
