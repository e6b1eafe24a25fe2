// The dashboard's "Your progress" (a lazy panel under "Your impact", from the same answer): the President's
// Volunteer Service Award level within reach for the volunteer's age group over the last 12 months, with the
// organizations that certify it, and the hours by kind of service.
import { useState } from 'react'
import { serviceLabel } from '../src/api/hoursRecord'
import { hoursText, type Impact } from '../src/api/impact'
import { BRACKETS, PROGRESS_MSG, pvsaText, saveAgeBracket, type AgeBracket, type Pvsa } from '../src/api/progress'
import { getAuthClient } from '../src/auth/useAuth'

type Props = { impact: Pick<Impact, 'pvsa' | 'serviceTypes'>; onChanged: () => void }

export function MyProgress({ impact: { pvsa, serviceTypes }, onChanged }: Props) {
  const [changing, setChanging] = useState(false)
  const saved = () => {
    setChanging(false)
    onChanged()
  }
  return (
    <section className="section card" aria-labelledby="progress-title">
      <h2 id="progress-title">Your progress</h2>
      <h3>President's Volunteer Service Award</h3>
      {!pvsa.bracket || changing ? (
        <BracketForm current={pvsa.bracket} onSaved={saved} onCancel={pvsa.bracket ? () => setChanging(false) : null} />
      ) : (
        <>
          <PvsaProgress pvsa={pvsa} />
          <p>
            Your age group: {BRACKETS[pvsa.bracket]}.{' '}
            <button type="button" className="btn btn-secondary" onClick={() => setChanging(true)}>
              Change your age group
            </button>
          </p>
        </>
      )}
      <h3>Hours by kind of service</h3>
      {serviceTypes.length ? (
        <ul className="service-types">
          {serviceTypes.map((s) => (
            <li key={s.serviceType}>
              {serviceLabel(s.serviceType)}: {hoursText(s.hours)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Hours show here by kind of service once an organizer or a supervisor attests them.</p>
      )}
    </section>
  )
}

function PvsaProgress({ pvsa }: { pvsa: Pvsa }) {
  const goal = pvsa.next ?? pvsa.reached
  const text = pvsaText(pvsa)
  return (
    <>
      <p>{text}</p>
      {goal ? <progress value={Math.min(pvsa.hours, goal.hours)} max={goal.hours} aria-label={text} /> : null}
      <p>
        {pvsa.partners.length
          ? `Certifying organizations on CivicSTL: ${pvsa.partners.map((p) => p.name).join(', ')}.`
          : PROGRESS_MSG.noPartners}
      </p>
    </>
  )
}

function BracketForm({ current, onSaved, onCancel }: { current: AgeBracket | null; onSaved: () => void; onCancel: (() => void) | null }) {
  const [bracket, setBracket] = useState<AgeBracket | ''>(current ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = async () => {
    if (!bracket) return
    setBusy(true)
    setError(null)
    const r = await saveAgeBracket(getAuthClient(), bracket)
    setBusy(false)
    if (r.ok) onSaved()
    else setError(r.message)
  }
  return (
    <div className="field">
      <label htmlFor="age-bracket">Your age group</label>
      <select id="age-bracket" value={bracket} onChange={(e) => setBracket(e.target.value as AgeBracket | '')} aria-describedby="age-bracket-help">
        <option value="">Choose your age group</option>
        {Object.entries(BRACKETS).map(([value, label]) => (
          <option key={value} value={value}>{label}</option>
        ))}
      </select>
      <p id="age-bracket-help" className="muted">{PROGRESS_MSG.ageHelp}</p>
      <p>
        <button type="button" className="btn" onClick={() => void save()} disabled={busy || !bracket}>
          {busy ? 'Saving...' : 'Save'}
        </button>{' '}
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </p>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </div>
  )
}
