// The signed-in volunteer's own RSVPs and data (dashboard): list, cancel, .ics, export, delete account.
import type { AuthClient } from '../auth/client'

export type MyRsvp = {
  id: number
  eventId: string
  event: string
  title: string
  date: string
  date_text: string
  time: string
  location: string
  start: string
  end: string
  path: string
  status: 'confirmed' | 'waitlisted'
  position: number | null
  past: boolean
  /** The check-in code (ABCD-2345) of a confirmed RSVP, and its QR code (an SVG data: URI) while upcoming. */
  code: string | null
  qr: string | null
  checkedIn: boolean
}

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

type Answer = { error?: string; message?: string }
const readAnswer = (res: Response) => res.json().catch(() => null) as Promise<Answer | null>
type Result = { success: boolean; message: string }

/** GET /me/rsvps: upcoming first (soonest first), then past (newest first), as the service orders them. */
export async function myRsvps(client: AuthClient): Promise<MyRsvp[]> {
  const res = await client.authFetch('/me/rsvps')
  if (!res.ok) throw new Error(ME_MSG.loadFailed)
  const data = (await res.json()) as { rsvps?: MyRsvp[] }
  return data.rsvps ?? []
}

/** Upcoming (confirmed and waitlisted, in the service's order) and past RSVPs. */
export function splitRsvps(rsvps: readonly MyRsvp[]): { upcoming: MyRsvp[]; past: MyRsvp[] } {
  return { upcoming: rsvps.filter((r) => !r.past), past: rsvps.filter((r) => r.past) }
}

/** POST /me/rsvps/<id>/cancel. */
export async function cancelMyRsvp(client: AuthClient, id: number): Promise<Result> {
  try {
    const res = await client.authFetch(`/me/rsvps/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' })
    const data = await readAnswer(res)
    if (res.ok) return { success: true, message: data?.message || ME_MSG.cancelled }
    return { success: false, message: data?.error || ME_MSG.cancelFailed }
  } catch {
    return { success: false, message: ME_MSG.cancelFailed }
  }
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null
  return match?.[1]?.trim() || fallback
}

/** A file fetched with the access token (the browser cannot send it on a plain link). */
export async function fetchFile(client: AuthClient, path: string, fallback: string): Promise<{ blob: Blob; name: string }> {
  const res = await client.authFetch(path)
  if (!res.ok) throw new Error(ME_MSG.downloadFailed)
  return { blob: await res.blob(), name: attachmentName(res.headers.get('Content-Disposition'), fallback) }
}

export const calendarPath = (id: number) => `/me/rsvps/${encodeURIComponent(String(id))}/calendar.ics`
export const EXPORT_PATH = '/me/export'

/** POST /me/delete with the password (or {confirm: "DELETE"} for an account without one). */
export async function deleteAccount(client: AuthClient, proof: { password: string } | { confirm: 'DELETE' }): Promise<Result> {
  try {
    const res = await client.authFetch('/me/delete', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(proof),
    })
    const data = await readAnswer(res)
    if (res.ok) return { success: true, message: data?.message || ME_MSG.deleted }
    return { success: false, message: data?.error || ME_MSG.deleteFailed }
  } catch {
    return { success: false, message: ME_MSG.deleteFailed }
  }
}
