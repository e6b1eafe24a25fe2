// The frame of the organizer pages: signed out -> /login (at once through src/app-nav.js, else once the auth
// client knows), then the user's roles; a volunteer without the role reads why and what to do.
import { useEffect, type ReactNode } from 'react'
import type { Roles } from '../src/api/roles'
import { isOrganizer } from '../src/api/roles'
import { useAuth } from '../src/auth/useAuth'
import { go } from '../src/lib/nav'
import { useRoles } from '../src/organize/roles'

export const LOGIN_FOR_ORGANIZERS = '/login?from=organize'

export const ROLE_MSG = {
  notOrganizer:
    'Your account is not an organizer for any organization yet. If you run events for a partner organization, ask a CivicSTL admin to grant you the organizer role, then reload this page.',
  notAdmin: 'Only CivicSTL admins can grant organizer roles. If someone needs the role, ask an admin.',
} as const

export function OrganizerPage({ title, adminOnly = false, className, children }: {
  title: string
  adminOnly?: boolean
  className?: string
  children: (roles: Roles) => ReactNode
}) {
  const { user, loading } = useAuth()
  useEffect(() => {
    if (!loading && !user) go(LOGIN_FOR_ORGANIZERS)
  }, [loading, user])
  return (
    // data-redirect: src/app-nav.js sends a visitor with no stored user to sign in before the app loads.
    <div className={`container${className ? ` ${className}` : ''}`} data-redirect={LOGIN_FOR_ORGANIZERS} data-redirect-unless="user">
      <h1>{title}</h1>
      {loading || !user ? <p role="status">Loading...</p> : <Gate adminOnly={adminOnly}>{children}</Gate>}
    </div>
  )
}

function Gate({ adminOnly, children }: { adminOnly: boolean; children: (roles: Roles) => ReactNode }) {
  const { roles, error } = useRoles()
  if (error) return <p className="error" role="alert">{error}</p>
  if (!roles) return <p role="status">Loading...</p>
  const allowed = adminOnly ? roles.admin : isOrganizer(roles)
  if (!allowed) {
    return (
      <>
        <p className="notice" role="status">{adminOnly ? ROLE_MSG.notAdmin : ROLE_MSG.notOrganizer}</p>
        <p>
          <a href={adminOnly ? '/organize' : '/dashboard'}>{adminOnly ? 'Back to Organize' : 'Go to your dashboard'}</a>
        </p>
      </>
    )
  }
  return <>{children(roles)}</>
}
