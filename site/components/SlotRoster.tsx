// One slot's roster on /organize: who is coming (name, email, phone, RSVP time, waitlist place, state),
// the CSV download, hours of those checked in, removing an RSVP (and blocking its address), and the message form.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { slotRoster, type Attendee, type Roster } from '../src/api/organize'
import { rosterCsv, setHours } from '../src/api/roster'
import { removeRsvp, type RemovalReason } from '../src/api/removals'
import { getAuthClient } from '../src/auth/useAuth'
import { saveFile } from '../src/lib/download'
import { shortDateTime, statusText } from '../src/organize/format'
import { PartyGuests } from './PartyGuests'
import { SlotMessage } from './SlotMessage'

export function SlotRoster({ slotId, label, onChanged }: { slotId: string; label: string; onChanged: () => void }) {
  const [roster, setRoster] = useState<Roster | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  // What the last removal did: its row is gone from the list, so the sentence is said here.
  const [removed, setRemoved] = useState<string | null>(null)
  const load = useCallback(() => {
    void slotRoster(getAuthClient(), slotId).then((r) => {
      if (r.ok) {
        setRoster(r.data)
        setError(null)
      } else setError(r.message)
    })
  }, [slotId])
  useEffect(load, [load])

  const exportCsv = async () => {
    setDownload({ busy: true, error: null })
    const r = await rosterCsv(getAuthClient(), slotId)
    if (r.ok) saveFile(r.data.blob, r.data.name)
    setDownload({ busy: false, error: r.ok ? null : r.message })
  }

  if (error) return <p className="error" role="alert">{error}</p>
  if (!roster) return <p role="status">Loading the roster...</p>
  const coming = roster.attendees.filter((a) => a.status !== 'waitlisted')
  const onRemoved = (message: string) => {
    setRemoved(message)
    load()
    onChanged()
  }
  const waiting = roster.attendees.filter((a) => a.status === 'waitlisted')
  return (
    <section className="roster" aria-label={`Roster of ${label}`}>
      <div className="organize-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()} disabled={download.busy}>
          {download.busy ? 'Preparing...' : 'Download roster (CSV)'}
        </button>
      </div>
      {download.error ? <p className="error" role="alert">{download.error}</p> : null}
      {removed ? <p className="success" role="status">{removed}</p> : null}
      <h4>Attendees ({coming.length})</h4>
      {coming.length ? (
        <ul className="attendees">
          {coming.map((a) => (
            <AttendeeItem key={a.id} slotId={slotId} attendee={a} onSaved={() => { load(); onChanged() }} onRemoved={onRemoved} />
          ))}
        </ul>
      ) : (
        <p>Nobody has RSVP'd to this slot yet.</p>
      )}
      {waiting.length ? (
        <>
          <h4>Waitlist ({waiting.length})</h4>
          <ul className="attendees">
            {waiting.map((a) => (
              <AttendeeItem key={a.id} slotId={slotId} attendee={a} onSaved={load} onRemoved={onRemoved} />
            ))}
          </ul>
        </>
      ) : null}
      <SlotMessage slotId={slotId} waitlist={waiting.length} replies={roster.replies} />
    </section>
  )
}

type ItemProps = { slotId: string; attendee: Attendee; onSaved: () => void; onRemoved: (message: string) => void }

function AttendeeItem({ slotId, attendee: a, onSaved, onRemoved }: ItemProps) {
  return (
    <li className="attendee" data-attendee-id={a.id}>
      <p className="attendee-head">
        <strong>{a.name}</strong> <span className={`state state-${a.status}`}>{statusText(a.status, a.position)}</span>
        {a.walkIn ? <span className="state">Walk-in</span> : null}
      </p>
      <PartyGuests attendee={a} />
      <p className="attendee-contact">
        {a.email ? <a href={`mailto:${a.email}`}>{a.email}</a> : <span className="muted">No email</span>}
        {a.phone ? (
          <>
            {' · '}
            <a href={`tel:${a.phone}`}>{a.phone}</a>
          </>
        ) : null}
      </p>
      <p className="muted attendee-meta">
        {a.walkIn ? 'Walked in' : "RSVP'd"} {shortDateTime(a.walkIn ? a.checkedInAt : a.rsvpAt)}
        {a.checkedInAt && !a.walkIn ? ` · checked in ${shortDateTime(a.checkedInAt)}` : null}
        {a.hours !== null ? ` · ${a.hours} h` : null}
      </p>
      {a.status === 'checked_in' ? <HoursForm slotId={slotId} attendee={a} onSaved={onSaved} /> : null}
      {(a.status === 'confirmed' || a.status === 'waitlisted') && !a.walkIn ? <RemoveRsvp slotId={slotId} attendee={a} onRemoved={onRemoved} /> : null}
    </li>
  )
}

