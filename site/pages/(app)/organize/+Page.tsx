import { useData } from 'vike-react/useData'
import { BlockedAddresses } from '../../../components/BlockedAddresses'
import { OrganizeEvents } from '../../../components/OrganizeEvents'
import { OrganizerPage } from '../../../components/OrganizerPage'
import type { Data } from './+data'

/** /organize: the organizer's events and slots with counts; a slot's roster, CSV, message and check-in link; blocked addresses. */
export default function Page() {
  const { meta } = useData<Data>()
  return (
    <OrganizerPage title={meta.title} className="organize">
      {(roles) => (
        <>
          <p className="muted">
            {roles.admin ? 'As an admin you see every event.' : `You organize for ${roles.organizations.map((o) => o.name).join(', ')}.`}
            {roles.admin ? (
              <>
                {' '}
                <a href="/organize/roles">Manage organizer roles</a>
              </>
            ) : null}
          </p>
          <OrganizeEvents />
          {roles.organizations.map((o) => (
            <BlockedAddresses key={o.slug} organization={o} />
          ))}
        </>
      )}
    </OrganizerPage>
  )
}
