// The admin's organizer roles: every grant (revoke with a confirm step) and a form to grant one.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { grantOrganizer, listOrganizers, revokeOrganizer, type Grant } from '../src/api/grants'
import type { Organization } from '../src/api/roles'
import { getAuthClient } from '../src/auth/useAuth'
import { longDate } from '../src/organize/format'

export const ROLES_MSG = {
  email: 'Please enter the email address of the person’s CivicSTL account.',
  organization: 'Please choose an organization.',
  granted: (email: string, org: string) => `${email} can now organize for ${org}.`,
  revoked: (email: string, org: string) => `${email} no longer organizes for ${org}.`,
} as const

export function RoleGrants({ organizations }: { organizations: Organization[] }) {
  const [grants, setGrants] = useState<Grant[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const load = useCallback(() => {
    void listOrganizers(getAuthClient()).then((r) => {
      if (r.ok) {
        setGrants(r.data)
        setError(null)
      } else setError(r.message)
    })
  }, [])
  useEffect(load, [load])
  const changed = (message: string) => {
    setNotice(message)
    load()
  }

  return (
    <>
      <p>
        <a href="/organize">Back to Organize</a>
      </p>
      <GrantForm organizations={organizations} onGranted={changed} />
      <section className="section" aria-labelledby="grants-title">
        <h2 id="grants-title">Organizers</h2>
        {notice ? <p className="success" role="status">{notice}</p> : null}
        {error ? (
          <p className="error" role="alert">{error}</p>
        ) : grants === null ? (
          <p role="status">Loading...</p>
        ) : grants.length === 0 ? (
          <p>Nobody has the organizer role yet.</p>
        ) : (
          <ul className="grants">
            {grants.map((g) => (
              <GrantItem key={`${g.email} ${g.organization.slug}`} grant={g} onRevoked={changed} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function GrantForm({ organizations, onGranted }: { organizations: Organization[]; onGranted: (message: string) => void }) {
  const email = useRef<HTMLInputElement>(null)
  const org = useRef<HTMLSelectElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const address = (email.current?.value ?? '').trim()
    const slug = org.current?.value ?? ''
    if (!address) return setError(ROLES_MSG.email)
    if (!slug) return setError(ROLES_MSG.organization)
    setBusy(true)
    setError(null)
    const r = await grantOrganizer(getAuthClient(), address, slug)
    setBusy(false)
    if (!r.ok) return setError(r.message)
    if (email.current) email.current.value = ''
    onGranted(ROLES_MSG.granted(address, organizations.find((o) => o.slug === slug)?.name ?? slug))
  }
  return (
    <section className="section card" aria-labelledby="grant-title">
      <h2 id="grant-title">Grant the organizer role</h2>
      <p>The person needs a CivicSTL account with a verified email address first. Organizers see their organization’s rosters, message attendees and check people in.</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="grant-email">Email of the account</label>
          <input id="grant-email" ref={email} type="email" autoComplete="off" disabled={busy} onChange={() => setError(null)} />
        </div>
        <div className="field">
          <label htmlFor="grant-org">Organization</label>
          <select id="grant-org" ref={org} disabled={busy} defaultValue="" onChange={() => setError(null)}>
            <option value="">Choose an organization</option>
            {organizations.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        {error ? <p className="error" role="alert">{error}</p> : null}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Granting...' : 'Grant organizer role'}
        </button>
      </form>
    </section>
  )
}

function GrantItem({ grant: g, onRevoked }: { grant: Grant; onRevoked: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const who = `${g.name} (${g.email})`
  const revoke = async () => {
    setBusy(true)
    const r = await revokeOrganizer(getAuthClient(), g.email, g.organization.slug)
    setBusy(false)
    if (r.ok) onRevoked(ROLES_MSG.revoked(g.email, g.organization.name))
    else setError(r.message)
  }
  return (
    <li className="my-rsvp">
      <strong>{g.name}</strong> <span className="muted">{g.email}</span>
      <br />
      Organizer for {g.organization.name}
      {g.grantedAt ? <span className="muted"> · since {longDate(g.grantedAt)}</span> : null}
      <div className="my-rsvp-actions">
        {confirming ? (
          <span role="group" aria-label={`Revoke ${who} for ${g.organization.name}?`}>
            <span className="confirm-text">Revoke this role?</span>{' '}
            <button type="button" className="btn" disabled={busy} onClick={() => void revoke()}>
              {busy ? 'Revoking...' : 'Yes, revoke'}
            </button>{' '}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-secondary" aria-label={`Revoke ${who} as organizer for ${g.organization.name}`} onClick={() => setConfirming(true)}>
            Revoke
          </button>
        )}
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  )
}
