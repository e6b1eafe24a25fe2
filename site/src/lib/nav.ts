import { navigate } from 'vike/client/router'

/** Client-side navigation (Vike falls back to a full page load for HTML-only pages). */
export function go(url: string): void {
  void navigate(url)
}
