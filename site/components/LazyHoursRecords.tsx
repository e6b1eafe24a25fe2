// The dashboard's records panel, loaded with the page but after it: creating, downloading (PDF, credential) and
// revoking records are not in the dashboard's first load (the interactive budget, scripts/check-budget.mjs).
// It sits below the person's RSVPs and hours; while its module loads, its heading shows.
import { Suspense, lazy } from 'react'

const Records = lazy(() => import('./HoursRecords').then((m) => ({ default: m.HoursRecords })))

/** HoursRecords, once its module has loaded. */
export function HoursRecords() {
  return (
    <Suspense
      fallback={
        <section className="section card" aria-labelledby="records-title">
          <h2 id="records-title">Service-hours record</h2>
          <p role="status">Loading your records...</p>
        </section>
      }
    >
      <Records />
    </Suspense>
  )
}
