// The dashboard's way into the organizer tools, for organizers and admins (reading the roles also sets
// the nav's Organize link, see src/organize/organizerFlag.ts).
import { isOrganizer } from '../src/api/roles'
import { useRoles } from '../src/organize/roles'

export function OrganizerCard() {
  const { roles } = useRoles()
  if (!roles || !isOrganizer(roles)) return null
  const names = roles.organizations.map((o) => o.name).join(', ')
  return (
    <section className="section card" aria-labelledby="organizer-title">
      <h2 id="organizer-title">Organizer tools</h2>
      <p>{roles.admin ? 'You are a CivicSTL admin.' : `You organize events for ${names}.`} See rosters, message attendees and check people in.</p>
      <a className="btn" href="/organize">
        Open Organize
      </a>
    </section>
  )
}
