// Cancel from an email link (/cancel?token=..., or #token=... in older links): preview what the token cancels, then cancel it.
import { NETWORK_MSG, PUBLIC, attempt, type Api, type ApiResult, type Ok } from './client'

/** What POST /rsvp/cancel/preview says the link would cancel. */
export type CancelPreview = Ok<'/api/rsvp/cancel/preview', 'post'>

export const CANCEL_MSG = {
  network: NETWORK_MSG,
  failed: 'Your spot could not be cancelled. Please try again.',
  invalid: 'This cancel link is not valid. Please use the link in your most recent email from CivicSTL.',
  already: 'This RSVP was already cancelled. There is nothing more to do.',
  done: 'Your spot is cancelled. We have emailed you a confirmation.',
} as const

/** POST /rsvp/cancel/preview: what the link would cancel; changes nothing. The token alone identifies the RSVP. */
export async function previewCancel(api: Api, token: string): Promise<ApiResult<CancelPreview>> {
  const r = await attempt(() => api.POST('/api/rsvp/cancel/preview', { body: { token }, ...PUBLIC }),
    (status) => (status === 404 ? CANCEL_MSG.invalid : CANCEL_MSG.failed))
  if (!r.ok) return r
  if (!r.data.event) return { ok: false, status: r.status, message: CANCEL_MSG.failed }
  if (r.data.status === 'cancelled') return { ok: false, status: r.status, message: CANCEL_MSG.already }
  return r
}

/** POST /rsvp/cancel: cancels the RSVP (the service promotes the waitlist and emails a confirmation). */
export const confirmCancel = (api: Api, token: string) =>
  attempt(() => api.POST('/api/rsvp/cancel', { body: { token }, ...PUBLIC }), CANCEL_MSG.failed)
