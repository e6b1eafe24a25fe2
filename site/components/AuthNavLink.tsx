import { useAuth } from '../src/auth/useAuth'
import { localizePath, type Locale } from '../src/i18n/locales'
import type { ShellText } from '../src/i18n/server'

type AccountNav = ShellText['account_nav']

/** HTML-only pages: "Log in" by default; the inline nav script swaps it for Dashboard when signed in. */
export function StaticAuthNavLink({ accountNav, locale }: { accountNav: AccountNav; locale: Locale }) {
  const { signed_in: inLink, signed_out: outLink } = accountNav
  return (
    <a href={localizePath(outLink.href, locale)} lang={outLink.lang} data-auth-static="" data-in-href={localizePath(inLink.href, locale)} data-in-label={inLink.label}
      data-in-lang={inLink.lang}>
      {outLink.label}
    </a>
  )
}

/** Interactive pages: decided by the auth client, "Loading..." while it decides. */
export function AuthNavLink({ accountNav, currentPath, locale, loadingLabel }: {
  accountNav: AccountNav
  currentPath: string
  locale: Locale
  loadingLabel: string
}) {
  const { loading, isAuthenticated } = useAuth()
  if (loading) return <span className="nav-loading">{loadingLabel}</span>
  const link = isAuthenticated ? accountNav.signed_in : accountNav.signed_out
  return (
    <a href={localizePath(link.href, locale)} lang={link.lang} aria-current={link.href === currentPath ? 'page' : undefined}>{link.label}</a>
  )
}
