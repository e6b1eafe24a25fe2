// The dashboard's "Hours served elsewhere" (issue 40): ask a supervisor by email to confirm hours served outside
// CivicSTL, then follow each request (sent, delivered, opened, answered) and withdraw one still waiting.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { hoursText } from '../src/api/impact'
import {
  OUTSIDE_MSG,
  SERVICE_TYPES,
  answerText,
  askOutsideHours,
  checkOutsideHours,
  isPending,
  myOutsideHours,
  stateText,
  waitingText,
  withdrawOutsideHours,
  type OutsideHoursDraft,
  type OutsideHoursItem,
} from '../src/api/outsideHours'
import { getAuthClient } from '../src/auth/useAuth'
import { longDate } from '../src/organize/format'

const EMPTY: OutsideHoursDraft = {
  organization: '',
  date: '',
  start: '',
  end: '',
  description: '',
  service_type: 'other',
  supervisor_name: '',
  supervisor_email: '',
  honesty: false,
  not_relative: false,
}

/** The checkbox's words: the service's honesty statement (NewOutsideHours.honesty). */
export const HONESTY_LABEL = 'I confirm these hours are true and complete.'
export const NOT_RELATIVE_LABEL = 'My supervisor is an adult who is not my relative.'

/** Today in the browser's own calendar, as a date input gives it ("2026-05-01"). */
function today(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A request's day as people read it (noon UTC: the same day in the site's zone). */
const dayText = (date: string) => longDate(`${date}T12:00:00Z`)

export function OutsideHours() {
  const [items, setItems] = useState<OutsideHoursItem[] | null>(null)
  const [listError, setListError] = useState<string | null>(null)
  const load = useCallback(() => {
    void myOutsideHours(getAuthClient()).then((r) => (r.ok ? (setItems(r.data), setListError(null)) : setListError(r.message)))
  }, [])
  useEffect(load, [load])
  const waiting = items ? waitingText(items) : null
  return (
    <section className="section card" aria-labelledby="outside-title">
      <h2 id="outside-title">Hours served elsewhere</h2>
      <p>
        Served somewhere that is not on CivicSTL? Tell us where and when, and we email your supervisor there to confirm the
        hours. Confirmed hours count on your service-hours record, with your supervisor's name.
      </p>
      <AskForm onSent={load} />
      {listError ? <p className="error" role="alert">{listError}</p> : null}
      {waiting ? <p>{waiting}</p> : null}
      {items && items.length ? (
        <ul className="my-rsvps outside-hours" aria-label="Your hours requests">
          {items.map((item) => (
            <RequestItem key={item.id} item={item} onWithdrawn={load} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function AskForm({ onSent }: { onSent: () => void }) {
  const [draft, setDraft] = useState<OutsideHoursDraft>(EMPTY)
  const [error, setError] = useState<{ field: keyof OutsideHoursDraft | null; message: string } | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const set = <K extends keyof OutsideHoursDraft>(key: K, value: OutsideHoursDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  // The first bad field takes focus once its sentence is shown.
  useEffect(() => {
    if (error?.field) form.current?.querySelector<HTMLElement>(`#outside-${error.field}`)?.focus()
  }, [error])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setNotice(null)
    const bad = checkOutsideHours(draft, today())
    if (bad) return setError(bad)
    setError(null)
    setBusy(true)
    const { honesty: _h, not_relative: _n, ...rest } = draft
    const r = await askOutsideHours(getAuthClient(), {
      ...rest,
      organization: rest.organization.trim(),
      description: rest.description.trim(),
      supervisor_name: rest.supervisor_name.trim(),
      supervisor_email: rest.supervisor_email.trim(),
      honesty: true,
      not_relative: true,
    })
    setBusy(false)
    if (!r.ok) return setError({ field: null, message: r.message })
    setDraft(EMPTY)
    setNotice(OUTSIDE_MSG.sent)
    onSent()
  }
  const described = (field: keyof OutsideHoursDraft) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': 'outside-error' } : {}
  const text = (field: 'organization' | 'supervisor_name' | 'supervisor_email', label: string, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label htmlFor={`outside-${field}`}>{label}</label>
      <input
        id={`outside-${field}`}
        type={type}
        autoComplete={autoComplete}
        maxLength={field === 'supervisor_email' ? 320 : 200}
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        {...described(field)}
      />
    </div>
  )
  const box = (field: 'honesty' | 'not_relative', label: string) => (
    <div className="field checkbox">
      <input id={`outside-${field}`} type="checkbox" checked={draft[field]} onChange={(e) => set(field, e.target.checked)} {...described(field)} />
      <label htmlFor={`outside-${field}`}>{label}</label>
    </div>
  )
  return (
    <form ref={form} className="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Ask a supervisor to confirm hours">
      {text('organization', 'Organization')}
      <div className="field">
        <label htmlFor="outside-date">Date</label>
        <input id="outside-date" type="date" max={today()} value={draft.date} onChange={(e) => set('date', e.target.value)} {...described('date')} />
      </div>
      <div className="field">
        <label htmlFor="outside-start">Start time</label>
        <input id="outside-start" type="time" value={draft.start} onChange={(e) => set('start', e.target.value)} {...described('start')} />
      </div>
      <div className="field">
        <label htmlFor="outside-end">End time</label>
        <input id="outside-end" type="time" value={draft.end} onChange={(e) => set('end', e.target.value)} {...described('end')} />
      </div>
      <div className="field">
        <label htmlFor="outside-description">What you did</label>
        <textarea
          id="outside-description"
          maxLength={1000}
          rows={3}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          {...described('description')}
        />
      </div>
      <div className="field">
        <label htmlFor="outside-service_type">Kind of service</label>
        <select id="outside-service_type" value={draft.service_type} onChange={(e) => set('service_type', e.target.value as OutsideHoursDraft['service_type'])}>
          {SERVICE_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {text('supervisor_name', "Supervisor's name")}
      {text('supervisor_email', "Supervisor's email", 'email')}
      {box('honesty', HONESTY_LABEL)}
      {box('not_relative', NOT_RELATIVE_LABEL)}
      {error ? (
        <p className="error" role="alert" id="outside-error">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Sending...' : 'Ask for confirmation'}
      </button>
      {notice ? <p className="success" role="status">{notice}</p> : null}
    </form>
  )
}

function RequestItem({ item, onWithdrawn }: { item: OutsideHoursItem; onWithdrawn: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const withdraw = async () => {
    setBusy(true)
    setError(null)
    const r = await withdrawOutsideHours(getAuthClient(), item.id)
    setBusy(false)
    if (r.ok) onWithdrawn()
    else setError(r.message)
  }
  return (
    <li className="my-rsvp">
      <strong>{item.organization}</strong>, {dayText(item.date)}, {hoursText(item.hours)}
      <span className="state"> {stateText(item)}</span>
      {answerText(item) ? <p className="supervisor-answer">{answerText(item)}</p> : null}
      {isPending(item) ? (
        <div className="my-rsvp-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => void withdraw()}
            aria-label={`Withdraw the request to ${item.organization} for ${dayText(item.date)}`}
          >
            Withdraw
          </button>
        </div>
      ) : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  )
}
