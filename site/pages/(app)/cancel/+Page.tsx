import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { SlotSummary } from '../../../components/SlotSummary'
import { confirmCancel, previewCancel, type CancelPreview } from '../../../src/api/cancel'
import { getAuthClient } from '../../../src/auth/useAuth'
import { useLinkToken } from '../../../src/lib/useLinkToken'
import type { Data } from './+data'

const NO_TOKEN = 'This page needs the cancel link from your CivicSTL email. Please open the link in your most recent email from CivicSTL.'

/** Where the page is: reading the link, showing what it cancels, cancelling, or a final message. */
type Step =
  | { kind: 'reading' }
  | { kind: 'preview'; token: string; preview: CancelPreview; busy: boolean; error: string | null }
  | { kind: 'done'; message: string; path: string }
  | { kind: 'failed'; message: string }

/**
 * The "Can't make it? Cancel your spot" link of every RSVP email: /cancel?token=... (#token=... in older links).
 * Loading the page only previews; one button cancels. Without JavaScript, the form posts to the link's own URL.
 */
export default function Page() {
  const { meta } = useData<Data>()
  const [step, setStep] = useState<Step>({ kind: 'reading' })

  const sameLink = useLinkToken(
    (token, current) => {
      setStep({ kind: 'reading' })
      void previewCancel(getAuthClient().api, token).then((r) => {
        if (!current()) return
        setStep(r.ok ? { kind: 'preview', token, preview: r.data, busy: false, error: null } : { kind: 'failed', message: r.message })
      })
    },
    () => setStep({ kind: 'failed', message: NO_TOKEN }),
  )

  const cancel = async () => {
    if (step.kind !== 'preview') return
    const current = sameLink()
    setStep({ ...step, busy: true, error: null })
    const client = getAuthClient()
    const r = await confirmCancel(client.api, step.token)
    // A link pasted meanwhile shows its own preview: this answer was for the one before.
    if (!current()) return
    setStep(r.ok ? { kind: 'done', message: r.data.message, path: step.preview.path } : { ...step, busy: false, error: r.message })
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      {step.kind === 'reading' ? (
        <>
          <p role="status">Loading...</p>
          <noscript>
            <form method="post" className="card form">
              <p>Can't make it? Cancelling gives your spot to the next person on the waitlist.</p>
              <button type="submit" className="btn" name="go" value="cancel">
                Cancel my spot
              </button>
              <p className="muted cancel-keep">Changed your mind? Just close this page: your spot stays yours.</p>
            </form>
          </noscript>
        </>
      ) : null}
      {step.kind === 'preview' ? (
        <section className="card form" aria-labelledby="cancel-what">
          <SlotSummary slot={step.preview} id="cancel-what" />
          <p>
            {step.preview.status === 'waitlisted'
              ? `You are #${step.preview.position ?? '?'} on the waitlist for this time slot. Cancelling takes you off the waitlist.`
              : 'You have a spot at this time slot. Cancelling gives it to the next person on the waitlist.'}
          </p>
          {step.error ? <p className="error" role="alert">{step.error}</p> : null}
          <button type="button" className="btn" onClick={() => void cancel()} disabled={step.busy}>
            {step.busy ? 'Cancelling...' : 'Cancel my spot'}
          </button>
          <p className="muted cancel-keep">
            Changed your mind? Just close this page: your spot stays yours. <a href={step.preview.path}>See the event</a>
          </p>
        </section>
      ) : null}
      {step.kind === 'done' ? (
        <>
          <p className="success" role="status">{step.message}</p>
          <p>
            <a href={step.path}>Back to the event</a> · <a href="/features">Find another event</a>
          </p>
        </>
      ) : null}
      {step.kind === 'failed' ? (
        <>
          <p className="error" role="alert">{step.message}</p>
          <p>
            <a href="/features">Find an event</a>
          </p>
        </>
      ) : null}
    </div>
  )
}
