// The dashboard's "Your RSVPs": upcoming (with the check-in code and QR, .ics and Cancel), waitlist places,
// then past ones. A checked-in RSVP says so and cannot be cancelled. Until the account's address is
// verified, the guest RSVPs made with it are not the account's yet: the list says verifying brings them in.
import { useCallback, useEffect, useRef, useState } from 'react'
import { calendarFile, cancelMyRsvp, fetchFile, myRsvps, splitRsvps, type MyRsvp } from '../src/api/me'
import { getAuthClient, useAuth } from '../src/auth/useAuth'
import { saveFile } from '../src/lib/download'

const GUESTS_AFTER_VERIFYING = 'Verify your email address and the RSVPs you made as a guest with it will appear here.'

export function MyRsvps() {
  const { user } = useAuth()
  const heading = useRef<HTMLHeadingElement>(null)
  const [rsvps, setRsvps] = useState<MyRsvp[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const load = useCallback(() => {
    void myRsvps(getAuthClient()).then((r) => {
      if (r.ok) setRsvps(r.data)
      setFailed(r.ok ? null : r.message)
    })
  }, [])
  useEffect(load, [load])

  // The cancelled RSVP's item goes away: keyboard focus moves to the list's heading, not the page.
  const cancelled = (message: string) => {
    setNotice(message)
    heading.current?.focus()
    load()
  }
  const unverified = user ? !user.isVerified : false
  const { upcoming, past } = splitRsvps(rsvps ?? [])
  return (
    <section className="section card" aria-labelledby="rsvps-title">
      <h2 id="rsvps-title" ref={heading} tabIndex={-1}>
        Your RSVPs
      </h2>
      {notice ? <p className="success" role="status">{notice}</p> : null}
      {failed ? (
        <p className="error" role="alert">{failed}</p>
      ) : rsvps === null ? (
        <p>Loading...</p>
      ) : rsvps.length === 0 && unverified ? (
        <p>
          You have no RSVPs on this account yet. {GUESTS_AFTER_VERIFYING} <a href="/features">Find an event</a>
        </p>
      ) : rsvps.length === 0 ? (
        <p>
          You have no RSVPs yet. <a href="/features">Find an event</a>
        </p>
      ) : (
        <>
          <h3>Upcoming</h3>
          {upcoming.length === 0 ? (
            <p>
              Nothing coming up. <a href="/features">Find an event</a>
            </p>
          ) : (
            <ul className="my-rsvps">
              {upcoming.map((r) => (
                <UpcomingRsvp key={r.id} rsvp={r} onCancelled={cancelled} />
              ))}
            </ul>
          )}
          {past.length > 0 ? (
            <>
              <h3>Past</h3>
              <ul className="my-rsvps">
                {past.map((r) => (
                  <li key={r.id} className="my-rsvp">
                    <RsvpSummary rsvp={r} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {unverified ? <p className="muted">{GUESTS_AFTER_VERIFYING}</p> : null}
        </>
      )}
    </section>
  )
}

function RsvpSummary({ rsvp }: { rsvp: MyRsvp }) {
  return (
    <>
      <strong id={`my-rsvp-${rsvp.id}`}>
        <a href={rsvp.path}>{rsvp.title}</a>
      </strong>
      <br />
      {rsvp.date_text}, {rsvp.time}
      <br />
      <span className="muted">{rsvp.location}</span>
      {rsvp.status === 'waitlisted' ? (
        <>
          <br />
          <span className="spots">You are #{rsvp.position ?? '?'} on the waitlist</span>
        </>
      ) : null}
      {rsvp.consent === 'awaiting' ? (
        <>
          <br />
          <span className="spots">Awaiting consent: your parent or guardian has the link to approve.</span>
        </>
      ) : null}
    </>
  )
}

function UpcomingRsvp({ rsvp, onCancelled }: { rsvp: MyRsvp; onCancelled: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const label = `${rsvp.title}, ${rsvp.date_text}, ${rsvp.time}`
  // Keyboard focus follows the confirm step: onto its first button when it opens, back to Cancel
  // when it closes, and onto "Yes, cancel" again when cancelling failed.
  const confirmFirst = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const [focusNext, setFocusNext] = useState<'confirm' | 'cancel' | null>(null)
  useEffect(() => {
    if (busy || focusNext === null) return
    const target = focusNext === 'confirm' ? confirmFirst : cancelButton
    target.current?.focus()
    setFocusNext(null)
  }, [busy, focusNext])

  const download = async () => {
    setError(null)
    const r = await fetchFile(getAuthClient(), calendarFile(rsvp.id), `${rsvp.event}.ics`)
    if (r.ok) saveFile(r.data.blob, r.data.name)
    else setError(r.message)
  }
  const cancel = async () => {
    setBusy(true)
    setError(null)
    const r = await cancelMyRsvp(getAuthClient(), rsvp.id)
    setBusy(false)
    if (r.ok) onCancelled(r.data.message)
    else {
      setError(r.message)
      setFocusNext('confirm')
    }
  }
  const confirm = (open: boolean) => {
    setConfirming(open)
    setFocusNext(open ? 'confirm' : 'cancel')
  }

  return (
    <li className="my-rsvp">
      <RsvpSummary rsvp={rsvp} />
      {rsvp.checkedIn ? (
        <p className="success">Checked in</p>
      ) : rsvp.code ? (
        <figure className="checkin-pass">
          {/* Big enough to scan from a phone held up at the door. */}
          {rsvp.qr ? <img src={rsvp.qr} width={232} height={232} alt={`QR code of your check-in code, ${rsvp.code}`} /> : null}
          <figcaption>
            Check-in code: <strong className="checkin-code">{rsvp.code}</strong>
          </figcaption>
        </figure>
      ) : null}
      <div className="my-rsvp-actions">
        {rsvp.status === 'confirmed' ? (
          <button type="button" className="btn btn-secondary" aria-describedby={`my-rsvp-${rsvp.id}`} onClick={() => void download()}>
            Add to calendar (.ics)
          </button>
        ) : null}
        {rsvp.checkedIn ? null : confirming ? (
          <span role="group" aria-label={`Cancel ${label}?`}>
            <span className="confirm-text">
              {rsvp.status === 'waitlisted' ? 'Leave the waitlist?' : 'Cancel this RSVP? Your spot goes to the next person waiting.'}
            </span>{' '}
            <button type="button" className="btn" ref={confirmFirst} disabled={busy} onClick={() => void cancel()}>
              {busy ? 'Cancelling...' : 'Yes, cancel'}
            </button>{' '}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => confirm(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-secondary" ref={cancelButton} aria-describedby={`my-rsvp-${rsvp.id}`} onClick={() => confirm(true)}>
            Cancel
          </button>
        )}
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  )
}
