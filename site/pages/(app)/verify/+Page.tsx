import { useRef, useState } from 'react'
import { useData } from 'vike-react/useData'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import { verifiedNext } from '../../../src/lib/rsvpReturn'
import { queryParam } from '../../../src/lib/query'
import type { Data } from './+data'

/** Delay before leaving for the home page after a link without a token, so the message can be read. */
const VERIFY_REDIRECT_MS = 3000

type Status = 'none' | 'verifying' | 'success' | 'error'

export default function Page() {
  const { meta } = useData<Data>()
  const [status, setStatus] = useState<Status>('none')
  const [message, setMessage] = useState<string | null>(null)
  // After verifying: on to where the person was going (the event of their RSVP, or the dashboard).
  const [next, setNext] = useState<{ href: string; label: string } | null>(null)
  const running = useRef(false)

  const verify = async () => {
    // Runs only from the none state.
    if (status !== 'none' || running.current) return
    running.current = true
    const token = queryParam('token')
    if (!token) {
      setStatus('error')
      setMessage(MSG.noVerificationToken)
      window.setTimeout(() => go('/'), VERIFY_REDIRECT_MS)
      return
    }
    setStatus('verifying')
    const result = await getAuthClient().verifyEmail(token)
    setStatus(result.ok ? 'success' : 'error')
    setMessage(result.ok ? result.data.message : result.message)
    if (result.ok) setNext(verifiedNext(Date.now()))
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <button type="button" className="btn" onClick={verify} disabled={status !== 'none'}>
        {status === 'verifying' ? 'Verifying...' : 'Verify Your Email'}
      </button>
      {message ? (
        <p className={status === 'success' ? 'success' : 'error'} role={status === 'success' ? 'status' : 'alert'}>
          {message}
        </p>
      ) : null}
      {next ? (
        <p>
          <a className="btn" href={next.href}>{next.label}</a>
        </p>
      ) : null}
    </div>
  )
}
