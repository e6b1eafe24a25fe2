// The signed-in volunteer's own RSVPs and data (dashboard): list, cancel, .ics, export, delete account.
import type { AuthClient } from '../auth/client'
import { attachmentName, errorText, type Ok, type Said } from './client'

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
export async function myRsvps(client: AuthClient): Promise<MyRsvp[]> {
  const { data } = await client.api.GET('/api/me/rsvps')
  if (!data) throw new Error(ME_MSG.loadFailed)
  return data.rsvps ?? []
}

/** Upcoming (confirmed and waitlisted, in the service's order) and past RSVPs. */
export function splitRsvps<R extends Pick<MyRsvp, 'past'>>(rsvps: readonly R[]): { upcoming: R[]; past: R[] } {
  return { upcoming: rsvps.filter((r) => !r.past), past: rsvps.filter((r) => r.past) }
}

/** POST /me/rsvps/<id>/cancel. */
export async function cancelMyRsvp(client: AuthClient, id: number): Promise<Said> {
  try {
    const { data, error } = await client.api.POST('/api/me/rsvps/{rsvp_id}/cancel', { params: { path: { rsvp_id: id } } })
    if (data) return { ok: true, message: data.message || ME_MSG.cancelled }
    return { ok: false, message: errorText(error) || ME_MSG.cancelFailed }
  } catch {
    return { ok: false, message: ME_MSG.cancelFailed }
  }
}

/** A file the service sends only with the access token (a plain link could not send it). */
export type FileDownload = { path: 'export' } | { path: 'calendar'; id: number }
export const EXPORT_FILE: FileDownload = { path: 'export' }
export const calendarFile = (id: number): FileDownload => ({ path: 'calendar', id })

/** The file with its name (from Content-Disposition, else `fallback`). */
export async function fetchFile(client: AuthClient, file: FileDownload, fallback: string): Promise<{ blob: Blob; name: string }> {
  const { data, response } =
    file.path === 'export'
      ? await client.api.GET('/api/me/export', { parseAs: 'blob' })
      : await client.api.GET('/api/me/rsvps/{rsvp_id}/calendar.ics', { params: { path: { rsvp_id: file.id } }, parseAs: 'blob' })
  if (!response.ok || !data) throw new Error(ME_MSG.downloadFailed)
  return { blob: data, name: attachmentName(response.headers.get('Content-Disposition'), fallback) }
}

/** POST /me/delete with the password (or {confirm: "DELETE"} for an account without one). */
export async function deleteAccount(client: AuthClient, proof: { password: string } | { confirm: 'DELETE' }): Promise<Said> {
  try {
    const { data, error } = await client.api.POST('/api/me/delete', { body: proof })
    if (data) return { ok: true, message: data.message || ME_MSG.deleted }
    return { ok: false, message: errorText(error) || ME_MSG.deleteFailed }
  } catch {
    return { ok: false, message: ME_MSG.deleteFailed }
  }
}
