// The dashboard's record form (loaded with its lazy panel): the periods a record may cover, and the entries
// of a period that the volunteer picks from.
import type { AuthClient } from '../auth/client'
import { attempt, type ApiResult, type Ok } from './client'
import type { RecordRequest } from './impact'

export type PeriodKind = NonNullable<RecordRequest['period']>
export type PeriodEntry = Ok<'/api/me/hours-entries', 'get'>['entries'][number]
/** The period as the form holds it: the kind, and the dates a custom one needs. */
export type PeriodChoice = { period: PeriodKind; from: string; to: string }

/** The periods in the order the form offers them. */
export const PERIODS: Record<PeriodKind, string> = {
  'school-year': 'This school year',
  'last-12-months': 'The last 12 months',
  custom: 'Custom dates',
  all: 'All my hours',
}

export const RECORDS_MSG = {
  entriesFailed: 'Your hours for this period could not be loaded. Please try again.',
  customDates: 'Choose both dates of the custom period.',
  noneChosen: 'Choose at least one entry for the record.',
  aPlus: "Tutoring and mentoring entries are marked; your school's A+ coordinator must still approve them.",
} as const

/** The period as the service's query and request name it: dates only with a custom one. */
export function periodQuery(choice: PeriodChoice): Pick<RecordRequest, 'period' | 'from' | 'to'> {
  return choice.period === 'custom' ? { period: 'custom', from: choice.from, to: choice.to } : { period: choice.period }
}

/** GET /me/hours-entries: the entries a record of the period would hold, newest first, with their ids. */
export async function periodEntries(client: AuthClient, choice: PeriodChoice): Promise<ApiResult<PeriodEntry[]>> {
  const r = await attempt(() => client.api.GET('/api/me/hours-entries', { params: { query: periodQuery(choice) } }), RECORDS_MSG.entriesFailed)
  return r.ok ? { ...r, data: r.data.entries } : r
}
