// The check-in view, made for one hand on a phone: the slot's people with a big Check in / Undo button each,
// a name search at the top, and at the bottom (under the thumb) Scan, Type a code and Walk-in. Every tap is
// saved in this browser first and synced in order (src/organize/tapQueue.ts), with the count still to sync.
import { useState } from 'react'
import { searchAttendees } from '../src/api/checkin'
import { statusText } from '../src/organize/format'
import type { ShownAttendee } from '../src/organize/tapQueue'
import { useCheckin, type TapInput } from '../src/organize/useCheckin'
import { CodeForm, ScanPanel, WalkInForm } from './CheckinPanels'

type Panel = 'scan' | 'code' | 'walkin' | null

export function CheckinView({ slotId }: { slotId: string }) {
  const c = useCheckin(slotId)
  const [query, setQuery] = useState('')
  const [panel, setPanel] = useState<Panel>(null)
  const toggle = (p: Panel) => setPanel((open) => (open === p ? null : p))

  if (c.error && !c.roster) return <p className="error" role="alert">{c.error}</p>
  if (!c.roster) return <p role="status">Loading the roster...</p>
  const { slot } = c.roster
  const people = searchAttendees(c.shown, query)
  const checkedIn = c.shown.filter((a) => a.status === 'checked_in').length
  const expected = c.shown.filter((a) => a.status !== 'waitlisted').length

  return (
    <>
      <section className="checkin-head" aria-labelledby="checkin-event">
        <h2 id="checkin-event">{slot.event.title}</h2>
        <p className="muted">
          {slot.event.date_text}, {slot.time} · {slot.event.location}
        </p>
        <p className="checkin-count">
          <strong>{checkedIn}</strong> of {expected} checked in
        </p>
        {!slot.checkinOpen ? (
          <p className="notice">Check-in for this slot is not open now: it opens an hour before the start and closes a day after the end.</p>
        ) : null}
        <SyncStatus pending={c.pending} problem={c.problem} onRetry={c.retryNow} />
        <div aria-live="polite" className="checkin-notices">
          {c.notices.map((n) => (
            <p key={n.id} className={n.ok ? 'success' : 'error'}>
              {n.text}{' '}
              <button type="button" className="link-button" onClick={() => c.dismiss(n.id)} aria-label={`Dismiss: ${n.text}`}>
                Dismiss
              </button>
            </p>
          ))}
        </div>
      </section>

      <div className="field checkin-search">
        <label htmlFor="checkin-search">Search by name</label>
        <input id="checkin-search" type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {people.length === 0 ? (
        <p>{query.trim() ? `Nobody on this roster matches "${query.trim()}". Add them as a walk-in below.` : 'Nobody has RSVP\u2019d to this slot yet.'}</p>
      ) : (
        <ul className="checkin-list" aria-label="People in this slot">
          {people.map((a) => (
            <Person key={a.id} attendee={a} onTap={c.add} />
          ))}
        </ul>
      )}
      {c.pendingCodes.length ? (
        <p className="muted">Codes waiting to sync: {c.pendingCodes.map((t) => t.label).join(', ')}</p>
      ) : null}

      <div className="checkin-bar">
        {panel === 'scan' ? <ScanPanel onCode={(code) => c.add({ kind: 'code', code, label: code })} onClose={() => setPanel(null)} /> : null}
        {panel === 'code' ? <CodeForm onCode={(code) => c.add({ kind: 'code', code, label: code })} /> : null}
        {panel === 'walkin' ? <WalkInForm onAdd={(w) => c.add(w)} /> : null}
        <div className="checkin-bar-buttons">
          <button type="button" className="btn" aria-expanded={panel === 'scan'} onClick={() => toggle('scan')}>
            Scan QR code
          </button>
          <button type="button" className="btn" aria-expanded={panel === 'code'} onClick={() => toggle('code')}>
            Type a code
          </button>
          <button type="button" className="btn" aria-expanded={panel === 'walkin'} onClick={() => toggle('walkin')}>
            Add walk-in
          </button>
        </div>
      </div>
    </>
  )
}

function SyncStatus({ pending, problem, onRetry }: { pending: number; problem: string | null; onRetry: () => void }) {
  return (
    <div className={`sync-status${pending ? ' sync-waiting' : ''}`}>
      <p role="status">
        {pending === 0
          ? 'All check-ins are synced.'
          : `${pending} waiting to sync. They are kept on this phone and sent as soon as the connection allows.`}
        {pending && problem ? ` ${problem}` : null}
      </p>
      {pending ? (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try now
        </button>
      ) : null}
    </div>
  )
}

function Person({ attendee: a, onTap }: { attendee: ShownAttendee; onTap: (tap: TapInput) => void }) {
  const checked = a.status === 'checked_in'
  return (
    <li className={`person${checked ? ' person-in' : ''}`}>
      <div className="person-text">
        <strong>{a.name}</strong>
        <span className="muted">
          {statusText(a.status, a.position)}
          {a.walkIn ? ' · walk-in' : ''}
          {a.pending ? ' · waiting to sync' : ''}
        </span>
      </div>
      {a.id < 0 || a.status === 'waitlisted' ? null : checked ? (
        <button type="button" className="btn btn-secondary person-button" aria-label={`Undo check-in for ${a.name}`} onClick={() => onTap({ kind: 'undo', attendee: a.id, label: a.name })}>
          Undo
        </button>
      ) : (
        <button type="button" className="btn person-button" aria-label={`Check in ${a.name}`} onClick={() => onTap({ kind: 'checkin', attendee: a.id, label: a.name })}>
          Check in
        </button>
      )}
    </li>
  )
}
