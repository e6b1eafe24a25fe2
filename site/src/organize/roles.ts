// The signed-in user's roles (GET /me/roles), read on the dashboard and the organizer pages; reading them sets
// the nav's Organize flag (./organizerFlag).
import { useEffect, useState } from 'react'
import { getAuthClient, useAuth } from '../auth/useAuth'
import { isOrganizer, myRoles, type Roles } from '../api/roles'
import { rememberOrganizer } from './organizerFlag'

export type RolesState = { roles: Roles | null; error: string | null; status: number | null }

/** The signed-in user's roles, read once the auth client knows the user; updates the nav flag. */
export function useRoles(): RolesState {
  const { user, loading } = useAuth()
  const email = user?.email ?? null
  const [state, setState] = useState<RolesState>({ roles: null, error: null, status: null })
  useEffect(() => {
    if (loading || !email) return
    let live = true
    void myRoles(getAuthClient()).then((r) => {
      if (!live) return
      if (r.ok) {
        rememberOrganizer(isOrganizer(r.data))
        setState({ roles: r.data, error: null, status: r.status })
      } else setState({ roles: null, error: r.message, status: r.status })
    })
    return () => {
      live = false
    }
  }, [loading, email])
  return state
}
