import { useEffect, useSyncExternalStore } from 'react'
import type { AuthState } from './client'
import { getAuthClient } from './instance'

export { getAuthClient }

const SERVER_STATE: AuthState = { user: null, isAuthenticated: false, loading: true, error: null }

/** The auth state; starts the client (refresh + current user) on first mount in the browser. */
export function useAuth(): AuthState {
  const c = getAuthClient()
  const state = useSyncExternalStore(c.subscribe, c.getState, () => SERVER_STATE)
  useEffect(() => {
    void c.init()
  }, [c])
  return state
}
