// A volunteer's impact (hours, events, organizations, badges) and service-hours records: their own on
// the dashboard, anyone's at /verify-hours/<code> (public, read-only, confirmed by the service).
import type { AuthClient } from '../auth/client'

export type Badge = {
  id: string
  name: string
  description: string
  earned: boolean
  earnedAt: string | null
  svg: string
}

export type Attended = {
  eventId: string
  title: string
  organization: { slug: string; name: string }
  date: string
  date_text: string
  hours: number
}

export type Impact = { hours: number; events: number; organizations: number; attended: Attended[]; badges: Badge[] }

export type RecordSummary = { code: string; url: string; issuedAt: string; revoked: boolean; hours: number }

export type HoursRecord = {
  code: string
  name: string
  issuedAt: string
  hours: number
  entries: { title: string; organization: string; date: string; date_text: string; hours: number }[]
  revoked: false
}

export const IMPACT_MSG = {
  loadFailed: 'Your impact could not be loaded. Please reload the page to try again.',
  recordsFailed: 'Your service-hours records could not be loaded. Please reload the page to try again.',
  createFailed: 'The record could not be created. Please try again.',
  revokeFailed: 'The record could not be revoked. Please try again.',
  revoked: 'The record is revoked: its link now says so to anyone who opens it.',
  network: 'We could not reach CivicSTL. Check your connection and try again.',
  noCode: 'Enter the verification code from the record, or open the link printed on it.',
  invalid: 'This verification code is not valid. Check that the link was copied in full.',
  verifyFailed: 'The record could not be checked just now. Please try again in a minute.',
} as const

type Answer = { error?: string }
type Result<T> = { ok: true; data: T } | { ok: false; message: string }

async function read<T>(res: Response, failed: string): Promise<Result<T>> {
  const data = (await res.json().catch(() => null)) as (T & Answer) | null
  if (!res.ok || data === null) return { ok: false, message: data?.error || failed }
  return { ok: true, data }
}

async function authCall<T>(client: AuthClient, path: string, failed: string, method: 'GET' | 'POST' = 'GET'): Promise<Result<T>> {
  try {
    return await read<T>(await client.authFetch(path, method === 'POST' ? { method } : {}), failed)
  } catch {
    return { ok: false, message: IMPACT_MSG.network }
  }
}

/** GET /me/impact. */
export const myImpact = (client: AuthClient) => authCall<Impact>(client, '/me/impact', IMPACT_MSG.loadFailed)

/** GET /me/hours-records: newest first, as the service lists them. */
export async function myRecords(client: AuthClient): Promise<Result<RecordSummary[]>> {
  const r = await authCall<{ records: RecordSummary[] }>(client, '/me/hours-records', IMPACT_MSG.recordsFailed)
  return r.ok ? { ok: true, data: r.data.records ?? [] } : r
}

/** POST /me/hours-records: a new record of the verified hours so far. */
export const createRecord = (client: AuthClient) =>
  authCall<{ code: string; url: string; record: HoursRecord }>(client, '/me/hours-records', IMPACT_MSG.createFailed, 'POST')

/** POST /me/hours-records/<code>/revoke. */
export const revokeRecord = (client: AuthClient, code: string) =>
  authCall<unknown>(client, `/me/hours-records/${encodeURIComponent(code)}/revoke`, IMPACT_MSG.revokeFailed, 'POST')

/** The public PDF of a record (a plain link: it needs no sign-in). */
export const recordPdfUrl = (apiUrl: (p: string) => string, code: string) => apiUrl(`/hours-records/${encodeURIComponent(code)}.pdf`)

/** The code of a /verify-hours/<code> path (null without one). */
export function codeFromPath(pathname: string): string | null {
  const match = /^\/verify-hours\/([^/]+)\/?$/.exec(pathname)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return match[1]
  }
}

/** The code typed into the verify form: a pasted link gives its last segment. */
export function codeFromInput(text: string): string | null {
  const t = text.trim()
  if (!t) return null
  const fromLink = /\/verify-hours\/([^/?#\s]+)/.exec(t)
  return fromLink?.[1] ?? t
}

/**
 * GET /hours-records/<code>, without credentials: the record as the service confirms it, or its sentence
 * (revoked: 410, forged or mangled: 404).
 */
export async function verifyRecord(apiUrl: (p: string) => string, code: string): Promise<Result<HoursRecord> & { revoked?: boolean }> {
  let res: Response
  try {
    res = await fetch(apiUrl(`/hours-records/${encodeURIComponent(code)}`))
  } catch {
    return { ok: false, message: IMPACT_MSG.network }
  }
  const data = (await res.json().catch(() => null)) as (HoursRecord & Answer & { revoked?: boolean }) | null
  if (res.ok && data?.code) return { ok: true, data }
  if (res.status === 404) return { ok: false, message: data?.error || IMPACT_MSG.invalid }
  if (res.status === 410) return { ok: false, message: data?.error || IMPACT_MSG.invalid, revoked: true }
  return { ok: false, message: data?.error || IMPACT_MSG.verifyFailed }
}

/** "1 hour", "2.5 hours": hours as people say them (quarters at most, as the service counts). */
export function hoursText(hours: number): string {
  const rounded = Math.round(hours * 100) / 100
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** An SVG string as an <img> source: the badge's own title and role stay inside the picture. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`
