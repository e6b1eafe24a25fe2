// The volunteer's hours served elsewhere (issue 40): ask a supervisor by email to confirm them, list the
// requests with where each stands, withdraw one still waiting. Loaded by the dashboard's lazy panel only.
import type { AuthClient } from '../auth/client'
import { attempt, type ApiResult, type Body, type Ok } from './client'
import { hoursText } from './impact'

export type NewOutsideHours = Body<'/api/me/outside-hours', 'post'>
export type OutsideHoursItem = Ok<'/api/me/outside-hours', 'get'>['requests'][number]
export type ServiceType = NonNullable<NewOutsideHours['service_type']>

/** The kinds of service a request may name, with the words the form shows. */
export const SERVICE_TYPES: readonly { value: ServiceType; label: string }[] = [
  { value: 'tutoring', label: 'Tutoring' },
  { value: 'mentoring', label: 'Mentoring' },
  { value: 'environment', label: 'Environment' },
  { value: 'food_security', label: 'Food security' },
  { value: 'health', label: 'Health' },
  { value: 'arts', label: 'Arts' },
  { value: 'civic', label: 'Civic' },
  { value: 'other', label: 'Other' },
]

export const OUTSIDE_MSG = {
  loadFailed: 'We could not load your requests. Please reload the page.',
  askFailed: 'Your request could not be sent. Please try again.',
  withdrawFailed: 'The request could not be withdrawn. Please try again.',
  sent: 'Your request is on its way to your supervisor. You will see here when they answer.',
  organization: 'Please give the organization where you served.',
  date: 'Please give the date you served.',
  future: 'The date you served cannot be in the future. Please check the date.',
  start: 'Please give the time you started.',
  end: 'Please give the time you finished.',
  order: 'The end time must be after the start time. Please check the times.',
  description: 'Please say what you did.',
  supervisorName: "Please give your supervisor's name.",
  supervisorEmail: "Please give your supervisor's email address, such as name@example.org.",
  honesty: 'Please confirm that these hours are true before asking.',
  notRelative: 'Please confirm that your supervisor is not your relative: a relative cannot confirm your hours.',
} as const

/** The form's values as typed (checkboxes as booleans). */
export type OutsideHoursDraft = {
  organization: string
  date: string
  start: string
  end: string
  description: string
  service_type: ServiceType
  supervisor_name: string
  supervisor_email: string
  honesty: boolean
  not_relative: boolean
}

/** The first field the service would refuse, with the sentence to show (null: ready to send). */
export function checkOutsideHours(d: OutsideHoursDraft, today: string): { field: keyof OutsideHoursDraft; message: string } | null {
  if (!d.organization.trim()) return { field: 'organization', message: OUTSIDE_MSG.organization }
  if (!d.date) return { field: 'date', message: OUTSIDE_MSG.date }
  if (d.date > today) return { field: 'date', message: OUTSIDE_MSG.future }
  if (!d.start) return { field: 'start', message: OUTSIDE_MSG.start }
  if (!d.end) return { field: 'end', message: OUTSIDE_MSG.end }
  // "HH:MM" strings compare as times do.
  if (d.end <= d.start) return { field: 'end', message: OUTSIDE_MSG.order }
  if (!d.description.trim()) return { field: 'description', message: OUTSIDE_MSG.description }
  if (!d.supervisor_name.trim()) return { field: 'supervisor_name', message: OUTSIDE_MSG.supervisorName }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.supervisor_email.trim())) return { field: 'supervisor_email', message: OUTSIDE_MSG.supervisorEmail }
  if (!d.honesty) return { field: 'honesty', message: OUTSIDE_MSG.honesty }
  if (!d.not_relative) return { field: 'not_relative', message: OUTSIDE_MSG.notRelative }
  return null
}

/** Where a request stands, in words ("Adjusted to 2 hours"). */
export function stateText(item: OutsideHoursItem): string {
  switch (item.state) {
    case 'sent':
      return 'Sent'
    case 'delivered':
      return 'Delivered'
    case 'undelivered':
      return 'Not delivered: check the address'
    case 'opened':
      return 'Opened'
    case 'confirmed':
      return 'Confirmed'
    case 'adjusted':
      return item.confirmed_hours === null ? 'Adjusted' : `Adjusted to ${hoursText(item.confirmed_hours)}`
    case 'declined':
      return 'Declined'
    case 'expired':
      return 'Expired'
    case 'withdrawn':
      return 'Withdrawn'
  }
}

/** Still waiting on its supervisor (so it may be withdrawn). */
export const isPending = (item: OutsideHoursItem) =>
  item.state === 'sent' || item.state === 'delivered' || item.state === 'undelivered' || item.state === 'opened'

/** Who answered and what they added, as the supervisor's page promised ("Answered by Sam Lee, Shift lead: “Left early.”"). */
export function answerText(item: OutsideHoursItem): string | null {
  if (!item.supervisor_role && !item.supervisor_note) return null
  const who = item.supervisor_role ? `${item.supervisor_name}, ${item.supervisor_role}` : item.supervisor_name
  return item.supervisor_note ? `Answered by ${who}: \u201c${item.supervisor_note}\u201d` : `Answered by ${who}.`
}

/** "2 requests waiting on a supervisor." (null when none waits). */
export function waitingText(items: readonly OutsideHoursItem[]): string | null {
  const n = items.filter(isPending).length
  return n ? `${n} ${n === 1 ? 'request' : 'requests'} waiting on a supervisor.` : null
}

/** GET /me/outside-hours: the volunteer's requests, newest first. */
export async function myOutsideHours(client: AuthClient): Promise<ApiResult<OutsideHoursItem[]>> {
  const r = await attempt(() => client.api.GET('/api/me/outside-hours'), OUTSIDE_MSG.loadFailed)
  return r.ok ? { ...r, data: r.data.requests } : r
}

/** POST /me/outside-hours: store the request and email the supervisor. */
export function askOutsideHours(client: AuthClient, body: NewOutsideHours): Promise<ApiResult<OutsideHoursItem>> {
  return attempt(() => client.api.POST('/api/me/outside-hours', { body }), OUTSIDE_MSG.askFailed)
}

/** POST /me/outside-hours/<id>/withdraw: close a request still waiting. */
export function withdrawOutsideHours(client: AuthClient, id: number) {
  return attempt(
    () => client.api.POST('/api/me/outside-hours/{request_id}/withdraw', { params: { path: { request_id: id } } }),
    OUTSIDE_MSG.withdrawFailed,
  )
}
