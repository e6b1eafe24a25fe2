// The signed-in user's roles (GET /me/roles), and the flag in localStorage that shows the nav's Organize
// link: set whenever the roles are read (dashboard, organizer pages), cleared on sign-out by the auth
// client. Content pages read the same flag in src/nav.js, so they stay free of framework JavaScript.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { ORGANIZER_KEY } from '../auth/client'
import { getAuthClient, useAuth } from '../auth/useAuth'
import { isOrganizer, myRoles, type Roles } from '../api/organize'

const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** Remember whether the user organizes events (for the nav link), and tell the mounted nav. */
export function rememberOrganizer(on: boolean): void {
  try {
    if (on) storage()?.setItem(ORGANIZER_KEY, 'true')
    else storage()?.removeItem(ORGANIZER_KEY)
  } catch {
    // Storage disabled: the link just stays hidden; /organize still works.
  }
  listeners.forEach((l) => l())
}

function readFlag(): boolean {
  try {
    return storage()?.getItem(ORGANIZER_KEY) === 'true'
  } catch {
    return false
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === ORGANIZER_KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The remembered flag (false on the server and during hydration, so the HTML matches). */
export function useOrganizerFlag(): boolean {
  return useSyncExternalStore(subscribe, readFlag, () => false)
}

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
