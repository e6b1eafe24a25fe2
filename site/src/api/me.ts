// The signed-in volunteer's own RSVPs and data (dashboard): list, cancel, .ics, export, delete account.
import type { AuthClient } from '../auth/client'
import { attachmentName, attempt, type ApiResult, type Ok } from './client'

/** One RSVP of GET /me/rsvps, as the service's document declares it. */
export type MyRsvp = Ok<'/api/me/rsvps', 'get'>['rsvps'][number]

export const ME_MSG = {
  loadFailed: 'Your RSVPs could not be loaded. Please reload the page to try again.',
  cancelFailed: 'Your RSVP could not be cancelled. Please try again.',
  cancelled: 'Your spot is cancelled. We have emailed you a confirmation.',
  downloadFailed: 'The download did not work. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  passwordNeeded: 'Please enter your password to confirm.',
  confirmNeeded: 'Please type DELETE to confirm.',
  deleted: 'Your account and its data are deleted.',
} as const

/** GET /me/rsvps: upcoming first (soonest first), then past (newest first), as the service orders them. */
export async function myRsvps(client: AuthClient): Promise<ApiResult<MyRsvp[]>> {
  const r = await attempt(() => client.api.GET('/api/me/rsvps'), ME_MSG.loadFailed)
  return r.ok ? { ...r, data: r.data.rsvps ?? [] } : r
}

/** Upcoming (confirmed and waitlisted, in the service's order) and past RSVPs. */
export function splitRsvps<R extends Pick<MyRsvp, 'past'>>(rsvps: readonly R[]): { upcoming: R[]; past: R[] } {
  return { upcoming: rsvps.filter((r) => !r.past), past: rsvps.filter((r) => r.past) }
}

/** POST /me/rsvps/<id>/cancel: the service's sentence, cancelled or why not. */
export const cancelMyRsvp = (client: AuthClient, id: number) =>
  attempt(() => client.api.POST('/api/me/rsvps/{rsvp_id}/cancel', { params: { path: { rsvp_id: id } } }), ME_MSG.cancelFailed)

/** A file the service sends only with the access token (a plain link could not send it). */
export type FileDownload = { path: 'export' } | { path: 'calendar'; id: number }
export const EXPORT_FILE: FileDownload = { path: 'export' }
export const calendarFile = (id: number): FileDownload => ({ path: 'calendar', id })

/** The file with its name (from Content-Disposition, else `fallback`). */
export function fetchFile(client: AuthClient, file: FileDownload, fallback: string): Promise<ApiResult<{ blob: Blob; name: string }>> {
  return attempt(async () => {
    const answer = file.path === 'export'
      ? await client.api.GET('/api/me/export', { parseAs: 'blob' })
      : await client.api.GET('/api/me/rsvps/{rsvp_id}/calendar.ics', { params: { path: { rsvp_id: file.id } }, parseAs: 'blob' })
    return { ...answer, data: answer.data && { blob: answer.data, name: attachmentName(answer.response.headers.get('Content-Disposition'), fallback) } }
  }, ME_MSG.downloadFailed)
}

/** POST /me/delete with the password (or {confirm: "DELETE"} for an account without one). */
export const deleteAccount = (client: AuthClient, proof: { password: string } | { confirm: 'DELETE' }) =>
  attempt(() => client.api.POST('/api/me/delete', { body: proof }), ME_MSG.deleteFailed)
