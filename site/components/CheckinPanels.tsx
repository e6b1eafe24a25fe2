// The check-in view's three panels: the camera (QR codes), a typed code, a walk-in.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { normalizeCode } from '../src/api/checkin'
import type { TapInput } from '../src/organize/useCheckin'

export const PANEL_MSG = {
  badCode: 'A check-in code has 8 letters and digits, like ABCD-2345. Check the code and try again.',
  notOurs: 'That QR code is not a CivicSTL check-in code. Scan the code in the confirmation email.',
  name: "Please enter the walk-in's name.",
  email: 'That email address does not look right. Correct it, or leave it empty.',
} as const

const newClientId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `w-${Date.now()}-${Math.random().toString(36).slice(2)}`

export function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  useEffect(() => input.current?.focus(), [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const code = normalizeCode(input.current?.value ?? '')
    if (!code) {
      setError(PANEL_MSG.badCode)
      setDone(null)
      return
    }
    onCode(code)
    setError(null)
    setDone(`Code ${code} sent for check-in.`)
    if (input.current) input.current.value = ''
  }
  return (
    <form className="checkin-panel" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="checkin-code">Check-in code</label>
        <input id="checkin-code" ref={input} type="text" inputMode="text" autoCapitalize="characters" autoComplete="off" spellCheck={false} placeholder="ABCD-2345" onChange={() => setError(null)} />
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {done ? <p className="muted" role="status">{done}</p> : null}
      <button type="submit" className="btn">
        Check in by code
      </button>
    </form>
  )
}

export function WalkInForm({ onAdd }: { onAdd: (tap: TapInput) => void }) {
  const name = useRef<HTMLInputElement>(null)
  const email = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  useEffect(() => name.current?.focus(), [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = (name.current?.value ?? '').trim()
    const m = (email.current?.value ?? '').trim()
    if (!n) return setError(PANEL_MSG.name)
    if (m && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(m)) return setError(PANEL_MSG.email)
    onAdd({ kind: 'walkin', name: n, email: m || undefined, clientId: newClientId(), label: n })
    setError(null)
    setDone(`${n} added as a walk-in.`)
    if (name.current) name.current.value = ''
    if (email.current) email.current.value = ''
  }
  return (
    <form className="checkin-panel" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="walkin-name">Walk-in's name</label>
        <input id="walkin-name" ref={name} type="text" autoComplete="off" onChange={() => setError(null)} />
      </div>
      <div className="field">
        <label htmlFor="walkin-email">Email (optional)</label>
        <input id="walkin-email" ref={email} type="email" autoComplete="off" onChange={() => setError(null)} />
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {done ? <p className="muted" role="status">{done}</p> : null}
      <button type="submit" className="btn">
        Add and check in
      </button>
    </form>
  )
}

export function ScanPanel({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<{ starting: boolean; error: string | null; last: string | null }>({ starting: true, error: null, last: null })
  useEffect(() => {
    let scanner: { stop(): void } | null = null
    let live = true
    // The scanner (and with it the QR decoder) loads only now: the page itself ships without it.
    void import('../src/organize/scanner')
      .then(({ startScanner }) =>
        startScanner(video.current!, (text) => {
          const code = normalizeCode(text)
          if (!code) return setState((s) => ({ ...s, last: PANEL_MSG.notOurs }))
          onCode(code)
          setState((s) => ({ ...s, last: `Code ${code} sent for check-in.` }))
        }),
      )
      .then((s) => {
        if (!live) return s.stop()
        scanner = s
        setState((st) => ({ ...st, starting: false }))
      })
      .catch((error: unknown) => {
        if (live) setState({ starting: false, error: error instanceof Error ? error.message : String(error), last: null })
      })
    return () => {
      live = false
      scanner?.stop()
    }
    // onCode is the view's stable add; the camera must not restart when the view re-renders.
  }, [])
  return (
    <div className="checkin-panel scan-panel">
      <video ref={video} className="scan-video" aria-label="Camera view for scanning a QR code" muted playsInline />
      {state.error ? (
        <p className="error" role="alert">{state.error}</p>
      ) : (
        <p role="status">{state.starting ? 'Starting the camera...' : state.last ?? 'Hold the QR code from the email in front of the camera.'}</p>
      )}
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        Stop camera
      </button>
    </div>
  )
}
