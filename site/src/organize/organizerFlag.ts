// The flag in localStorage that shows the nav's Organize link: set whenever the roles are read (src/organize/roles.ts,
// on the dashboard and the organizer pages), cleared on sign-out by the auth client. Content pages read the same flag
// in src/nav.js, so they stay free of framework JavaScript. Apart from the roles call: every page's nav reads it.
import { useSyncExternalStore } from 'react'
import { ORGANIZER_KEY } from '../auth/client'

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
