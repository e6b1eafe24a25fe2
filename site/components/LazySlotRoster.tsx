// A slot's roster, loaded when an organizer first opens one: its table, hours, removals, CSV and message
// form are not in /organize's first load (the interactive budget, scripts/check-budget.mjs). While its
// module loads, the same words show as while the roster itself loads.
import { Suspense, lazy } from 'react'
import type { SlotRoster as Eager } from './SlotRoster'

const Roster = lazy(() => import('./SlotRoster').then((m) => ({ default: m.SlotRoster })))

/** SlotRoster, once its module has loaded. */
export function SlotRoster(props: Parameters<typeof Eager>[0]) {
  return (
    <Suspense fallback={<p role="status">Loading the roster...</p>}>
      <Roster {...props} />
    </Suspense>
  )
}
