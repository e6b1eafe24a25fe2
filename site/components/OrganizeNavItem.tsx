import { useAuth } from '../src/auth/useAuth'
import { localizePath, type Locale } from '../src/i18n/locales'
import { useOrganizerFlag } from '../src/organize/organizerFlag'

const HREF = '/organize'

/**
 * The nav's Organize link, for organizers and admins only (localStorage isOrganizer, set when the roles are
 * read). HTML-only pages: prerendered hidden, shown by src/nav.js. Interactive pages: rendered by the app.
 */
export function OrganizeNavItem({ contentPage, currentPath, locale, label }: {
  contentPage: boolean
  currentPath: string
  locale: Locale
  label: string
}) {
  if (contentPage) {
    return (
      <li hidden data-organizer-nav="">
        <a href={localizePath(HREF, locale)}>{label}</a>
      </li>
    )
  }
  return <AppOrganizeNavItem currentPath={currentPath} locale={locale} label={label} />
}

function AppOrganizeNavItem({ currentPath, locale, label }: { currentPath: string; locale: Locale; label: string }) {
  const { isAuthenticated } = useAuth()
  const organizer = useOrganizerFlag()
  if (!isAuthenticated || !organizer) return null
  return (
    <li>
      <a href={localizePath(HREF, locale)} aria-current={currentPath === HREF ? 'page' : undefined}>
        {label}
      </a>
    </li>
  )
}
