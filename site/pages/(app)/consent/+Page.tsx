import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { Message } from '../../../components/Message'
import { SlotSummary } from '../../../components/SlotSummary'
import { answerConsent, previewConsent, type ConsentPreview } from '../../../src/api/consent'
import { getAuthClient } from '../../../src/auth/useAuth'
import { useLinkToken } from '../../../src/lib/useLinkToken'
import type { Said } from '../../../src/api/client'
import type { Data } from './+data'

const NO_TOKEN = 'This page needs the consent link from your CivicSTL email. Please open the link in the most recent email from CivicSTL.'
const DECIDED = {
  approved: 'This RSVP is already approved: the answer given then stands.',
  declined: 'This RSVP was already declined: the answer given then stands.',
  expired: 'This consent link has expired, so the spot was released. The volunteer can RSVP again while spots are open.',
} as const

/** Where the page is: reading the link, asking, sending the answer, or a final message. */
type Step =
  | { kind: 'reading' }
  | { kind: 'ask'; token: string; preview: ConsentPreview; busy: boolean; error: string | null }
  | { kind: 'said'; said: Said }

/**
 * The link of a guardian's consent email: /consent?token=... (#token=... in older links). Loading the page only
 * shows what the link is about; Approve or Decline posts the answer (without JavaScript, to the link's own URL).
 */
export default function Page() {
  const { meta } = useData<Data>()
  const [step, setStep] = useState<Step>({ kind: 'reading' })

  const sameLink = useLinkToken(
    (token, current) => {
      setStep({ kind: 'reading' })
      void previewConsent(getAuthClient().api, token).then((r) => {
        if (!current()) return
        if (!r.ok) setStep({ kind: 'said', said: { ok: false, message: r.message } })
        else if (r.data.status !== 'awaiting') setStep({ kind: 'said', said: { ok: false, message: DECIDED[r.data.status] } })
        else setStep({ kind: 'ask', token, preview: r.data, busy: false, error: null })
      })
    },
    () => setStep({ kind: 'said', said: { ok: false, message: NO_TOKEN } }),
  )

  const answer = async (decision: 'approve' | 'decline') => {
    if (step.kind !== 'ask') return
    const current = sameLink()
    setStep({ ...step, busy: true, error: null })
    const r = await answerConsent(getAuthClient().api, step.token, decision)
    if (!current()) return
    setStep(r.ok ? { kind: 'said', said: { ok: true, message: r.data.message } } : { ...step, busy: false, error: r.message })
  }

  return (
    <div className="container">
      <h1>{meta.title}</h1>
      {step.kind === 'reading' ? (
        <>
          <p role="status">Loading...</p>
          <noscript>
            <form method="post" className="card form">
              <p>A volunteer under 18 signed up and named you as their parent or guardian. Their spot is held until you answer.</p>
              <button type="submit" className="btn" name="answer" value="approve">
                Approve
              </button>{' '}
              <button type="submit" className="btn" name="answer" value="decline">
                Decline
              </button>
            </form>
          </noscript>
        </>
      ) : null}
      {step.kind === 'ask' ? (
        <section className="card form" aria-labelledby="consent-what">
          <SlotSummary slot={step.preview} id="consent-what" />
          <p>
            {step.preview.volunteer} signed up for this time slot and said they are under 18. Their spot is held until you
            answer. <a href={step.preview.path}>See the event</a>
          </p>
          {step.error ? <p className="error" role="alert">{step.error}</p> : null}
          <button type="button" className="btn" onClick={() => void answer('approve')} disabled={step.busy}>
            Approve
          </button>{' '}
          <button type="button" className="btn" onClick={() => void answer('decline')} disabled={step.busy}>
            Decline
          </button>
        </section>
      ) : null}
      {step.kind === 'said' ? <Message said={step.said} /> : null}
    </div>
  )
}
