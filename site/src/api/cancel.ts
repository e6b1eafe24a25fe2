// Cancel from an email link (/cancel#token=...): preview what the token cancels, then cancel it.
import { PUBLIC, errorText, type Api, type ApiResult, type Ok, type Said } from './client'

/** What POST /rsvp/cancel/preview says the link would cancel. */
export type CancelPreview = Ok<'/api/rsvp/cancel/preview', 'post'>

export const CANCEL_MSG = {
  network: 'We could not reach CivicSTL. Check your connection and try again.',
  failed: 'Your spot could not be cancelled. Please try again.',
  invalid: 'This cancel link is not valid. Please use the link in your most recent email from CivicSTL.',
  already: 'This RSVP was already cancelled. There is nothing more to do.',
  done: 'Your spot is cancelled. We have emailed you a confirmation.',
} as const

/** POST /rsvp/cancel/preview: what the link would cancel; changes nothing. The token alone identifies the RSVP. */
export async function previewCancel(api: Api, token: string): Promise<ApiResult<CancelPreview>> {
  let answer
  try {
    answer = await api.POST('/api/rsvp/cancel/preview', { body: { token }, ...PUBLIC })
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof SyntaxError ? CANCEL_MSG.failed : CANCEL_MSG.network }
  }
  const { data: preview, error, response } = answer
  const { status } = response
  if (!response.ok) return { ok: false, status, message: errorText(error) || (status === 404 ? CANCEL_MSG.invalid : CANCEL_MSG.failed) }
  if (!preview?.event) return { ok: false, status, message: CANCEL_MSG.failed }
  if (preview.status === 'cancelled') return { ok: false, status, message: CANCEL_MSG.already }
  return { ok: true, status, data: preview }
}

/** POST /rsvp/cancel: cancels the RSVP (the service promotes the waitlist and emails a confirmation). */
export async function confirmCancel(api: Api, token: string): Promise<Said> {
  let answer
  try {
    answer = await api.POST('/api/rsvp/cancel', { body: { token }, ...PUBLIC })
  } catch (error) {
    // A success whose body is not JSON still cancelled.
    return error instanceof SyntaxError ? { ok: true, message: CANCEL_MSG.done } : { ok: false, message: CANCEL_MSG.network }
  }
  const { data, error, response } = answer
  if (!response.ok) return { ok: false, message: errorText(error) || CANCEL_MSG.failed }
  return { ok: true, message: data?.message || CANCEL_MSG.done }
}
