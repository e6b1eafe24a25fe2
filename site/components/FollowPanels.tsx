// The parts of /follows that load or send more than one call: following from a link, what a signed-in
// volunteer follows, and a preferences link's list.
import { useEffect, useState, type FormEvent } from 'react'
import {
  follow,
  followKey,
  myFollows,
  savePreferences,
  unfollow,
  viewPreferences,
  type FollowItem,
  type FollowTarget,
  type Preferences,
} from '../src/api/follows'
import type { Said } from '../src/api/client'
import { saidOf } from '../src/api/said'
import { Message } from './Message'
import { getAuthClient, useAuth } from '../src/auth/useAuth'


/** What a Follow link names, in words: an organization by its name (`name`, when the content knows the slug). */
const describe = (t: FollowTarget, name: string | undefined) =>
  t.kind === 'cause' ? `the cause “${t.target}”` : (name ?? `the organization “${t.target}”`)

/** Follow what a Follow link names: at once when signed in, else with an email address (double opt-in). */
export function FollowLink({ target, name }: { target: FollowTarget; name?: string }) {
  const auth = useAuth()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<Said | null>(null)

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    setBusy(true)
    const r = await follow(getAuthClient().api, target, auth.isAuthenticated ? undefined : email)
    setBusy(false)
    setSaid(saidOf(r))
  }

  if (auth.loading) return <p role="status">Loading...</p>
  if (said?.ok) return <Message said={said} />
  return auth.isAuthenticated ? (
    <section className="card form">
      <p>Get the upcoming events of {describe(target, name)} in your weekly email.</p>
      <button type="button" className="btn" disabled={busy} onClick={() => void submit()}>
        {busy ? 'Following...' : 'Follow'}
      </button>
      <Message said={said} />
    </section>
  ) : (
    <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
      <p>Get the upcoming events of {describe(target, name)} in one email a week. No account needed: we email you a link to confirm first.</p>
      <div className="field">
        <label htmlFor="follow-email">Email</label>
        <input id="follow-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
      </div>
      <Message said={said} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Sending...' : 'Follow'}
      </button>
      <p className="muted">
        Have an account? <a href="/login">Log in</a> to follow with it.
      </p>
    </form>
  )
}

/** What the signed-in volunteer follows, each with Unfollow. */
export function MyFollowList() {
  const auth = useAuth()
  const [follows, setFollows] = useState<FollowItem[] | null>(null)
  const [said, setSaid] = useState<Said | null>(null)

  useEffect(() => {
    if (!auth.isAuthenticated) return
    void myFollows(getAuthClient().api).then((r) => (r.ok ? setFollows(r.data.follows) : setSaid({ ok: false, message: r.message })))
  }, [auth.isAuthenticated])

  if (auth.loading) return <p role="status">Loading...</p>
  if (!auth.isAuthenticated) {
    return <p>Follow an organization from its page, or a host from an event card, to get its upcoming events in one email a week.</p>
  }
  const drop = async (item: FollowItem) => {
    const r = await unfollow(getAuthClient().api, { kind: item.kind, target: item.target })
    setSaid(saidOf(r))
    if (r.ok) setFollows((now) => (now ?? []).filter((f) => f !== item))
  }
  return (
    <section aria-labelledby="my-follows">
      <h2 id="my-follows">What you follow</h2>
      <Message said={said} />
      {follows === null ? <p role="status">Loading...</p> : null}
      {follows?.length === 0 ? <p>You follow nothing yet. Follow an organization from its page.</p> : null}
      <ul>
        {(follows ?? []).map((f) => (
          <li key={followKey(f)}>
            {f.label}{' '}
            <button type="button" className="btn btn-secondary" onClick={() => void drop(f)}>
              Unfollow
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A preferences link's list: untick and save (the link's token is the only authority). */
export function PreferencesForm({ token }: { token: string }) {
  const [prefs, setPrefs] = useState<Preferences | null>(null)
  const [kept, setKept] = useState<Set<string>>(new Set())
  const [said, setSaid] = useState<Said | null>(null)
  const [busy, setBusy] = useState(false)

  const show = (p: Preferences) => {
    setPrefs(p)
    setKept(new Set(p.follows.map(followKey)))
  }
  useEffect(() => {
    void viewPreferences(getAuthClient().api, token).then((r) => (r.ok ? show(r.data) : setSaid({ ok: false, message: r.message })))
  }, [token])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!prefs) return
    setBusy(true)
    const chosen = prefs.follows.filter((f) => kept.has(followKey(f))).map((f) => ({ kind: f.kind, target: f.target }))
    const r = await savePreferences(getAuthClient().api, token, chosen)
    setBusy(false)
    if (r.ok) show(r.data)
    setSaid(saidOf(r))
  }
  const toggle = (f: FollowItem) =>
    setKept((now) => {
      const next = new Set(now)
      if (!next.delete(followKey(f))) next.add(followKey(f))
      return next
    })

  if (!prefs) return said ? <Message said={said} /> : <p role="status">Loading...</p>
  return (
    <form className="card form" onSubmit={(e) => void save(e)}>
      <p>
        What <strong>{prefs.email}</strong> follows:
      </p>
      {prefs.follows.length === 0 ? <p>Nothing: this address gets no weekly email.</p> : null}
      {prefs.follows.map((f) => (
        <div className="field" key={followKey(f)}>
          <label>
            <input type="checkbox" checked={kept.has(followKey(f))} onChange={() => toggle(f)} disabled={busy} /> {f.label}
            {f.confirmed ? '' : ' (waiting for confirmation)'}
          </label>
        </div>
      ))}
      <Message said={said} />
      <button type="submit" className="btn" disabled={busy || prefs.follows.length === 0}>
        {busy ? 'Saving...' : 'Save'}
      </button>
    </form>
  )
}
