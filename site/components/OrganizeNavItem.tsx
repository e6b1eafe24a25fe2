import { useAuth } from '../src/auth/useAuth'
import { useOrganizerFlag } from '../src/organize/organizerFlag'

const HREF = '/organize'
const LABEL = 'Organize'

/**
 * The nav's Organize link, for organizers and admins only (localStorage isOrganizer, set when the roles are
 * read). HTML-only pages: prerendered hidden, shown by src/nav.js. Interactive pages: rendered by the app.
 */
export function OrganizeNavItem({ contentPage, currentPath }: { contentPage: boolean; currentPath: string }) {
  if (contentPage) {
    return (
      <li hidden data-organizer-nav="">
        <a href={HREF}>{LABEL}</a>
      </li>
    )
  }
  return <AppOrganizeNavItem currentPath={currentPath} />
}

function AppOrganizeNavItem({ currentPath }: { currentPath: string }) {
  const { isAuthenticated } = useAuth()
  const organizer = useOrganizerFlag()
  if (!isAuthenticated || !organizer) return null
  return (
    <li>
      <a href={HREF} aria-current={currentPath === HREF ? 'page' : undefined}>
        {LABEL}
      </a>
    </li>
  )
}
