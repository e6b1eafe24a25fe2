import { useEffect, useState } from 'react'
import { getAuthClient } from '../../../../src/auth/useAuth'
import { go } from '../../../../src/lib/nav'
import { RSVP_REDIRECT_KEY, rsvpReturnUrl } from '../../../../src/lib/rsvpReturn'
import { queryParam } from '../../../../src/lib/query'

/** Callback error redirect delay (the spec's 3000 ms). */
const CALLBACK_ERROR_DELAY_MS = 3000
/** Where a callback without a token goes. */
const NO_TOKEN_URL = '/login?error=oauth_error'

export default function Page() {
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const token = queryParam('token')
    if (!token) {
      go(NO_TOKEN_URL)
      return
    }
    let timer: number | undefined
    getAuthClient()
      .signInWithToken(token)
      .then((r) => {
        if (r.ok) {
          go(takeRsvpRedirect() ?? '/dashboard')
          return
        }
        setError(r.message)
        timer = window.setTimeout(() => go('/login?error=auth_failed'), CALLBACK_ERROR_DELAY_MS)
      })
    return () => window.clearTimeout(timer)
  }, [])

  return (
    // data-redirect: without a token /app-nav.js goes on before the app loads (see src/app-nav.js).
    <div className="container" data-redirect={NO_TOKEN_URL} data-redirect-unless="token">
      <h1>Authenticating...</h1>
      {error ? (
        <p className="error" role="alert">{error}</p>
      ) : (
        <p role="status">Please wait while we log you in</p>
      )}
    </div>
  )
}

/** After Google sign-in started from an RSVP: back to the Event Feed to complete it. */
function takeRsvpRedirect(): string | null {
  try {
    const raw = sessionStorage.getItem(RSVP_REDIRECT_KEY)
    if (!raw) return null
    sessionStorage.removeItem(RSVP_REDIRECT_KEY)
    const info = JSON.parse(raw) as { from?: string; eventId?: string | null }
    return info.from === 'rsvp' && info.eventId ? rsvpReturnUrl(info.eventId) : null
  } catch {
    return null
  }
}
