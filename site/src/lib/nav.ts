import { navigate } from 'vike/client/router'

declare global {
  interface Window {
    /** Set by src/app-nav.js when it has already sent the browser elsewhere (an early redirect). */
    civicLeaving?: boolean
  }
}

/** Client-side navigation (Vike falls back to a full page load for HTML-only pages). */
export function go(url: string): void {
  // A second navigation would abort the early redirect's request (or be aborted by it).
  if (window.civicLeaving) return
  void navigate(url)
}
