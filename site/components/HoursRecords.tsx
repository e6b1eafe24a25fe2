// The dashboard's "Service-hours record": create a record of the verified hours of a period, for a purpose
// (a signed link a teacher can check), open it, download its PDF, CSV or signed credential, or revoke it.
import { useCallback, useEffect, useState } from 'react'
import { purposeAndPeriod } from '../src/api/hoursRecord'
import { IMPACT_MSG, hoursText, myRecords, recordCredential, recordCsvUrl, recordPdfUrl, revokeRecord, type RecordSummary } from '../src/api/impact'
import { getAuthClient } from '../src/auth/useAuth'
import { saveFile } from '../src/lib/download'
import { longDate } from '../src/organize/format'
import { RecordForm } from './RecordForm'

export function HoursRecords() {
  const [records, setRecords] = useState<RecordSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const load = useCallback(() => {
    void myRecords(getAuthClient()).then((r) => (r.ok ? setRecords(r.data) : setError(r.message)))
  }, [])
  useEffect(load, [load])

  const created = ({ url, hours }: { url: string; hours: number }) => {
    setNotice(`Your record of ${hoursText(hours)} is ready. Share its link: ${url}`)
    load()
  }
  const revoked = (message: string) => {
    setNotice(message)
    load()
  }
  return (
    <section className="section card" aria-labelledby="records-title">
      <h2 id="records-title">Service-hours record</h2>
      <p>
        A record lists each entry of the period you choose: its date, times, hours, kind of service and who attests
        it. Anyone with its link or code can check it
        with CivicSTL (your name and these entries only). Its credential is a signed copy you keep (Open Badges 3.0) that
        anyone can check against CivicSTL's published keys. Revoke a record to make its link and credential say so.
      </p>
      <RecordForm onCreated={created} />
      {notice ? <p className="success" role="status">{notice}</p> : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
      {records && records.length ? (
        <ul className="my-rsvps records">
          {records.map((r) => (
            <RecordItem key={r.code} record={r} onRevoked={revoked} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function RecordItem({ record: r, onRevoked }: { record: RecordSummary; onRevoked: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const client = getAuthClient()
  const label = `record of ${longDate(r.issuedAt)}`
  const revoke = async () => {
    setBusy(true)
    const res = await revokeRecord(client, r.code)
    setBusy(false)
    if (res.ok) onRevoked(IMPACT_MSG.revoked)
    else setError(res.message)
  }
  const credential = async () => {
    setError(null)
    const res = await recordCredential(client, r.code)
    if (res.ok) saveFile(res.data.blob, res.data.name)
    else setError(res.message)
  }
  return (
    <li className="my-rsvp">
      <strong>{hoursText(r.hours)}</strong>, issued {longDate(r.issuedAt)}
      {r.revoked ? <span className="state"> Revoked</span> : null}
      {r.purpose || r.period ? <span className="muted record-line">{purposeAndPeriod(r)}</span> : null}
      {!r.revoked ? (
        <div className="my-rsvp-actions">
          <a className="btn btn-secondary" href={r.url} aria-label={`Open the ${label}`}>
            Open
          </a>
          <a className="btn btn-secondary" href={recordPdfUrl((p) => client.url(p), r.code)} download aria-label={`Download the PDF of the ${label}`}>
            Download PDF
          </a>
          <a className="btn btn-secondary" href={recordCsvUrl((p) => client.url(p), r.code)} download aria-label={`Download the CSV of the ${label}`}>
            Download the CSV
          </a>
          <button type="button" className="btn btn-secondary" onClick={() => void credential()} aria-label={`Download the credential of the ${label}`}>
            Download credential
          </button>
          {confirming ? (
            <span role="group" aria-label={`Revoke the ${label}?`}>
              <span className="confirm-text">Revoke it? Its link will say it was revoked.</span>{' '}
              <button type="button" className="btn" disabled={busy} onClick={() => void revoke()}>
                {busy ? 'Revoking...' : 'Yes, revoke'}
              </button>{' '}
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-secondary" aria-label={`Revoke the ${label}`} onClick={() => setConfirming(true)}>
              Revoke
            </button>
          )}
        </div>
      ) : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  )
}
