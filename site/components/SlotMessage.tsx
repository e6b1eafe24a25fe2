// Message a slot's attendees (and, if asked, its waitlist): write, preview as the email will read, send.
// Replies go to the organizer's own address, or to the organization's contact when it lists one and the
// organizer picks it: the form sends the choice, never an address.
import { useState, type FormEvent } from 'react'
import type { ReplyChoices } from '../src/api/organize'
import { ORGANIZE_MSG } from '../src/api/roles'
import { previewMessage, sendMessage, type Message, type MessagePreview } from '../src/api/roster'
import { getAuthClient } from '../src/auth/useAuth'

export const MESSAGE_MSG = {
  subject: 'Please write a subject of 1 to 150 characters.',
  body: 'Please write a message of 1 to 5,000 characters.',
} as const

/** The sentence for a message the service would refuse, or null. */
export function checkMessage(m: Pick<Message, 'subject' | 'body'>): string | null {
  const subject = m.subject.trim()
  if (!subject || subject.length > 150) return MESSAGE_MSG.subject
  const body = m.body.trim()
  if (!body || body.length > 5000) return MESSAGE_MSG.body
  return null
}

type Step =
  | { kind: 'edit'; error: string | null }
  | { kind: 'preview'; preview: MessagePreview; error: string | null }
  | { kind: 'sent'; message: string }

const BLANK: Message = { subject: '', body: '', includeWaitlist: false, replyTo: 'me' }

export function SlotMessage({ slotId, waitlist, replies }: { slotId: string; waitlist: number; replies: ReplyChoices }) {
  const [message, setMessage] = useState<Message>(BLANK)
  const [step, setStep] = useState<Step>({ kind: 'edit', error: null })
  const [busy, setBusy] = useState(false)
  const ids = { subject: `msg-subject-${slotId}`, body: `msg-body-${slotId}`, title: `msg-title-${slotId}` }

  const preview = async (e: FormEvent) => {
    e.preventDefault()
    const problem = checkMessage(message)
    if (problem) {
      setStep({ kind: 'edit', error: problem })
      return
    }
    setBusy(true)
    const r = await previewMessage(getAuthClient(), slotId, { ...message, subject: message.subject.trim(), body: message.body.trim() })
    setBusy(false)
    setStep(r.ok ? { kind: 'preview', preview: r.data, error: null } : { kind: 'edit', error: r.message })
  }
  const send = async () => {
    if (step.kind !== 'preview') return
    setBusy(true)
    const r = await sendMessage(getAuthClient(), slotId, { ...message, subject: message.subject.trim(), body: message.body.trim() })
    setBusy(false)
    if (r.ok) {
      setStep({ kind: 'sent', message: r.data.message || ORGANIZE_MSG.sent(r.data.recipients) })
      setMessage({ ...BLANK, replyTo: message.replyTo })
    } else setStep({ ...step, error: r.message })
  }

  return (
    <section className="message-box" aria-labelledby={ids.title}>
      <h4 id={ids.title}>Message the attendees</h4>
      {step.kind === 'sent' ? (
        <>
          <p className="success" role="status">{step.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setStep({ kind: 'edit', error: null })}>
            Write another message
          </button>
        </>
      ) : step.kind === 'preview' ? (
        <div className="message-preview">
          <p>
            <strong>
              To {step.preview.recipients} {step.preview.recipients === 1 ? 'person' : 'people'}
            </strong>
          </p>
          <p>
            <strong>Subject:</strong> {step.preview.subject}
          </p>
          <p>
            <strong>Replies go to:</strong> {step.preview.replyTo}
          </p>
          <pre className="message-body">{step.preview.body}</pre>
          {step.error ? <p className="error" role="alert">{step.error}</p> : null}
          <div className="organize-actions">
            <button type="button" className="btn" onClick={() => void send()} disabled={busy || step.preview.recipients === 0}>
              {busy ? 'Sending...' : `Send to ${step.preview.recipients} ${step.preview.recipients === 1 ? 'person' : 'people'}`}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setStep({ kind: 'edit', error: null })} disabled={busy}>
              Edit
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={(e) => void preview(e)} noValidate>
          <div className="field">
            <label htmlFor={ids.subject}>Subject</label>
            <input id={ids.subject} type="text" maxLength={150} value={message.subject} disabled={busy} onChange={(e) => setMessage({ ...message, subject: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={ids.body}>Message (plain text)</label>
            <textarea id={ids.body} rows={6} maxLength={5000} value={message.body} disabled={busy} onChange={(e) => setMessage({ ...message, body: e.target.value })} />
          </div>
          <p>
            <label className="check">
              <input type="checkbox" checked={message.includeWaitlist} disabled={busy} onChange={(e) => setMessage({ ...message, includeWaitlist: e.target.checked })} /> Also send
              to the waitlist ({waitlist} {waitlist === 1 ? 'person' : 'people'})
            </label>
          </p>
          {replies.organization ? (
            <fieldset className="reply-choice">
              <legend>Replies go to</legend>
              <label className="check">
                <input type="radio" name={`msg-reply-${slotId}`} value="me" checked={message.replyTo !== 'organization'} disabled={busy} onChange={() => setMessage({ ...message, replyTo: 'me' })} /> My
                address ({replies.me})
              </label>
              <label className="check">
                <input type="radio" name={`msg-reply-${slotId}`} value="organization" checked={message.replyTo === 'organization'} disabled={busy} onChange={() => setMessage({ ...message, replyTo: 'organization' })} />{' '}
                The organization&apos;s ({replies.organization})
              </label>
            </fieldset>
          ) : (
            <p className="muted">Replies go to your address, {replies.me}.</p>
          )}
          {step.error ? <p className="error" role="alert">{step.error}</p> : null}
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Preparing...' : 'Preview'}
          </button>
        </form>
      )}
    </section>
  )
}
