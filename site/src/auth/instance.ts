// The browser's single auth client, without React: the interactive pages' hook (useAuth.ts) and the light
// pages' enhancement (src/light/) share it.
import { AuthClient } from './client'
import { API_BASE } from './config'

let client: AuthClient | null = null

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

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
