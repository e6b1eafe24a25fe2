// The dashboard's panels that load after the page (./LazyPanels `later`), each with a fallback in its own words.
import type { ComponentType } from 'react'
import { later } from './LazyPanels'
import type { MyProgress as EagerProgress } from './MyProgress'

function Panel({ id, title, loading }: { id: string; title: string; loading: string }) {
  return (
    <section className="section card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p role="status">{loading}</p>
    </section>
  )
}

/** The dashboard's "Your impact" (numbers and badges, then "Your progress"), under the RSVPs: it waits for its answer anyway. */
export const MyImpact: ComponentType<object> = later(
  () => import('./MyImpact').then((m) => m.MyImpact),
  <Panel id="impact-title" title="Your impact" loading="Loading..." />,
)

/** The dashboard's "Organizer tools", for organizers and admins: nothing shows until the roles are read anyway. */
export const OrganizerCard: ComponentType<object> = later(
  () => import('./OrganizerCard').then((m) => m.OrganizerCard),
  null,
)

/** The dashboard's records panel (create, download PDF and credential, revoke), below the RSVPs and hours. */
export const HoursRecords: ComponentType<object> = later(
  () => import('./HoursRecords').then((m) => m.HoursRecords),
  <Panel id="records-title" title="Service-hours record" loading="Loading your records..." />,
)

/** The dashboard's "Your progress" (PVSA level within reach, hours by kind of service), under "Your impact". */
export const MyProgress: ComponentType<Parameters<typeof EagerProgress>[0]> = later(
  () => import('./MyProgress').then((m) => m.MyProgress),
  <Panel id="progress-title" title="Your progress" loading="Loading..." />,
)

/** The dashboard's "Hours served elsewhere" (ask a supervisor by email, follow and withdraw), after the records. */
export const OutsideHours: ComponentType<object> = later(
  () => import('./OutsideHours').then((m) => m.OutsideHours),
  <Panel id="outside-title" title="Hours served elsewhere" loading="Loading your requests..." />,
)

/** The dashboard's last panel: export and delete the account's data. */
export const MyData: ComponentType<object> = later(
  () => import('./MyData').then((m) => m.MyData),
  <Panel id="data-title" title="Your data" loading="Loading..." />,
)
