// Following organizations and causes (/follows): follow, confirm a guest's follow, one-click unsubscribe,
// and the preferences a digest's link opens without signing in. Every token comes from a link's fragment.
import { PUBLIC, attempt, type Api, type ApiResult, type Body, type Ok } from './client'

/** One thing followed, as the service names it. */
export type FollowItem = Ok<'/api/me/follows', 'get'>['follows'][number]

/** What tells one follow from another (a list's key, a kept set's member). */
export const followKey = (f: FollowItem) => `${f.kind}:${f.target}`
/** What to follow: an organization (slug) or a cause (name). */
export type FollowTarget = Body<'/api/follows/unfollow', 'post'>
/** What a preferences link's address follows. */
export type Preferences = Ok<'/api/follows/preferences/view', 'post'>

export const FOLLOW_MSG = {
  failed: 'That did not work. Please try again in a moment.',
  loadFailed: 'What you follow could not be loaded. Please reload the page to try again.',
  noLink: 'This page needs the link from your CivicSTL email. Please open the link in your most recent email from CivicSTL.',
} as const

/** POST /follows: signed in, follows at once; a guest (with an email) gets a confirmation link by email. */
export function follow(api: Api, target: FollowTarget, email?: string): Promise<ApiResult<Ok<'/api/follows', 'post'>>> {
  const body = email === undefined ? target : { ...target, email }
  return attempt(() => api.POST('/api/follows', { body }), FOLLOW_MSG.failed)
}

/** POST /follows/unfollow (signed in). */
export function unfollow(api: Api, target: FollowTarget): Promise<ApiResult<Ok<'/api/follows/unfollow', 'post'>>> {
  return attempt(() => api.POST('/api/follows/unfollow', { body: target }), FOLLOW_MSG.failed)
}

/** GET /me/follows (signed in). */
export function myFollows(api: Api): Promise<ApiResult<Ok<'/api/me/follows', 'get'>>> {
  return attempt(() => api.GET('/api/me/follows'), FOLLOW_MSG.loadFailed)
}

/** POST /follows/confirm: the guest's emailed link, confirmed by a button (the GET of the page changes nothing). */
export function confirmFollows(api: Api, token: string): Promise<ApiResult<Ok<'/api/follows/confirm', 'post'>>> {
  return attempt(() => api.POST('/api/follows/confirm', { body: { token }, ...PUBLIC }), FOLLOW_MSG.failed)
}

/** POST /follows/unsubscribe?token=...: what a mail client's one-click does, from the page's button. */
export function unsubscribe(api: Api, token: string): Promise<ApiResult<Ok<'/api/follows/unsubscribe', 'post'>>> {
  return attempt(() => api.POST('/api/follows/unsubscribe', { params: { query: { token } }, ...PUBLIC }), FOLLOW_MSG.failed)
}

/** POST /follows/preferences/view: what the link's address follows (changes nothing). */
export function viewPreferences(api: Api, token: string): Promise<ApiResult<Preferences>> {
  return attempt(() => api.POST('/api/follows/preferences/view', { body: { token }, ...PUBLIC }), FOLLOW_MSG.loadFailed)
}

/** POST /follows/preferences: the address follows exactly `follows` from now on. */
export function savePreferences(api: Api, token: string, follows: FollowTarget[]): Promise<ApiResult<Preferences>> {
  return attempt(() => api.POST('/api/follows/preferences', { body: { token, follows }, ...PUBLIC }), FOLLOW_MSG.failed)
}

/** The target a profile's or a card's Follow link names (?organization=slug or ?cause=name), else null. */
export function linkTarget(search: string): FollowTarget | null {
  const q = new URLSearchParams(search)
  const organization = q.get('organization')
  if (organization) return { kind: 'organization', target: organization }
  const cause = q.get('cause')
  return cause ? { kind: 'cause', target: cause } : null
}

/** The page a Follow link opens (profiles render it at build time). */
export function followHref(target: FollowTarget): string {
  return `/follows?${new URLSearchParams({ [target.kind]: target.target })}`
}
