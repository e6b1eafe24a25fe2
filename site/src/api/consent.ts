// A guardian's consent link (/consent?token=..., or #token=... in older links): what it is about, then Approve or Decline (POST only).
import { PUBLIC, attempt, type Api, type ApiResult, type Ok } from './client'

/** What POST /consent/preview says the link is about. */
export type ConsentPreview = Ok<'/api/consent/preview', 'post'>

export const CONSENT_MSG = {
  failed: 'Your answer could not be recorded. Please try again.',
  invalid: 'This consent link is not valid. Please use the link in the most recent email from CivicSTL.',
} as const

/** POST /consent/preview: who asked for which time slot, and whether it awaits an answer; changes nothing. */
export function previewConsent(api: Api, token: string): Promise<ApiResult<ConsentPreview>> {
  return attempt(() => api.POST('/api/consent/preview', { body: { token }, ...PUBLIC }),
    (status) => (status === 404 ? CONSENT_MSG.invalid : CONSENT_MSG.failed))
}

/** POST /consent/approve or /consent/decline: records the answer once (a decline releases the spot). */
export function answerConsent(api: Api, token: string, decision: 'approve' | 'decline') {
  const path = decision === 'approve' ? '/api/consent/approve' : '/api/consent/decline'
  return attempt(() => api.POST(path, { body: { token }, ...PUBLIC }), CONSENT_MSG.failed)
}
