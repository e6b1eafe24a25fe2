import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import { GoogleButton } from '../../../components/GoogleButton'
import { QueryMessage } from '../../../components/QueryMessage'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import { queryParam } from '../../../src/lib/query'
import type { Data } from './+data'

export default function Page() {
  const { meta } = useData<Data>()
  // Uncontrolled inputs, read at submit: what a visitor types into the prerendered form before hydration stays.
  const nameInput = useRef<HTMLInputElement>(null)
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const verifyInput = useRef<HTMLInputElement>(null)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (queryParam('error') === 'oauth_error') setError(MSG.oauthFailed)
  }, [])

  const edit = () => setError(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const [name, email, password, verifyPassword] = [nameInput, emailInput, passwordInput, verifyInput].map(
      (input) => input.current?.value ?? '',
    )
    if (!name || !email || !password || !verifyPassword) {
      setError(MSG.fillAllFields)
      return
    }
    if (password !== verifyPassword) {
      setError(MSG.passwordsMustMatch)
      return
    }
    setSubmitting(true)
    setError(null)
    try {
      const result = await getAuthClient().register(name, email, password)
      if (!result.ok) {
        setError(result.message)
        setSubmitting(false)
        return
      }
      go('/dashboard')
    } catch {
      setError(MSG.formUnexpected)
      setSubmitting(false)
    }
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      {/* Before hydration (or without JavaScript) it posts to this URL. */}
      <form className="form" method="post" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="reg-name">Name</label>
          <input id="reg-name" name="name" autoComplete="name" ref={nameInput} onChange={edit} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-email">Email</label>
          <input id="reg-email" name="email" type="email" autoComplete="email" ref={emailInput} onChange={edit} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-password">Password</label>
          <input id="reg-password" name="password" type="password" autoComplete="new-password" ref={passwordInput} onChange={edit} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-verify">Verify Password</label>
          <input id="reg-verify" name="verifyPassword" type="password" autoComplete="new-password" ref={verifyInput} onChange={edit} disabled={submitting} />
        </div>
        <QueryMessage query="error=oauth_error" shown={error !== null} className="error" role="alert">
          {error ?? MSG.oauthFailed}
        </QueryMessage>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Registering...' : 'Register'}
        </button>
      </form>
      <div className="auth-alt">
        <GoogleButton label="Sign up with Google" disabled={submitting} />
        <p>
          Already have an account? <a href="/login">Log in</a>
        </p>
      </div>
    </div>
  )
}
