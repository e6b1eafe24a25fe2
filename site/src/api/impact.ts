// A volunteer's impact (hours, events, organizations, badges) and their own service-hours records, on the
// dashboard (anyone's record, at /verify-hours/<code>, is src/api/hoursRecord.ts).
import type { AuthClient } from '../auth/client'
import { NETWORK_MSG, attachmentName, attempt, type ApiResult, type Body, type Ok } from './client'

export type Impact = Ok<'/api/me/impact', 'get'>
export type Badge = Impact['badges'][number]
export type RecordSummary = Ok<'/api/me/hours-records', 'get'>['records'][number]

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

/** What a new record covers: a period, a purpose and the entries chosen (no body: every verified entry). */
export type RecordRequest = NonNullable<Body<'/api/me/hours-records', 'post'>>

/** POST /me/hours-records: a new record of the verified hours the request covers. */
export const createRecord = (client: AuthClient, body?: RecordRequest) =>
  attempt(() => client.api.POST('/api/me/hours-records', body ? { body } : {}), IMPACT_MSG.createFailed)

/** POST /me/hours-records/<code>/revoke. */
export const revokeRecord = (client: AuthClient, code: string) =>
  attempt(() => client.api.POST('/api/me/hours-records/{code}/revoke', { params: { path: { code } } }), IMPACT_MSG.revokeFailed)

/** The public PDF of a record (a plain link: it needs no sign-in). */
export const recordPdfUrl = (apiUrl: (p: string) => string, code: string) => apiUrl(`/hours-records/${encodeURIComponent(code)}.pdf`)

/** The public CSV of a record, in the columns a counselor pastes into a spreadsheet (a plain link too). */
export const recordCsvUrl = (apiUrl: (p: string) => string, code: string) => apiUrl(`/hours-records/${encodeURIComponent(code)}.csv`)

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

/** "1 hour", "2.5 hours": hours as people say them (quarters at most, as the service counts). */
export function hoursText(hours: number): string {
  const rounded = Math.round(hours * 100) / 100
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** An SVG string as an <img> source: the badge's own title and role stay inside the picture. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`
