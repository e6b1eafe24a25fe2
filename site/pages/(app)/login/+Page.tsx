import { useEffect, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import { GoogleButton } from '../../../components/GoogleButton'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import { queryParam, rsvpReturnUrl } from '../../../src/lib/query'
import type { Data } from './+data'

export default function Page() {
  const { meta } = useData<Data>()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Query values are read after hydration (the HTML is prerendered without them).
  const [from, setFrom] = useState<string | null>(null)
  const [eventId, setEventId] = useState<string | null>(null)
  useEffect(() => {
    setFrom(queryParam('from'))
    setEventId(queryParam('eventId'))
    if (queryParam('error') === 'oauth_error') setError(MSG.oauthFailed)
  }, [])

  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value)
    setError(null)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!email || !password) {
      setError(MSG.fillAllFields)
      return
    }
    setSubmitting(true)
    setError(null)
    try {
      const result = await getAuthClient().login(email, password)
      if (!result.success) {
        setError(result.error)
        setSubmitting(false)
        return
      }
      go(from === 'rsvp' && eventId ? rsvpReturnUrl(eventId) : '/dashboard')
    } catch {
      setError(MSG.formUnexpected)
      setSubmitting(false)
    }
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      {from === 'rsvp' ? <p className="notice" role="status">{MSG.signInToRsvp}</p> : null}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input id="login-email" type="email" autoComplete="email" value={email} onChange={edit(setEmail)} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={edit(setPassword)} disabled={submitting} />
        </div>
        {error ? <p className="error" role="alert">{error}</p> : null}
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <div className="auth-alt">
        <GoogleButton label="Sign in with Google" from={from} eventId={eventId} disabled={submitting} />
        <p>
          Don't have an account? <a href="/register">Register</a>
        </p>
      </div>
    </div>
  )
}
