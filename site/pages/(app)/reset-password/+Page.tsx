import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import type { ApiResult } from '../../../src/api/client'
import type { Sentence } from '../../../src/auth/client'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { takeFragmentParam } from '../../../src/lib/query'
import type { Data } from './+data'

/** What the form says: the service's answer, or why the form was not sent (status 0). */
type Outcome = ApiResult<Sentence>

/**
 * Two steps on one page: without a token, ask for the account's email and send a reset link; the link in
 * that email comes back here with its token in the fragment (#token=...) and asks for the new password.
 */
export default function Page() {
  const { meta } = useData<Data>()
  // Read after hydration: the HTML is prerendered without the fragment.
  const [token, setToken] = useState<string | null>(null)
  useEffect(() => {
    const read = () => {
      const found = takeFragmentParam('token')
      if (found) setToken(found)
    }
    read()
    // A link pasted into a tab already on this page changes only the fragment: no new page load.
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [])

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      {token ? <NewPasswordForm token={token} /> : <EmailForm />}
      <div className="auth-alt">
        <p>
          Remembered it? <a href="/login">Log in</a>
        </p>
      </div>
    </div>
  )
}

function EmailForm() {
  // Uncontrolled, read at submit: what a visitor types before hydration stays.
  const emailInput = useRef<HTMLInputElement>(null)
  const [submitting, setSubmitting] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const email = emailInput.current?.value.trim() ?? ''
    if (!email) {
      setOutcome({ ok: false, status: 0, message: MSG.fillAllFields })
      return
    }
    setSubmitting(true)
    setOutcome(null)
    setOutcome(await getAuthClient().forgotPassword(email))
    setSubmitting(false)
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <div className="field">
        <label htmlFor="reset-email">Email</label>
        <input id="reset-email" type="email" autoComplete="email" ref={emailInput} onChange={() => setOutcome(null)} disabled={submitting} />
      </div>
      <Message outcome={outcome} />
      <button type="submit" className="btn" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send Reset Link'}
      </button>
    </form>
  )
}

function NewPasswordForm({ token }: { token: string }) {
  const passwordInput = useRef<HTMLInputElement>(null)
  const verifyInput = useRef<HTMLInputElement>(null)
  const [submitting, setSubmitting] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const edit = () => setOutcome(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const [password, verifyPassword] = [passwordInput, verifyInput].map((input) => input.current?.value ?? '')
    if (!password || !verifyPassword) {
      setOutcome({ ok: false, status: 0, message: MSG.fillAllFields })
      return
    }
    if (password !== verifyPassword) {
      setOutcome({ ok: false, status: 0, message: MSG.passwordsMustMatch })
      return
    }
    setSubmitting(true)
    setOutcome(null)
    const result = await getAuthClient().resetPassword(token, password)
    setOutcome(result)
    // After a success the link is spent: the form stays disabled and points to the sign-in page.
    if (!result.ok) setSubmitting(false)
  }

  const done = outcome?.ok === true
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="reset-password">New Password</label>
        <input id="reset-password" type="password" autoComplete="new-password" ref={passwordInput} onChange={edit} disabled={submitting} />
      </div>
      <div className="field">
        <label htmlFor="reset-verify">Verify Password</label>
        <input id="reset-verify" type="password" autoComplete="new-password" ref={verifyInput} onChange={edit} disabled={submitting} />
      </div>
      <Message outcome={outcome} />
      {done ? (
        <a className="btn" href="/login">
          Sign In
        </a>
      ) : (
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Resetting...' : 'Reset Password'}
        </button>
      )}
    </form>
  )
}

function Message({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null
  return (
    <p className={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.ok ? outcome.data.message : outcome.message}
    </p>
  )
}
