// The choices a new service-hours record is made of: the period, the purpose and the entries of that period
// (every one checked at first), then "Create a record" with them. The service answers an empty period with
// its own sentence, shown as it is.
import { useEffect, useState } from 'react'
import { PURPOSES, type Purpose } from '../src/api/hoursRecord'
import { createRecord, hoursText, type RecordRequest } from '../src/api/impact'
import { PERIODS, RECORDS_MSG, periodEntries, periodQuery, type PeriodChoice, type PeriodEntry, type PeriodKind } from '../src/api/records'
import { getAuthClient } from '../src/auth/useAuth'

type Created = { url: string; hours: number }

/** What an entry's checkbox says: "Tutoring night, May 1, 2027, 2 hours (confirmed by email)". */
export function entryLabel(e: PeriodEntry): string {
  const email = e.attestation?.method === 'email' ? ' (confirmed by email)' : ''
  return `${e.title}, ${e.date_text}, ${hoursText(e.hours)}${email}`
}

export function RecordForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const [choice, setChoice] = useState<PeriodChoice>({ period: 'all', from: '', to: '' })
  const [purpose, setPurpose] = useState<Purpose>('school')
  const [entries, setEntries] = useState<PeriodEntry[] | null>(null)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const datesMissing = choice.period === 'custom' && !(choice.from && choice.to)

  useEffect(() => {
    setEntries(null)
    if (datesMissing) return
    let current = true
    void periodEntries(getAuthClient(), choice).then((r) => {
      if (!current) return
      setError(r.ok ? null : r.message)
      const listed = r.ok ? r.data : []
      setEntries(listed)
      setChosen(new Set(listed.flatMap((e) => (e.id ? [e.id] : []))))
    })
    return () => {
      current = false
    }
  }, [choice, datesMissing])

  const toggle = (id: string) => {
    const next = new Set(chosen)
    if (!next.delete(id)) next.add(id)
    setChosen(next)
  }
  const create = async () => {
    if (datesMissing) return setError(RECORDS_MSG.customDates)
    // With the period's entries listed, the record holds the checked ones; an empty period goes to the
    // service as it is, which says why there is nothing to record.
    if (entries?.length && !chosen.size) return setError(RECORDS_MSG.noneChosen)
    const body: RecordRequest = { ...periodQuery(choice), purpose }
    if (entries?.length) body.entries = entries.flatMap((e) => (e.id && chosen.has(e.id) ? [e.id] : []))
    setBusy(true)
    setError(null)
    const r = await createRecord(getAuthClient(), body)
    setBusy(false)
    if (!r.ok) return setError(r.message)
    onCreated({ url: r.data.url, hours: r.data.record.hours })
  }

  return (
    <div className="record-form">
      <div className="field">
        <label htmlFor="record-period">Period</label>
        <select id="record-period" value={choice.period} onChange={(e) => setChoice({ ...choice, period: e.target.value as PeriodKind })}>
          {Object.entries(PERIODS).map(([value, label]) => (
            <option key={value} value={value}>{label}</option>
          ))}
        </select>
      </div>
      {choice.period === 'custom' ? (
        <>
          <div className="field">
            <label htmlFor="record-from">From</label>
            <input id="record-from" type="date" value={choice.from} onChange={(e) => setChoice({ ...choice, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="record-to">To</label>
            <input id="record-to" type="date" value={choice.to} onChange={(e) => setChoice({ ...choice, to: e.target.value })} />
          </div>
        </>
      ) : null}
      <div className="field">
        <label htmlFor="record-purpose">Purpose</label>
        <select id="record-purpose" value={purpose} onChange={(e) => setPurpose(e.target.value as Purpose)} aria-describedby={purpose === 'a-plus' ? 'record-a-plus' : undefined}>
          {Object.entries(PURPOSES).map(([value, label]) => (
            <option key={value} value={value}>{label}</option>
          ))}
        </select>
        {purpose === 'a-plus' ? <p id="record-a-plus" className="muted">{RECORDS_MSG.aPlus}</p> : null}
      </div>
      {entries?.length ? (
        <fieldset className="record-entries">
          <legend>Entries to include</legend>
          {entries.map((e) =>
            e.id ? (
              <label className="check" key={e.id}>
                <input type="checkbox" checked={chosen.has(e.id)} onChange={() => toggle(e.id!)} disabled={busy} />
                {entryLabel(e)}
              </label>
            ) : null,
          )}
        </fieldset>
      ) : null}
      <button type="button" className="btn" onClick={() => void create()} disabled={busy}>
        {busy ? 'Creating...' : 'Create a record'}
      </button>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </div>
  )
}
