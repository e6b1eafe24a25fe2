// The addresses an organizer's organizations have blocked from their events (blocked from a roster's Remove),
// each with an Unblock button. Loaded when its section is opened.
import { useEffect, useState } from 'react'
import type { Organization } from '../src/api/roles'
import { listBlocks, unblockAddress, type BlockEntry } from '../src/api/removals'
import { getAuthClient } from '../src/auth/useAuth'
import { shortDateTime } from '../src/organize/format'

export function BlockedList({ organization }: { organization: Organization }) {
  const [blocks, setBlocks] = useState<BlockEntry[] | null>(null)
  const [state, setState] = useState<{ busy: boolean; message: string | null; ok: boolean }>({ busy: false, message: null, ok: false })
  const load = async () => {
    const r = await listBlocks(getAuthClient(), organization.slug)
    if (r.ok) setBlocks(r.data)
    else setState({ busy: false, ok: false, message: r.message })
  }
  const unblock = async (email: string) => {
    setState({ busy: true, message: null, ok: false })
    const r = await unblockAddress(getAuthClient(), organization.slug, email)
    setState({ busy: false, ok: r.ok, message: r.ok ? r.data.message : r.message })
    if (r.ok) await load()
  }
  useEffect(() => {
    void load()
    // Once, when the list first opens (the panel mounts it then).
  }, [])
  return (
    <>
      {state.message ? <p className={state.ok ? 'success' : 'error'} role={state.ok ? 'status' : 'alert'}>{state.message}</p> : null}
      {blocks === null ? null : blocks.length ? (
        <ul className="attendees">
          {blocks.map((b) => (
            <li key={b.email} className="attendee">
              {b.email} <span className="muted">blocked {shortDateTime(b.blockedAt)}</span>{' '}
              <button type="button" className="btn btn-secondary" disabled={state.busy} aria-label={`Unblock ${b.email}`} onClick={() => void unblock(b.email)}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No address is blocked. To block one, remove its RSVP from a roster and tick &quot;Also block&quot;.</p>
      )}
    </>
  )
}
