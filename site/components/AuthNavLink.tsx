import type { ShellData } from '../src/content/pageData'
import { useAuth } from '../src/auth/useAuth'

type AccountNav = ShellData['site']['account_nav']

/** HTML-only pages: "Log in" by default; the inline nav script swaps it for Dashboard when signed in. */
export function StaticAuthNavLink({ accountNav }: { accountNav: AccountNav }) {
  const { signed_in: inLink, signed_out: outLink } = accountNav
  return (
    <a href={outLink.href} data-auth-static="" data-in-href={inLink.href} data-in-label={inLink.label}>
      {outLink.label}
    </a>
  )
}

/** Interactive pages: decided by the auth client, "Loading..." while it decides. */
export function AuthNavLink({ accountNav, currentPath }: { accountNav: AccountNav; currentPath: string }) {
  const { loading, isAuthenticated } = useAuth()
  if (loading) return <span className="nav-loading">Loading...</span>
  const link = isAuthenticated ? accountNav.signed_in : accountNav.signed_out
  return (
    <a href={link.href} aria-current={link.href === currentPath ? 'page' : undefined}>{link.label}</a>
  )
}
