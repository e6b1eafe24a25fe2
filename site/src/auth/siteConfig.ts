import { useEffect, useState } from 'react'
import { PUBLIC, type Api, type Ok } from '../api/client'
import { getAuthClient } from './useAuth'

/** The service's public set-up (GET /api/config): what the site may offer. */
export type SiteConfig = Ok<'/api/config', 'get'>

const OFF: SiteConfig = { google: false }

/** Ask the service; anything but a clear yes (an error, an old service, no network) leaves Google off. */
export async function readSiteConfig(api: Api = getAuthClient().api): Promise<SiteConfig> {
  try {
    const { data } = await api.GET('/api/config', PUBLIC)
    return { google: data?.google === true }
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
