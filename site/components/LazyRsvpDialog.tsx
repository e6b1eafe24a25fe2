// The popup's RSVP form, loaded when it first opens: it is not in the page's first load (the Event Feed and
// the event pages are within a few hundred bytes of their 110 KB budget, scripts/check-budget.mjs).
import { Suspense, lazy } from 'react'
import type { RsvpDialog as Eager } from './RsvpDialog'

const Dialog = lazy(() => import('./RsvpDialog').then((m) => ({ default: m.RsvpDialog })))

/** RsvpDialog, once its module has loaded (nothing shows until then). */
export function RsvpDialog(props: Parameters<typeof Eager>[0]) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  )
}
