// A volunteer's impact (hours, events, organizations, badges) and service-hours records: their own on
// the dashboard, anyone's at /verify-hours/<code> (public, read-only, confirmed by the service).
import type { AuthClient } from '../auth/client'
import { NETWORK_MSG, PUBLIC, attachmentName, attempt, type Api, type ApiResult, type Ok } from './client'

export type Impact = Ok<'/api/me/impact', 'get'>
export type Badge = Impact['badges'][number]
export type RecordSummary = Ok<'/api/me/hours-records', 'get'>['records'][number]
/** A service-hours record as GET /hours-records/<code> confirms it. */
export type HoursRecord = Ok<'/api/hours-records/{code}', 'get'>
export type RecordEntry = HoursRecord['entries'][number]

/** What an entry recorded before attesters were (issue 40) says instead of a name. */
export const UNNAMED_ATTESTER = 'Checked in at the event by its organizer (name not recorded)'

/** What CivicSTL checked of each entry, and what it did not: the PDF says the same. */
export const RECORD_CHECKED =
  'CivicSTL checked: an organizer of the host organization, signed in to CivicSTL, checked the person in at the event, and the hours are the slot\'s length or what that organizer set.'
export const RECORD_NOT_CHECKED =
  'CivicSTL did not check the volunteer\'s age or school, what they did during the slot, or whether the attester is related to them.'

export const IMPACT_MSG = {
  loadFailed: 'Your impact could not be loaded. Please reload the page to try again.',
  recordsFailed: 'Your service-hours records could not be loaded. Please reload the page to try again.',
  createFailed: 'The record could not be created. Please try again.',
  revokeFailed: 'The record could not be revoked. Please try again.',
  credentialFailed: 'The credential could not be downloaded. Please try again.',
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

/**
 * GET /me/hours-records/<code>/credential.jwt: the record as a signed Open Badges credential (VC-JWT),
 * sent to its owner only, so it is fetched with the access token (a plain link could not send it).
 */
export const recordCredential = (client: AuthClient, code: string): Promise<ApiResult<{ blob: Blob; name: string }>> =>
  attempt(async () => {
    const answer = await client.api.GET('/api/me/hours-records/{code}/credential.jwt', { params: { path: { code } }, parseAs: 'blob' })
    const name = attachmentName(answer.response.headers.get('Content-Disposition'), 'civicstl-service-hours.jwt')
    return { ...answer, data: answer.data && { blob: answer.data, name } }
  }, IMPACT_MSG.credentialFailed)

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

/** The kind of service as a record shows it: "food_security" is "Food security". */
export function serviceLabel(serviceType: string | null | undefined): string {
  const words = (serviceType || 'other').replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The time a record attests as the event's place told it ("6:10 PM"), from its ISO moment. */
function clockTime(iso: string): string {
  const offset = /([+-])(\d\d):(\d\d)$/.exec(iso)
  const t = new Date(iso)
  if (!offset || Number.isNaN(t.getTime())) return ''
  // The moment carries the place's offset: show that wall clock, whatever the reader's zone.
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
  const wall = new Date(t.getTime() + minutes * 60_000)
  const h = wall.getUTCHours()
  return `${h % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

/** Who attests an entry, how and when, as the record's table says it. */
export function attestedBy(entry: RecordEntry): string {
  const a = entry.attestation
  if (!a) return UNNAMED_ATTESTER
  const who = [a.name, a.role, a.organization, a.email ?? ''].filter(Boolean).join(', ')
  return `${who}; by check-in at ${clockTime(a.at)}`
}

/** An SVG string as an <img> source: the badge's own title and role stay inside the picture. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`
