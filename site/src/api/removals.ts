// The organizer's removals and blocks (issue 35): apart from organize.ts because only /organize uses them,
// while the other organizer pages load organize.ts and would otherwise ship these too.
import type { AuthClient } from '../auth/client'
import { attempt, type ApiResult, type Body, type Ok } from './client'
import { slot } from './organize'
import { fallback } from './roles'

type Removal = Body<'/api/organize/slots/{slot_id}/removals', 'post'>
/** Why an RSVP is removed, from the service's fixed list (the email says it in the service's words). */
export type RemovalReason = NonNullable<Removal['reason']>

/** POST .../removals: the RSVP is cancelled, the waitlist moves up and the person is emailed (with the reason, if
 * one is chosen); `block` also blocks the address from the organization's events. 409 once the slot has started or
 * the person is checked in. */
export const removeRsvp = (client: AuthClient, slotId: string, removal: Removal) =>
  attempt(() => client.api.POST('/api/organize/slots/{slot_id}/removals', { ...slot(slotId), body: removal }), fallback)

export type BlockEntry = Ok<'/api/organize/organizations/{organization}/blocks', 'get'>['blocks'][number]
const organization = (slug: string) => ({ params: { path: { organization: slug } } })

/** GET .../organizations/<slug>/blocks: the addresses blocked from the organization's events, newest first. */
export async function listBlocks(client: AuthClient, slug: string): Promise<ApiResult<BlockEntry[]>> {
  const r = await attempt(() => client.api.GET('/api/organize/organizations/{organization}/blocks', organization(slug)), fallback)
  return r.ok ? { ...r, data: r.data.blocks } : r
}

/** POST .../organizations/<slug>/unblock: the address may RSVP to the organization's events again. */
export const unblockAddress = (client: AuthClient, slug: string, email: string) =>
  attempt(() => client.api.POST('/api/organize/organizations/{organization}/unblock', { ...organization(slug), body: { email } }), fallback)
