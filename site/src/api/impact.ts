// A volunteer's impact (hours, events, organizations, badges) and service-hours records: their own on
// the dashboard, anyone's at /verify-hours/<code> (public, read-only, confirmed by the service).
import type { AuthClient } from '../auth/client'
import { NETWORK_MSG, PUBLIC, attempt, type Api, type ApiResult, type Ok } from './client'

export type Impact = Ok<'/api/me/impact', 'get'>
export type Badge = Impact['badges'][number]
export type RecordSummary = Ok<'/api/me/hours-records', 'get'>['records'][number]
/** A service-hours record as GET /hours-records/<code> confirms it. */
export type HoursRecord = Ok<'/api/hours-records/{code}', 'get'>

export const IMPACT_MSG = {
  loadFailed: 'Your impact could not be loaded. Please reload the page to try again.',
  recordsFailed: 'Your service-hours records could not be loaded. Please reload the page to try again.',
  createFailed: 'The record could not be created. Please try again.',
  revokeFailed: 'The record could not be revoked. Please try again.',
  revoked: 'The record is revoked: its link now says so to anyone who opens it.',
  network: NETWORK_MSG,
  noCode: 'Enter the verification code from the record, or open the link printed on it.',
  invalid: 'This verification code is not valid. Check that the link was copied in full.',
  verifyFailed: 'The record could not be checked just now. Please try again in a minute.',
} as const

/** GET /me/impact. */
export const myImpact = (client: AuthClient) => attempt(() => client.api.GET('/api/me/impact'), IMPACT_MSG.loadFailed)

/** GET /me/hours-records: newest first, as the service lists them. */
export async function myRecords(client: AuthClient): Promise<ApiResult<RecordSummary[]>> {
  const r = await attempt(() => client.api.GET('/api/me/hours-records'), IMPACT_MSG.recordsFailed)
  return r.ok ? { ...r, data: r.data.records ?? [] } : r
}

/** POST /me/hours-records: a new record of the verified hours so far. */
export const createRecord = (client: AuthClient) => attempt(() => client.api.POST('/api/me/hours-records'), IMPACT_MSG.createFailed)

/** POST /me/hours-records/<code>/revoke. */
export const revokeRecord = (client: AuthClient, code: string) =>
  attempt(() => client.api.POST('/api/me/hours-records/{code}/revoke', { params: { path: { code } } }), IMPACT_MSG.revokeFailed)

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
 * GET /hours-records/<code> (public): the record as the service confirms it, or its sentence (revoked:
 * 410, forged or mangled: 404).
 */
export async function verifyRecord(api: Api, code: string): Promise<ApiResult<HoursRecord> & { revoked?: boolean }> {
  const r = await attempt(() => api.GET('/api/hours-records/{code}', { params: { path: { code } }, ...PUBLIC }), (status) =>
    status === 404 || status === 410 ? IMPACT_MSG.invalid : IMPACT_MSG.verifyFailed,
  )
  if (r.ok) return r.data.code ? r : { ok: false, status: r.status, message: IMPACT_MSG.verifyFailed }
  return r.status === 410 ? { ...r, revoked: true } : r
}

/** "1 hour", "2.5 hours": hours as people say them (quarters at most, as the service counts). */
export function hoursText(hours: number): string {
  const rounded = Math.round(hours * 100) / 100
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** An SVG string as an <img> source: the badge's own title and role stay inside the picture. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`
