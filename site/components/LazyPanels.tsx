// Parts of an interactive page that load after it: their modules stay out of the page's first load (the
// interactive budget, scripts/check-budget.mjs). The dashboard's are in ./DashboardPanels, so that /organize
// does not load them. While a module loads, its fallback shows the same words the
// part shows while it loads its own data, so nothing reads differently.
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react'
import type { BlockedList as EagerBlocked } from './BlockedList'
import type { SlotRoster as EagerRoster } from './SlotRoster'

/** A component whose module loads when it first renders, showing `fallback` until then. */
export function later<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })))
  return function Later(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}

/** /organize: a slot's roster (table, hours, removals, CSV, message form), loaded when an organizer opens one. */
export const SlotRoster: ComponentType<Parameters<typeof EagerRoster>[0]> = later(
  () => import('./SlotRoster').then((m) => m.SlotRoster),
  <p role="status">Loading the roster...</p>,
)

/** /organize: an organization's blocked addresses, loaded when an organizer opens them (nothing shows until their answer). */
export const BlockedList: ComponentType<Parameters<typeof EagerBlocked>[0]> = later(
  () => import('./BlockedList').then((m) => m.BlockedList),
  null,
)
