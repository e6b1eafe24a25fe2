import { useData } from 'vike-react/useData'
import { OrganizerPage } from '../../../../components/OrganizerPage'
import { RoleGrants } from '../../../../components/RoleGrants'
import type { Data } from './+data'

/** /organize/roles (admins): who organizes for which organization; grant and revoke. */
export default function Page() {
  const { meta, organizations } = useData<Data>()
  return (
    <OrganizerPage title={meta.title} adminOnly>
      {() => <RoleGrants organizations={organizations} />}
    </OrganizerPage>
  )
}
