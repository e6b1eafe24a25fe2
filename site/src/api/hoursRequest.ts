// A supervisor's hours-request link (/hours-request?token=...&act=...): what a volunteer asks them to confirm, and
// their answer (Confirm, Adjust, Decline, This is not me). Public calls: the link is the supervisor's only key.
import { PUBLIC, attempt, type Api, type ApiResult, type Body, type Ok } from './client'

/** What POST /hours-requests/preview says the link asks. */
export type HoursAsked = Ok<'/api/hours-requests/preview', 'post'>
/** The recorded answer and the service's sentence. */
export type HoursAnswered = Ok<'/api/hours-requests/confirm', 'post'>
/** The four answers, as the link's `act` and the form's buttons name them. */
export type HoursAct = 'confirm' | 'adjust' | 'decline' | 'not-me'
export const HOURS_ACTS: readonly HoursAct[] = ['confirm', 'adjust', 'decline', 'not-me']

export const HOURS_REQUEST_MSG = {
  noToken: 'This page needs the link from your CivicSTL email. Please open the link in the most recent email from CivicSTL.',
  invalid:
    'This hours-request link is not valid. Please use the link in the most recent email from CivicSTL; if the volunteer withdrew the request, there is nothing to answer.',
  failed: 'Your answer could not be recorded. Please try again.',
  loadFailed: 'We could not load this request. Please reload the page.',
  hoursNeeded: 'Please give the hours served to adjust them: a number more than 0 and at most 24.',
  // What the preview's state means when the link can no longer be answered (the service's own words).
  answered: 'This request was already answered, and the answer given then stands. Thank you.',
  expired:
    'This request has expired (its links work for 14 days), so nothing was recorded. The volunteer can send a new request if they still need one.',
  withdrawn: 'The volunteer withdrew this request, so there is nothing to answer.',
} as const

/** The answer the link's `act` names (null for none or anything else): it only points at a button. */
export function actOf(value: string | null): HoursAct | null {
  return HOURS_ACTS.find((act) => act === value) ?? null
}

/** POST /hours-requests/preview: who asked for which hours; changes nothing but "opened". */
export function previewHoursRequest(api: Api, token: string): Promise<ApiResult<HoursAsked>> {
  return attempt(() => api.POST('/api/hours-requests/preview', { body: { token }, ...PUBLIC }), (status) =>
    status === 404 ? HOURS_REQUEST_MSG.invalid : HOURS_REQUEST_MSG.loadFailed,
  )
}

const PATHS = {
  confirm: '/api/hours-requests/confirm',
  adjust: '/api/hours-requests/adjust',
  decline: '/api/hours-requests/decline',
  'not-me': '/api/hours-requests/not-me',
} as const

/** The supervisor's answer: role and note when given, hours when adjusting. */
export type AnswerFields = Omit<Body<'/api/hours-requests/adjust', 'post'>, 'token'>

/** POST the answer `act` names; the service records the first answer only. */
export function answerHoursRequest(api: Api, token: string, act: HoursAct, fields: AnswerFields): Promise<ApiResult<HoursAnswered>> {
  return attempt(() => api.POST(PATHS[act], { body: { token, ...fields }, ...PUBLIC }), HOURS_REQUEST_MSG.failed)
}
