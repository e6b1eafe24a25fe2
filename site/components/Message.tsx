// An outcome's sentence, as the follow and consent pages show it.
import type { Said } from '../src/api/client'

/** An outcome's sentence: a status when it went through, an alert when not. */
export function Message({ said }: { said: Said | null }) {
  if (!said) return null
  return (
    <p className={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'}>
      {said.message}
    </p>
  )
}
