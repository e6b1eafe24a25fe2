import type { ReactNode } from 'react'
import type { ShellData } from '../src/content/pageData'
import { localizePath, type Locale } from '../src/i18n/locales'
import type { Language, ShellText } from '../src/i18n/server'
import { AuthNavLink, StaticAuthNavLink } from './AuthNavLink'
import { LanguageNotes, LanguageSwitcher } from './LanguageSwitcher'
import { OrganizeNavItem } from './OrganizeNavItem'

export function Shell({ data, contentPage, currentPath, locale, text, languages, children }: {
  data: ShellData
  contentPage: boolean
  /** The page's path without its language. */
  currentPath: string
  locale: Locale
  /** Its words (its own and site.yaml's), in the page's language. */
  text: ShellText
  languages: Language[]
  children: ReactNode
}) {
  const { site } = data
  // The nav's links stay in the page's language.
  const href = (path: string) => localizePath(path, locale)
  return (
    <>
      <a className="skip-link" href="#main">{text.skip}</a>
      <header className="site-header">
        <div className="container header-inner">
          <a className="brand" href={href('/')}>{site.name}</a>
          <nav className="site-nav" aria-label={text.main}>
            <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="site-menu">
              {text.menu}
            </button>
            <ul id="site-menu" className="nav-list">
              {text.nav.map((link) => (
                <li key={link.href}>
                  <a href={href(link.href)} lang={link.lang} aria-current={link.href === currentPath ? 'page' : undefined}>{link.label}</a>
                </li>
              ))}
              <OrganizeNavItem contentPage={contentPage} currentPath={currentPath} locale={locale} label={text.organize} />
              <li>
                {contentPage ? (
                  <StaticAuthNavLink accountNav={text.account_nav} locale={locale} />
                ) : (
                  <AuthNavLink accountNav={text.account_nav} currentPath={currentPath} locale={locale} loadingLabel={text.loading} />
                )}
              </li>
            </ul>
          </nav>
          <LanguageSwitcher languages={languages} locale={locale} label={text.language} />
        </div>
        <LanguageNotes languages={languages} locale={locale} />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p lang={text.footer.copyright.lang}>{text.footer.copyright.text}</p>
          <p lang={text.footer.tagline.lang}>{text.footer.tagline.text}</p>
        </div>
      </footer>
    </>
  )
}
