// /verify-hours' enhancement (pages/(app)/verify-hours/+client.ts): the code of the address checked with the
// service, then the record (the markup the React page had), the service's sentence with the form, or the
// form alone. What the service sends is data: it goes in as text, never as HTML.
import { IMPACT_MSG, hoursText, recordCsvUrl, recordPdfUrl } from '../api/impact'
import { attestedBy, codeFromInput, codeFromPath, purposeAndPeriod, serviceLabel, verifyRecord, type HoursRecord } from '../api/hoursRecord'
import { getAuthClient } from '../auth/instance'
import { longDate } from '../organize/format'
import { make } from './dom'

// Here, not in src/api/impact.ts: the dashboard loads that module, and it is at its budget.
/** What /verify-hours says while it asks the service, once the service confirmed a record, and without
 * JavaScript (its one HTML serves every code, so only the browser can read the code and ask). */
export const RECORD_CHECKING = 'Checking the record with CivicSTL...'
export const RECORD_CONFIRMED = 'Confirmed by CivicSTL: this record is genuine and has not been changed or revoked.'
export const RECORD_NEEDS_SCRIPT =
  'This page checks the record with CivicSTL using JavaScript, which is turned off in this browser. Turn JavaScript on and reload the page, or ask the volunteer for the record\'s PDF.'


/** A cell (or header cell) holding `text` and then each of `lines` on a line of its own. */
function cell(tag: 'td' | 'th', text: string, lines: readonly string[] = [], attrs: Record<string, string> = {}): HTMLTableCellElement {
  const c = make(tag, attrs, text)
  for (const line of lines) c.append(make('span', { className: 'record-line' }, line))
  return c
}

/** The record as the service confirmed it: the article the page shows and prints. */
export function recordArticle(record: HoursRecord): HTMLElement {
  const article = make('article', { className: 'card hours-record', 'aria-labelledby': 'record-name' })
  const total = make('p')
  total.append(make('strong', {}, hoursText(record.hours)), ` of verified volunteer service, record issued ${longDate(record.issuedAt)}.`)
  // Four columns, each cell a few short lines: the table stays readable at 390 px.
  const table = make('table', { className: 'record-table' })
  const head = make('tr')
  for (const name of ['Date and times', 'Event, organization and service', 'Hours', 'Attested by']) head.append(cell('th', name, [], { scope: 'col' }))
  const body = make('tbody')
  for (const e of record.entries) {
    const row = make('tr')
    row.append(
      cell('td', e.date_text, e.time ? [e.time] : []),
      cell('td', e.title, [e.organization, `Service: ${serviceLabel(e.service_type)}`, ...(e.a_plus_eligible ? ['A+ eligible'] : [])]),
      cell('td', String(e.hours)),
      cell('td', attestedBy(e)),
    )
    body.append(row)
  }
  const foot = make('tr')
  foot.append(cell('th', 'Total', [], { scope: 'row', colspan: '2' }), cell('td', String(record.hours)), make('td'))
  table.append(make('caption', { className: 'visually-hidden' }, 'Events attended, with who attests each'), make('thead'), body, make('tfoot'))
  table.tHead!.append(head)
  table.tFoot!.append(foot)
  const code = make('p', { className: 'muted' }, 'Verification code: ')
  code.append(make('code', { className: 'record-code' }, record.code))
  const actions = make('div', { className: 'my-rsvp-actions no-print' })
  const print = make('button', { type: 'button', className: 'btn' }, 'Print')
  print.addEventListener('click', () => window.print())
  actions.append(
    print,
    make('a', { className: 'btn btn-secondary', href: recordPdfUrl((p) => getAuthClient().url(p), record.code), download: '' }, 'Download PDF'),
    make('a', { className: 'btn btn-secondary', href: recordCsvUrl((p) => getAuthClient().url(p), record.code), download: '' }, 'Download the CSV'),
  )
  const about = purposeAndPeriod(record)
  article.append(
    make('p', { className: 'success', role: 'status' }, RECORD_CONFIRMED),
    make('h2', { id: 'record-name' }, record.name),
    total,
    ...(about ? [make('p', { className: 'record-about' }, about)] : []),
    table,
    ...checkedSection(record.checked),
    code,
    actions,
  )
  return article
}

/** "What CivicSTL checked": the service's sentences, what it checked and what it did not, and the purpose's note. */
function checkedSection(checked: HoursRecord['checked']): HTMLElement[] {
  const list = (sentences: readonly string[]) => {
    const ul = make('ul', { className: 'record-checked' })
    for (const sentence of sentences) ul.append(make('li', {}, sentence))
    return ul
  }
  return [make('h3', {}, 'What CivicSTL checked'), list(checked.checked), list(checked.notChecked), ...(checked.note ? [make('p', {}, checked.note)] : [])]
}

/** The form for a code: a full page load to /verify-hours/<code>, as from a printed link. */
function enhanceForm(form: HTMLFormElement): void {
  const input = form.querySelector('input')!
  const error = make('p', { className: 'error', role: 'alert' }, IMPACT_MSG.noCode)
  input.addEventListener('input', () => error.remove())
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    const code = codeFromInput(input.value)
    if (!code) form.querySelector('button[type=submit]')!.before(error)
    else window.location.assign(`/verify-hours/${encodeURIComponent(code)}`)
  })
}

/** Checks the address's code and shows what the service says; resolves once it is shown. */
export async function enhanceVerifyHours(doc: Document): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-verify-hours]')!
  const checking = root.querySelector('[data-checking]')!
  const form = root.querySelector<HTMLFormElement>('form[data-code-form]')!
  enhanceForm(form)
  const code = codeFromPath(window.location.pathname)
  if (!code) {
    checking.remove()
    form.hidden = false
    return
  }
  const r = await verifyRecord(getAuthClient().api, code)
  checking.remove()
  if (r.ok) {
    form.replaceWith(recordArticle(r.data))
  } else {
    form.before(make('p', { className: 'error', role: 'alert' }, r.message))
    form.hidden = false
  }
}
