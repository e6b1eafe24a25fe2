// A slot's roster tools on /organize (issue 14), loaded with the roster panel (components/LazyPanels.tsx): its CSV,
// the attendees' hours, and messages to the attendees. Apart from ./organize so that /organize's first load
// carries only the events.
import type { AuthClient } from '../auth/client'
import { attachmentName, attempt, type ApiResult, type Body, type Ok } from './client'
import { slot } from './organize'
import { ORGANIZE_MSG, fallback } from './roles'

/** What an organizer writes; `preview` is added by the call. */
export type Message = Omit<Body<'/api/organize/slots/{slot_id}/messages', 'post'>, 'preview'>
type MessageAnswer = Ok<'/api/organize/slots/{slot_id}/messages', 'post'>
/** A message as it would go out (200), and the sentence of one that went (202). */
export type MessagePreview = Extract<MessageAnswer, { subject: string }>
export type MessageSent = Extract<MessageAnswer, { message: string }>

/** Keep a success only when it is the answer asked for (the endpoint has two). */
function answered<T extends MessageAnswer>(r: ApiResult<MessageAnswer>, is: (a: MessageAnswer) => a is T): ApiResult<T> {
  if (!r.ok) return r
  return is(r.data) ? { ...r, data: r.data } : { ok: false, status: r.status, message: ORGANIZE_MSG.failed }
}

/** The roster as a CSV file (fetched with the access token: a plain link could not send it). */
export const rosterCsv = (client: AuthClient, slotId: string): Promise<ApiResult<{ blob: Blob; name: string }>> =>
  attempt(async () => {
    const answer = await client.api.GET('/api/organize/slots/{slot_id}/roster.csv', { ...slot(slotId), parseAs: 'blob' })
    const name = attachmentName(answer.response.headers.get('Content-Disposition'), `${slotId}-roster.csv`)
    return { ...answer, data: answer.data && { blob: answer.data, name } }
  }, ORGANIZE_MSG.downloadFailed)

/** POST .../hours: the hours one attendee is credited for this slot. */
export const setHours = (client: AuthClient, slotId: string, attendee: number, hours: number, reason?: string) =>
  attempt(() => client.api.POST('/api/organize/slots/{slot_id}/hours', { ...slot(slotId), body: { attendee, hours, reason } }), fallback)

/** POST .../messages with preview: true: how many get it and the body as the email shows it; sends nothing. */
export const previewMessage = async (client: AuthClient, slotId: string, message: Message) =>
  answered(
    await attempt(() => client.api.POST('/api/organize/slots/{slot_id}/messages', { ...slot(slotId), body: { ...message, preview: true } }), fallback),
    (a): a is MessagePreview => 'subject' in a,
  )

/** POST .../messages: queued through the outbox (202) with the service's sentence. */
export const sendMessage = async (client: AuthClient, slotId: string, message: Message) =>
  answered(
    await attempt(() => client.api.POST('/api/organize/slots/{slot_id}/messages', { ...slot(slotId), body: { ...message, preview: false } }), fallback),
    (a): a is MessageSent => 'message' in a,
  )
