import { useEffect, useSyncExternalStore } from 'react'
import { AuthClient, type AuthState } from './client'
import { API_BASE } from './config'

let client: AuthClient | null = null

/** The browser's single auth client (created on first use). */
export function getAuthClient(): AuthClient {
  if (!client) {
    const browser = typeof window !== 'undefined'
    client = new AuthClient({
      apiBase: API_BASE,
      fetch: (request) => fetch(request),
      storage: browser ? safeLocalStorage() : null,
      events: browser ? window : null,
    })
  }
  return client
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

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
