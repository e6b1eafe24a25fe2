import { useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import { CheckinView } from '../../../../components/CheckinView'
import { OrganizerPage } from '../../../../components/OrganizerPage'
import { queryParam } from '../../../../src/lib/query'
import type { Data } from './+data'

/** /organize/checkin?slot=<id>: check people in on a phone at the event. */
export default function Page() {
  const { meta } = useData<Data>()
  // The slot is in the query string, read after hydration (the page is prerendered without it).
  const [slot, setSlot] = useState<string | null | undefined>(undefined)
  useEffect(() => setSlot(queryParam('slot')), [])
  return (
    <OrganizerPage title={meta.title} className="checkin">
      {() =>
        slot === undefined ? (
          <p role="status">Loading...</p>
        ) : slot ? (
          <CheckinView slotId={slot} />
        ) : (
          <p className="error" role="alert">
            This page needs a time slot. Open check-in from a slot on the <a href="/organize">Organize</a> page.
          </p>
        )
      }
    </OrganizerPage>
  )
}
