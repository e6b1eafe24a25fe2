// The signed-in user's roles (GET /me/roles) and the sentences every organizer call answers with. Apart from
// src/api/organize.ts so that the pages that only read the roles (the dashboard's organizer card, the organizer
// pages' frame) do not load the organizer calls.
import type { AuthClient } from '../auth/client'
import { NETWORK_MSG, attempt, type Ok } from './client'

export type Roles = Ok<'/api/me/roles', 'get'>
export type Organization = Roles['organizations'][number]

export const ORGANIZE_MSG = {
  network: NETWORK_MSG,
  failed: 'That did not work. Please try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  noRole: 'You are not an organizer of this organization. Ask an admin to grant you the role.',
  downloadFailed: 'The roster could not be downloaded. Please try again.',
  sent: (n: number) => `Your message is on its way to ${n} ${n === 1 ? 'person' : 'people'}.`,
} as const

/** The fallback sentence for a status the service sent no sentence with. */
export function fallback(status: number): string {
  if (status === 401) return ORGANIZE_MSG.signedOut
  if (status === 403) return ORGANIZE_MSG.noRole
  return ORGANIZE_MSG.failed
}

/** GET /me/roles: admin, and the organizations the user organizes (empty for a volunteer). */
export const myRoles = (client: AuthClient) => attempt(() => client.api.GET('/api/me/roles'), fallback)

/** True when the roles allow the organizer pages. */
export const isOrganizer = (roles: Roles) => roles.admin || roles.organizations.length > 0
