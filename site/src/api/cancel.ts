// Cancel from an email link (/cancel#token=...): preview what the token cancels, then cancel it.
export type CancelPreview = {
  event: string
  date_text: string
  time: string
  location: string
  status: 'confirmed' | 'waitlisted' | 'cancelled'
  position: number | null
  path: string
}

export const CANCEL_MSG = {
  network: 'We could not reach CivicSTL. Check your connection and try again.',
  failed: 'Your spot could not be cancelled. Please try again.',
  invalid: 'This cancel link is not valid. Please use the link in your most recent email from CivicSTL.',
  already: 'This RSVP was already cancelled. There is nothing more to do.',
  done: 'Your spot is cancelled. We have emailed you a confirmation.',
} as const

export type PreviewResult = { ok: true; preview: CancelPreview } | { ok: false; message: string }
export type CancelResult = { ok: boolean; message: string }

async function post(apiUrl: (p: string) => string, path: string, token: string): Promise<Response> {
  // No credentials: the token alone identifies the RSVP.
  return fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
}

const errorOf = async (res: Response, fallback: string) =>
  ((await res.json().catch(() => null)) as { error?: string } | null)?.error || fallback

/** POST /rsvp/cancel/preview: what the link would cancel; changes nothing. */
export async function previewCancel(apiUrl: (p: string) => string, token: string): Promise<PreviewResult> {
  let res: Response
  try {
    res = await post(apiUrl, '/rsvp/cancel/preview', token)
  } catch {
    return { ok: false, message: CANCEL_MSG.network }
  }
  if (!res.ok) return { ok: false, message: await errorOf(res, res.status === 404 ? CANCEL_MSG.invalid : CANCEL_MSG.failed) }
  const preview = (await res.json().catch(() => null)) as CancelPreview | null
  if (!preview?.event) return { ok: false, message: CANCEL_MSG.failed }
  if (preview.status === 'cancelled') return { ok: false, message: CANCEL_MSG.already }
  return { ok: true, preview }
}

/** POST /rsvp/cancel: cancels the RSVP (the service promotes the waitlist and emails a confirmation). */
export async function confirmCancel(apiUrl: (p: string) => string, token: string): Promise<CancelResult> {
  let res: Response
  try {
    res = await post(apiUrl, '/rsvp/cancel', token)
  } catch {
    return { ok: false, message: CANCEL_MSG.network }
  }
  if (!res.ok) return { ok: false, message: await errorOf(res, CANCEL_MSG.failed) }
  const data = (await res.json().catch(() => null)) as { message?: string } | null
  return { ok: true, message: data?.message || CANCEL_MSG.done }
}
