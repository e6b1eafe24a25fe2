import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import {
  IMPACT_MSG,
  RECORD_CHECKED,
  RECORD_NOT_CHECKED,
  attestedBy,
  codeFromInput,
  codeFromPath,
  hoursText,
  recordPdfUrl,
  serviceLabel,
  verifyRecord,
  type HoursRecord,
} from '../../../src/api/impact'
import { API_BASE } from '../../../src/auth/config'
import { getAuthClient } from '../../../src/auth/useAuth'
import { longDate } from '../../../src/organize/format'
import type { Data } from './+data'

type State = { kind: 'ask' } | { kind: 'checking'; code: string } | { kind: 'ok'; record: HoursRecord } | { kind: 'failed'; message: string }

const apiUrl = (p: string) => `${API_BASE}${p}`

/**
 * /verify-hours/<code>: a service-hours record as the service confirms it (the code is signed: a changed
 * code is refused), printable; /verify-hours alone asks for the code printed on a record.
 */
export default function Page() {
  const { meta } = useData<Data>()
  const [state, setState] = useState<State>({ kind: 'checking', code: '' })

  useEffect(() => {
    const code = codeFromPath(window.location.pathname)
    if (!code) {
      setState({ kind: 'ask' })
      return
    }
    setState({ kind: 'checking', code })
    void verifyRecord(getAuthClient().api, code).then((r) => setState(r.ok ? { kind: 'ok', record: r.data } : { kind: 'failed', message: r.message }))
  }, [])

  return (
    <div className="container verify-hours">
      <h1>{meta.title}</h1>
      {state.kind === 'checking' ? <p role="status">Checking the record with CivicSTL...</p> : null}
      {state.kind === 'ask' ? <CodeForm /> : null}
      {state.kind === 'failed' ? (
        <>
          <p className="error" role="alert">{state.message}</p>
          <CodeForm />
        </>
      ) : null}
      {state.kind === 'ok' ? <Record record={state.record} /> : null}
    </div>
  )
}

function Record({ record }: { record: HoursRecord }) {
  return (
    <article className="card hours-record" aria-labelledby="record-name">
      <p className="success" role="status">
        Confirmed by CivicSTL: this record is genuine and has not been changed or revoked.
      </p>
      <h2 id="record-name">{record.name}</h2>
      <p>
        <strong>{hoursText(record.hours)}</strong> of verified volunteer service, record issued {longDate(record.issuedAt)}.
      </p>
      {/* Four columns, each cell a few short lines: the table stays readable at 390 px. */}
      <table className="record-table">
        <caption className="visually-hidden">Events attended, with who attests each</caption>
        <thead>
          <tr>
            <th scope="col">Date and times</th>
            <th scope="col">Event, organization and service</th>
            <th scope="col">Hours</th>
            <th scope="col">Attested by</th>
          </tr>
        </thead>
        <tbody>
          {record.entries.map((e, i) => (
            <tr key={i}>
              <td>
                {e.date_text}
                {e.time ? <span className="record-line">{e.time}</span> : null}
              </td>
              <td>
                {e.title}
                <span className="record-line">{e.organization}</span>
                <span className="record-line">Service: {serviceLabel(e.service_type)}</span>
              </td>
              <td>{e.hours}</td>
              <td>{attestedBy(e)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{record.hours}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <h3>What CivicSTL checked</h3>
      <p>{RECORD_CHECKED}</p>
      <p>{RECORD_NOT_CHECKED}</p>
      <p className="muted">
        Verification code: <code className="record-code">{record.code}</code>
      </p>
      <div className="my-rsvp-actions no-print">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
        <a className="btn btn-secondary" href={recordPdfUrl(apiUrl, record.code)} download>
          Download PDF
        </a>
      </div>
    </article>
  )
}

function CodeForm() {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const code = codeFromInput(input.current?.value ?? '')
    if (!code) return setError(IMPACT_MSG.noCode)
    // A full page load: the page reads its code from the address, as from a printed link.
    window.location.assign(`/verify-hours/${encodeURIComponent(code)}`)
  }
  return (
    <form className="form no-print" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="verify-code">Verification code or link</label>
        <input id="verify-code" ref={input} type="text" autoComplete="off" spellCheck={false} onChange={() => setError(null)} />
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      <button type="submit" className="btn">
        Verify
      </button>
    </form>
  )
}
