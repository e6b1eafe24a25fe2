import { useData } from 'vike-react/useData'
import { RECORD_CHECKING, RECORD_NEEDS_SCRIPT } from '../../../src/light/verifyHours'
import type { Data } from './+data'

/**
 * /verify-hours/<code>: the HTML every code gets (one prerendered page); src/light/verifyHours.ts reads the
 * code from the address, asks the service and shows the record, its sentence, or the form for a code.
 */
export default function Page() {
  const { meta } = useData<Data>()
  return (
    <div className="container verify-hours" data-verify-hours="">
      <h1>{meta.title}</h1>
      <p role="status" data-checking="">
        {RECORD_CHECKING}
      </p>
      <noscript>
        <p className="error">{RECORD_NEEDS_SCRIPT}</p>
      </noscript>
      {/* Hidden until the enhancement knows it is wanted: no code in the address, or a refused one. */}
      <form className="form no-print" noValidate hidden data-code-form="">
        <div className="field">
          <label htmlFor="verify-code">Verification code or link</label>
          <input id="verify-code" type="text" autoComplete="off" spellCheck={false} />
        </div>
        <button type="submit" className="btn">
          Verify
        </button>
      </form>
    </div>
  )
}
