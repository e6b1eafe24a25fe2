// The dashboard's "Your progress" (loaded with its lazy panel): the President's Volunteer Service Award
// within reach for the age group the volunteer gives (never a birth date), and hours by kind of service.
import type { AuthClient } from '../auth/client'
import { attempt, type Body } from './client'
import type { Impact } from './impact'

export type Pvsa = Impact['pvsa']
export type AgeBracket = NonNullable<Body<'/api/me/age-bracket', 'put'>['ageBracket']>

/** The age groups in the order the form offers them. */
export const BRACKETS: Record<AgeBracket, string> = { '11-15': '11 to 15', '16-25': '16 to 25', '26+': '26 or older' }

export const PROGRESS_MSG = {
  saveFailed: 'Your age group could not be saved. Please try again.',
  ageHelp: 'We ask your age group, never your birth date.',
  noPartners: 'No organization on CivicSTL certifies the award yet. Any certifying organization can check your hours with a service-hours record below.',
} as const

/** PUT /me/age-bracket: keep the age group (null forgets it). */
export const saveAgeBracket = (client: AuthClient, ageBracket: AgeBracket | null) =>
  attempt(() => client.api.PUT('/api/me/age-bracket', { body: { ageBracket } }), PROGRESS_MSG.saveFailed)

const LEVEL_NAMES = { bronze: 'Bronze', silver: 'Silver', gold: 'Gold' } as const

/** "62 of 75 hours toward Silver in the last 12 months", or "You reached Gold" once every level is. */
export function pvsaText(pvsa: Pvsa): string {
  if (!pvsa.next) return pvsa.reached ? `You reached ${LEVEL_NAMES[pvsa.reached.level]}` : ''
  const hours = Math.round(pvsa.hours * 100) / 100
  return `${hours} of ${pvsa.next.hours} hours toward ${LEVEL_NAMES[pvsa.next.level]} in the last 12 months`
}
