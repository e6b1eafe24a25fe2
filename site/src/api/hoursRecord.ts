// Anyone's service-hours record at /verify-hours/<code> (public, read-only, confirmed by the service): the
// code, the request and how the record's table says each entry. Apart from src/api/impact.ts, which the
// dashboard loads, so that the dashboard does not load the table's words.
import { PUBLIC, attempt, type Api, type ApiResult, type Ok } from './client'
import { IMPACT_MSG } from './impact'

/** A service-hours record as GET /hours-records/<code> confirms it. */
export type HoursRecord = Ok<'/api/hours-records/{code}', 'get'>
export type RecordEntry = HoursRecord['entries'][number]
export type RecordPeriod = NonNullable<HoursRecord['period']>
export type Purpose = NonNullable<HoursRecord['purpose']>

/** What a record is for, as the volunteer picks it and the record's page names it. */
export const PURPOSES: Record<Purpose, string> = {
  school: 'School service',
  nhs: 'National Honor Society',
  pvsa: "President's Volunteer Service Award",
  'a-plus': 'Missouri A+ Scholarship',
  other: 'Other',
}

/** What an entry recorded before attesters were (issue 40) says instead of a name. */
export const UNNAMED_ATTESTER = 'Checked in at the event by its organizer (name not recorded)'

/** The code of a /verify-hours/<code> path (null without one). */
export function codeFromPath(pathname: string): string | null {
  const match = /^\/verify-hours\/([^/]+)\/?$/.exec(pathname)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return match[1]
  }
}

/** The code typed into the verify form: a pasted link gives its last segment. */
export function codeFromInput(text: string): string | null {
  const t = text.trim()
  if (!t) return null
  const fromLink = /\/verify-hours\/([^/?#\s]+)/.exec(t)
  return fromLink?.[1] ?? t
}

/**
 * GET /hours-records/<code> (public): the record as the service confirms it, or its sentence (revoked:
 * 410, forged or mangled: 404).
 */
export async function verifyRecord(api: Api, code: string): Promise<ApiResult<HoursRecord> & { revoked?: boolean }> {
  const r = await attempt(() => api.GET('/api/hours-records/{code}', { params: { path: { code } }, ...PUBLIC }), (status) =>
    status === 404 || status === 410 ? IMPACT_MSG.invalid : IMPACT_MSG.verifyFailed,
  )
  if (r.ok) return r.data.code ? r : { ok: false, status: r.status, message: IMPACT_MSG.verifyFailed }
  return r.status === 410 ? { ...r, revoked: true } : r
}

/** The kind of service as a record shows it: "food_security" is "Food security". */
export function serviceLabel(serviceType: string | null | undefined): string {
  const words = (serviceType || 'other').replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A plain date ("2026-08-01") as "Aug 1, 2026". */
function shortDay(day: string | null | undefined): string {
  const t = day ? new Date(`${day}T00:00:00Z`) : null
  if (!t || Number.isNaN(t.getTime())) return ''
  return t.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })
}

/** The period a record covers: "Aug 1, 2026 – Jul 31, 2027", or "All verified hours". */
export function periodText(period: RecordPeriod): string {
  return period.kind === 'all' || !period.from || !period.to ? 'All verified hours' : `${shortDay(period.from)} – ${shortDay(period.to)}`
}

/** "Purpose: National Honor Society · Period: Aug 1, 2026 – Jul 31, 2027" (empty for a record older than both). */
export function purposeAndPeriod(record: Pick<HoursRecord, 'purpose' | 'period'>): string {
  const parts = [record.purpose ? `Purpose: ${PURPOSES[record.purpose]}` : '', record.period ? `Period: ${periodText(record.period)}` : '']
  return parts.filter(Boolean).join(' · ')
}

/** An ISO moment as the wall clock of its own offset (read with getUTC*), or null. */
function wallClock(iso: string): Date | null {
  const offset = /([+-])(\d\d):(\d\d)$/.exec(iso)
  const t = new Date(iso)
  if (!offset || Number.isNaN(t.getTime())) return null
  // The moment carries the place's offset: show that wall clock, whatever the reader's zone.
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
  return new Date(t.getTime() + minutes * 60_000)
}

/** The time a record attests as the event's place told it ("6:10 PM"), from its ISO moment. */
function clockTime(iso: string): string {
  const wall = wallClock(iso)
  if (!wall) return ''
  const h = wall.getUTCHours()
  return `${h % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

/** Who attests an entry, how and when, as the record's table says it. */
export function attestedBy(entry: RecordEntry): string {
  const a = entry.attestation
  if (!a) return UNNAMED_ATTESTER
  const who = [a.name, a.role, a.organization, a.email ?? ''].filter(Boolean).join(', ')
  if (a.method === 'email') return `${who}; by email confirmation on ${shortDay(wallClock(a.at)?.toISOString().slice(0, 10))}`
  return `${who}; by check-in at ${clockTime(a.at)}`
}
