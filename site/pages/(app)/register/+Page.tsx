import { useEffect, useState, type FormEvent } from 'react'
import { useData } from 'vike-react/useData'
import { GoogleButton } from '../../../components/GoogleButton'
import { MSG } from '../../../src/auth/messages'
import { getAuthClient } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import { queryParam } from '../../../src/lib/query'
import type { Data } from './+data'

type Fields = { name: string; email: string; password: string; verifyPassword: string }

export default function Page() {
  const { meta } = useData<Data>()
  const [fields, setFields] = useState<Fields>({ name: '', email: '', password: '', verifyPassword: '' })
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (queryParam('error') === 'oauth_error') setError(MSG.oauthFailed)
  }, [])

  const edit = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }))
    setError(null)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const { name, email, password, verifyPassword } = fields
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
      if (!result.success) {
        setError(result.error)
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
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="reg-name">Name</label>
          <input id="reg-name" autoComplete="name" value={fields.name} onChange={edit('name')} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-email">Email</label>
          <input id="reg-email" type="email" autoComplete="email" value={fields.email} onChange={edit('email')} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-password">Password</label>
          <input id="reg-password" type="password" autoComplete="new-password" value={fields.password} onChange={edit('password')} disabled={submitting} />
        </div>
        <div className="field">
          <label htmlFor="reg-verify">Verify Password</label>
          <input id="reg-verify" type="password" autoComplete="new-password" value={fields.verifyPassword} onChange={edit('verifyPassword')} disabled={submitting} />
        </div>
        {error ? <p className="error" role="alert">{error}</p> : null}
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