function HoursForm({ slotId, attendee, onSaved }: { slotId: string; attendee: Attendee; onSaved: () => void }) {
  const [value, setValue] = useState(attendee.hours === null ? '' : String(attendee.hours))
  const [reason, setReason] = useState(attendee.hoursReason ?? '')
  const [state, setState] = useState<{ busy: boolean; message: string | null; ok: boolean }>({ busy: false, message: null, ok: false })
  const id = `hours-${slotId}-${attendee.id}`
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const hours = Number(value)
    if (!value.trim() || !Number.isFinite(hours) || hours <= 0 || hours > 24 || Math.round(hours * 4) !== hours * 4) {
      setState({ busy: false, ok: false, message: 'Enter the hours as a number from 0.25 to 24, in quarter hours (for example 1.5).' })
      return
    }
    setState({ busy: true, message: null, ok: false })
    const r = await setHours(getAuthClient(), slotId, attendee.id, hours, reason.trim() || undefined)
    setState({ busy: false, ok: r.ok, message: r.ok ? `Saved: ${hours} hours for ${attendee.name}.` : r.message })
    if (r.ok) onSaved()
  }
  return (
    <form className="hours-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>Hours for {attendee.name}</label>
      <input id={id} type="number" inputMode="decimal" min="0.25" max="24" step="0.25" value={value} onChange={(e) => setValue(e.target.value)} disabled={state.busy} />
      <label htmlFor={`${id}-reason`}>Reason (needed for more hours than the slot lasts)</label>
      <input id={`${id}-reason`} type="text" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} disabled={state.busy} />
      <button type="submit" className="btn btn-secondary" disabled={state.busy}>
        Save hours
      </button>
      {state.message ? <p className={state.ok ? 'success' : 'error'} role={state.ok ? 'status' : 'alert'}>{state.message}</p> : null}
    </form>
  )
}

// The reasons the service words for the email (none: the email gives none).
const REASONS: [RemovalReason | '', string][] = [
  ['', 'No reason given'],
  ['duplicate', 'It repeats another RSVP of theirs'],
  ['requirements', "It does not meet the event's requirements"],
  ['fewer_spots', 'The slot has fewer spots than planned'],
]

/** Remove one RSVP, after a confirm step with a reason from a list and the option to block the address. */
function RemoveRsvp({ slotId, attendee: a, onRemoved }: Omit<ItemProps, 'onSaved'>) {
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState<RemovalReason | ''>('')
  const [block, setBlock] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    setBusy(true)
    setError(null)
    const r = await removeRsvp(getAuthClient(), slotId, { attendee: a.id, block, ...(reason ? { reason } : {}) })
    setBusy(false)
    if (r.ok) onRemoved(r.data.message)
    else setError(r.message)
  }
  const cancel = () => {
    setConfirming(false)
    setReason('')
    setBlock(false)
    setError(null)
  }
  if (!confirming)
    return (
      <div className="organize-actions">
        <button type="button" className="btn btn-secondary" aria-label={`Remove ${a.name}'s RSVP`} onClick={() => setConfirming(true)}>
          Remove
        </button>
      </div>
    )
  return (
    <div className="remove-confirm" role="group" aria-label={`Remove ${a.name}'s RSVP?`}>
      <p className="confirm-text">
        Remove {a.name}&apos;s RSVP? We will email them that the organizer removed it
        {a.status === 'confirmed' ? ', and the next people on the waitlist move up' : ''}.
      </p>
      <div className="field">
        <label htmlFor={`reason-${slotId}-${a.id}`}>Reason (the email says it)</label>
        <select id={`reason-${slotId}-${a.id}`} value={reason} disabled={busy} onChange={(e) => setReason(e.target.value as RemovalReason | '')}>
          {REASONS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      {a.email ? (
        <p>
          <label className="check">
            <input type="checkbox" checked={block} disabled={busy} onChange={(e) => setBlock(e.target.checked)} /> Also block {a.email} from this
            organization&apos;s events (their other upcoming RSVPs are removed too)
          </label>
        </p>
      ) : null}
      <div className="organize-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void remove()}>
          {busy ? 'Removing...' : block ? 'Yes, remove and block' : 'Yes, remove'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={cancel}>
          Keep
        </button>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </div>
  )
}
