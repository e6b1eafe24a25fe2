// The dashboard's "Your data": download everything stored about you, or delete your account.
import { useRef, useState, type FormEvent } from 'react'
import { EXPORT_FILE, ME_MSG, deleteAccount, fetchFile } from '../src/api/me'
import { getAuthClient } from '../src/auth/useAuth'
import { saveFile } from '../src/lib/download'
import { go } from '../src/lib/nav'

export function MyData() {
  const [exportError, setExportError] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const download = async () => {
    setExporting(true)
    setExportError(null)
    const r = await fetchFile(getAuthClient(), EXPORT_FILE, 'civicstl-data.json')
    setExporting(false)
    if (r.ok) saveFile(r.data.blob, r.data.name)
    else setExportError(r.message)
  }
  return (
    <section className="section card" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>Download everything CivicSTL stores about you (your account, RSVPs and sessions) as a JSON file.</p>
      <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={exporting}>
        {exporting ? 'Preparing...' : 'Download my data'}
      </button>
      {exportError ? <p className="error" role="alert">{exportError}</p> : null}
      <div className="delete-account">
        <DeleteAccount />
      </div>
    </section>
  )
}

function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const [googleOnly, setGoogleOnly] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const secret = useRef<HTMLInputElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const value = secret.current?.value ?? ''
    if (googleOnly ? value.trim() !== 'DELETE' : !value) {
      setError(googleOnly ? ME_MSG.confirmNeeded : ME_MSG.passwordNeeded)
      return
    }
    setBusy(true)
    setError(null)
    const client = getAuthClient()
    const r = await deleteAccount(client, googleOnly ? { confirm: 'DELETE' } : { password: value })
    if (!r.ok) {
      setBusy(false)
      setError(r.message)
      return
    }
    // The service has ended the session; this clears it here and in other tabs.
    await client.logout()
    window.alert(r.data.message)
    go('/')
  }

  if (!open) {
    return (
      <>
        <h3>Delete your account</h3>
        <p>This deletes your account and personal data and cancels your upcoming RSVPs. It cannot be undone.</p>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </>
    )
  }
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="delete-title">
      <h3 id="delete-title">Delete your account</h3>
      <p>
        This deletes your account and personal data and cancels your upcoming RSVPs (the next person on each waitlist gets
        your spot). It cannot be undone.
      </p>
      <div className="field">
        <label htmlFor="delete-secret">{googleOnly ? 'Type DELETE to confirm' : 'Your password'}</label>
        <input
          id="delete-secret"
          key={googleOnly ? 'confirm' : 'password'}
          type={googleOnly ? 'text' : 'password'}
          autoComplete={googleOnly ? 'off' : 'current-password'}
          ref={secret}
          disabled={busy}
          onChange={() => setError(null)}
        />
      </div>
      <p>
        <label>
          <input type="checkbox" checked={googleOnly} onChange={(e) => setGoogleOnly(e.target.checked)} disabled={busy} /> I sign in only with
          Google and have no password
        </label>
      </p>
      {error ? <p className="error" role="alert">{error}</p> : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete my account for good'}
      </button>{' '}
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>
        Keep my account
      </button>
    </form>
  )
}
