import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import { GoogleButton } from '../../../components/GoogleButton'
import { QueryMessage } from '../../../components/QueryMessage'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import { rsvpReturnUrl } from '../../../src/lib/rsvpReturn'
import { queryParam } from '../../../src/lib/query'
import type { Data } from './+data'

export default function Page() {
  const { meta } = useData<Data>()
  // Uncontrolled inputs, read at submit: what a visitor types into the prerendered form before hydration stays.
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Query values are read after hydration (the HTML is prerendered without them).
  const [from, setFrom] = useState<string | null>(null)
  const [eventId, setEventId] = useState<string | null>(null)
  useEffect(() => {
    setFrom(queryParam('from'))
    setEventId(queryParam('eventId'))
    if (queryParam('error') === 'oauth_error') setError(MSG.oauthFailed)
    // A signed-in person sent here by an RSVP pressed before the event page's script had loaded (the slot's
    // plain form leads here): nothing to sign in to, the RSVP completes where it started.
    const rsvpFor = queryParam('from') === 'rsvp' ? queryParam('eventId') : null
    if (rsvpFor) {
      const client = getAuthClient()
      void client.init().then(() => {
        if (client.getState().user) go(rsvpReturnUrl(rsvpFor))
      })
    }
  }, [])

  const edit = () => setError(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const email = emailInput.current?.value ?? ''
    const password = passwordInput.current?.value ?? ''
    if (!email || !password) {
      setError(MSG.fillAllFields)
      return
    }
    setSubmitting(true)
    setError(null)
    try {
      const result = await getAuthClient().login(email, password)
      if (!result.ok) {
        setError(result.message)
        setSubmitting(false)
        return
      }
      go(from === 'rsvp' && eventId ? rsvpReturnUrl(eventId) : from === 'organize' ? '/organize' : '/dashboard')
    } catch {
      setError(MSG.formUnexpected)
      setSubmitting(false)
    }
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <QueryMessage query="from=rsvp" shown={from === 'rsvp'} className="notice" role="status">
        {MSG.signInToRsvp}
      </QueryMessage>
      <QueryMessage query="from=organize" shown={from === 'organize'} className="notice" role="status">
        {MSG.signInToOrganize}
      </QueryMessage>
      {/* No action: before hydration (or without JavaScript) it posts to this URL, ?from=rsvp&eventId= included. */}
      <form className="form" method="post" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input id="login-email" name="email" type="email" autoComplete="email" ref={emailInput} onChange={edit} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" ref={passwordInput} onChange={edit} disabled={submitting} />
        </div>
        <QueryMessage query="error=oauth_error" shown={error !== null} className="error" role="alert">
          {error ?? MSG.oauthFailed}
        </QueryMessage>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <div className="auth-alt">
        <GoogleButton label="Sign in with Google" from={from} eventId={eventId} disabled={submitting} />
        <p>
          <a href="/reset-password">Forgot your password?</a>
        </p>
        <p>
          Don't have an account? <a href="/register">Register</a>
        </p>
      </div>
    </div>
  )
}
