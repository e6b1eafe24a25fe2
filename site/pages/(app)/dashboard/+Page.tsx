import { useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import { HoursRecords, MyData, MyImpact, OrganizerCard, OutsideHours } from '../../../components/DashboardPanels'
import { MyRsvps } from '../../../components/MyRsvps'
import { getAuthClient, useAuth } from '../../../src/auth/useAuth'
import { go } from '../../../src/lib/nav'
import type { Data } from './+data'

export default function Page() {
  const { meta } = useData<Data>()
  const { user, loading, error } = useAuth()

  // No user once loading has finished: back to the home page.
  useEffect(() => {
    if (!loading && !user) go('/')
  }, [loading, user])

  return (
    // data-redirect: /app-nav.js sends a visitor with no stored user to / before the app loads (see src/app-nav.js).
    <div className="container" data-redirect="/" data-redirect-unless="user">
      <h1>{meta.title}</h1>
      {loading ? (
        <p role="status">Loading...</p>
      ) : user ? (
        <Account />
      ) : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </div>
  )
}

function Account() {
  const { user } = useAuth()
  const [resend, setResend] = useState<{ busy: boolean; message: string | null; ok: boolean }>({ busy: false, message: null, ok: false })
  const [loggingOut, setLoggingOut] = useState(false)
  if (!user) return null

  const logout = async () => {
    setLoggingOut(true)
    await getAuthClient().logout()
    go('/')
  }
  const resendVerification = async () => {
    setResend({ busy: true, message: null, ok: false })
    const r = await getAuthClient().resendVerification()
    setResend({ busy: false, ok: r.ok, message: r.ok ? r.data.message : r.message })
  }

  return (
    <>
      <section className="section card" aria-labelledby="account-title">
        <h2 id="account-title">Welcome, {user.name}</h2>
        <dl>
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Role</dt>
          <dd>{roleName(user.role)}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
        <p>
          <a href="/follows">What you follow</a>: organizations and causes whose upcoming events come in your weekly email.
        </p>
        {/* Signing out is rarely what the dashboard is for: a secondary button. */}
        <button type="button" className="btn btn-secondary" onClick={logout} disabled={loggingOut}>
          Logout
        </button>
      </section>
      {!user.isVerified ? (
        <section className="section card" aria-labelledby="verify-title">
          <h2 id="verify-title">Verify your account</h2>
          <p>Check your inbox for the verification email, or send a new one.</p>
          <button type="button" className="btn" onClick={resendVerification} disabled={resend.busy}>
            Resend Verification
          </button>
          {resend.message ? (
            <p className={resend.ok ? 'success' : 'error'} role="status">{resend.message}</p>
          ) : null}
        </section>
      ) : null}
      <OrganizerCard />
      <MyRsvps />
      <MyImpact />
      <HoursRecords />
      <OutsideHours />
      <MyData />
    </>
  )
}


/** A role as people read it: `volunteer` -> `Volunteer`. */
function roleName(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1)
}
