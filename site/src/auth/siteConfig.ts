import { useEffect, useState } from 'react'
import { API_BASE } from './config'

/** The service's public set-up (GET /api/config): what the site may offer. */
export type SiteConfig = { google: boolean }

const OFF: SiteConfig = { google: false }

/** Ask the service; anything but a clear yes (an error, an old service, no network) leaves Google off. */
export async function readSiteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  try {
    const response = await fetchImpl(`${API_BASE}/config`)
    if (!response.ok) return OFF
    const body = (await response.json()) as Partial<SiteConfig> | null
    return { google: body?.google === true }
  } catch {
    return OFF
  }
}

let asked: Promise<SiteConfig> | null = null

/**
 * Whether to show "Sign in/up with Google": only once the service says it is configured (an unconfigured
 * button led to "OAuth authentication failed"). Asked once per page load, after hydration.
 */
export function useGoogleSignIn(): boolean {
  const [google, setGoogle] = useState(false)
  useEffect(() => {
    let current = true
    asked ??= readSiteConfig()
    void asked.then((config) => current && setGoogle(config.google))
    return () => {
      current = false
    }
  }, [])
  return google
}
