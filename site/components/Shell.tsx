import type { ReactNode } from 'react'
import type { ShellData } from '../src/content/pageData'
import { AuthNavLink, StaticAuthNavLink } from './AuthNavLink'
import { OrganizeNavItem } from './OrganizeNavItem'

export function Shell({ data, contentPage, currentPath, children }: {
  data: ShellData
  contentPage: boolean
  currentPath: string
  children: ReactNode
}) {
  const { site } = data
  return (
    <>
      <a className="skip-link" href="#main">Skip to main content</a>
      <header className="site-header">
        <div className="container header-inner">
          <a className="brand" href="/">{site.name}</a>
          <nav className="site-nav" aria-label="Main">
            <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="site-menu">
              Menu
            </button>
            <ul id="site-menu" className="nav-list">
              {site.nav.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.href === currentPath ? 'page' : undefined}>{link.label}</a>
                </li>
              ))}
              <OrganizeNavItem contentPage={contentPage} currentPath={currentPath} />
              <li>
                {contentPage ? (
                  <StaticAuthNavLink accountNav={site.account_nav} />
                ) : (
                  <AuthNavLink accountNav={site.account_nav} currentPath={currentPath} />
                )}
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>{site.footer.copyright}</p>
          <p>{site.footer.tagline}</p>
        </div>
      </footer>
    </>
  )
}
