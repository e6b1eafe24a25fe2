import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { FollowLink, MyFollowList, PreferencesForm } from '../../../components/FollowPanels'
import { Message } from '../../../components/Message'
import { FOLLOW_MSG, confirmFollows, followKey, linkTarget, unsubscribe, type FollowItem, type FollowTarget } from '../../../src/api/follows'
import type { ApiResult, Said } from '../../../src/api/client'
import { saidOf } from '../../../src/api/said'
import { getAuthClient } from '../../../src/auth/useAuth'
import { takeLinkParam } from '../../../src/lib/query'
import { useLinkToken } from '../../../src/lib/useLinkToken'
import type { Data } from './+data'

/** What the page was opened for: an email link (its token in the fragment), a Follow link, or neither. */
type Purpose =
  | { kind: 'reading' }
  | { kind: 'confirm'; token: string }
  | { kind: 'unsubscribe'; token: string }
  | { kind: 'preferences'; token: string }
  | { kind: 'follow'; target: FollowTarget }
  | { kind: 'mine' }
  | { kind: 'broken' }

type Outcome = (Said & { follows?: FollowItem[] }) | null

/** What an email link opened, else null (a Follow link's query, or nothing). */
function linkOfUrl(): Purpose | null {
  const purpose = purposeOfUrl()
  return purpose.kind === 'follow' || purpose.kind === 'mine' ? null : purpose
}

function purposeOfUrl(): Purpose {
  for (const kind of ['confirm', 'unsubscribe', 'token'] as const) {
    const token = takeLinkParam(kind)
    if (token === '') return { kind: 'broken' }
    if (token !== null) return kind === 'token' ? { kind: 'preferences', token } : { kind, token }
  }
  const target = linkTarget(window.location.search)
  return target ? { kind: 'follow', target } : { kind: 'mine' }
}

/**
 * /follows: follow an organization or a cause (?organization=slug, ?cause=name, from a profile or an event
 * card), confirm a guest's follow (?confirm=..., or #confirm=... in older links), unsubscribe (?unsubscribe=..., where the digest's
 * List-Unsubscribe URL leads a browser), and change what an address follows without signing in (#token=...).
 * Opening a link changes nothing: each change is a button.
 */
export default function Page() {
  const { meta, organizations } = useData<Data>()
  const [purpose, setPurpose] = useState<Purpose>({ kind: 'reading' })
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const sameLink = useLinkToken(
    (link: Purpose) => {
      setBusy(false)
      setOutcome(null)
      setPurpose(link)
    },
    () => setPurpose(purposeOfUrl()),
    linkOfUrl,
  )

  const act = async (run: () => Promise<ApiResult<{ message: string; follows?: FollowItem[] }>>) => {
    const current = sameLink()
    setBusy(true)
    const r = await run()
    if (!current()) return
    setBusy(false)
    setOutcome({ ...saidOf(r), follows: r.ok ? r.data.follows : undefined })
  }
  const api = () => getAuthClient().api
  const done = outcome?.ok === true

  return (
    <div className="container follows">
      <h1>{meta.title}</h1>
      {purpose.kind === 'reading' ? (
        <>
          <p role="status">Loading...</p>
          <noscript>
            {/* Without JavaScript the page cannot tell which link opened it: the service acts on the link's own
                URL (this form has no action), and only for the button the link is for. */}
            <form method="post" className="card form">
              <p>Opened the link to confirm what you asked to follow, or to stop the weekly email? Press its button.</p>
              <button type="submit" className="btn" name="act" value="confirm">
                Confirm
              </button>{' '}
              <button type="submit" className="btn" name="act" value="unsubscribe">
                Unsubscribe
              </button>
              <p className="muted">Changed your mind? Just close this page: nothing changes. Changing what you follow needs JavaScript.</p>
            </form>
          </noscript>
        </>
      ) : null}
      {purpose.kind === 'confirm' && !done ? (
        <LinkAction busy={busy} label="Confirm" busyLabel="Confirming..." onClick={() => void act(() => confirmFollows(api(), purpose.token))}>
          Confirm that this address should get one email a week with the upcoming events of what it asked to follow.
        </LinkAction>
      ) : null}
      {purpose.kind === 'unsubscribe' && !done ? (
        <LinkAction busy={busy} label="Unsubscribe" busyLabel="Unsubscribing..." onClick={() => void act(() => unsubscribe(api(), purpose.token))}>
          Stop the weekly email? This address will follow nothing on CivicSTL any more.
        </LinkAction>
      ) : null}
      {purpose.kind === 'preferences' ? <PreferencesForm key={purpose.token} token={purpose.token} /> : null}
      {purpose.kind === 'follow' ? <FollowLink target={purpose.target} name={purpose.target.kind === 'organization' ? organizations[purpose.target.target] : undefined} /> : null}
      {purpose.kind === 'mine' ? <MyFollowList /> : null}
      <Message said={outcome} />
      {outcome?.follows?.length ? (
        <ul>
          {outcome.follows.map((f) => <li key={followKey(f)}>{f.label}</li>)}
        </ul>
      ) : null}
      {purpose.kind === 'broken' ? <p className="error" role="alert">{FOLLOW_MSG.noLink}</p> : null}
    </div>
  )
}

/** An email link's one change: what it does, its button, and that closing the page changes nothing. */
function LinkAction(props: { busy: boolean; label: string; busyLabel: string; onClick: () => void; children: string }) {
  return (
    <section className="card form">
      <p>{props.children}</p>
      <button type="button" className="btn" disabled={props.busy} onClick={props.onClick}>
        {props.busy ? props.busyLabel : props.label}
      </button>
      <p className="muted">Changed your mind? Just close this page: nothing changes.</p>
    </section>
  )
}
