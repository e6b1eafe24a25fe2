// The admin's grants of the organizer role (issue 14): apart from organize.ts because only /organize/roles
// uses them, while the other organizer pages load organize.ts and would otherwise ship these too.
import type { AuthClient } from '../auth/client'
import { attempt, type ApiResult, type Ok } from './client'
import { fallback } from './roles'

export type Grant = Ok<'/api/admin/organizers', 'get'>['organizers'][number]

/** GET /admin/organizers. */
export async function listOrganizers(client: AuthClient): Promise<ApiResult<Grant[]>> {
  const r = await attempt(() => client.api.GET('/api/admin/organizers'), fallback)
  return r.ok ? { ...r, data: r.data.organizers ?? [] } : r
}

/** POST /admin/organizers (201; 409 already granted or account not verified, 404 no such account, 422 no such organization). */
export const grantOrganizer = (client: AuthClient, email: string, organization: string) =>
  attempt(() => client.api.POST('/api/admin/organizers', { body: { email: email.trim(), organization } }), fallback)

/** POST /admin/organizers/revoke. */
export const revokeOrganizer = (client: AuthClient, email: string, organization: string) =>
  attempt(() => client.api.POST('/api/admin/organizers/revoke', { body: { email, organization } }), fallback)
