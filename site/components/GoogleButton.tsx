import { API_BASE } from '../src/auth/config'
import { useGoogleSignIn } from '../src/auth/siteConfig'
import { RSVP_REDIRECT_KEY } from '../src/lib/rsvpReturn'

/**
 * Full navigation to the backend's Google endpoint; an RSVP in progress is remembered in sessionStorage. Shown
 * only when the service says Google sign-in is configured (GET /api/config).
 */
export function GoogleButton({ label, from, eventId, disabled }: {
  label: string
  from?: string | null
  eventId?: string | null
  disabled?: boolean
}) {
  const google = useGoogleSignIn()
  if (!google) return null
  const onClick = () => {
    if (from === 'rsvp') {
      try {
        sessionStorage.setItem(RSVP_REDIRECT_KEY, JSON.stringify({ from, eventId: eventId ?? null }))
      } catch {
        /* ignore */
      }
    }
    window.location.href = `${API_BASE}/auth/google`
  }
  return (
    <button type="button" className="btn btn-secondary" onClick={onClick} disabled={disabled}>
      {label}
    </button>
  )
}
