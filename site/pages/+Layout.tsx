import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Shell } from '../components/Shell'
import type { ShellData } from '../src/content/pageData'
import { DEFAULT_LOCALE } from '../src/i18n/locales'

export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const data = pageContext.data as ShellData
  return (
    <Shell data={data} contentPage={pageContext.config.contentPage === true} currentPath={pageContext.urlPathname}
      locale={pageContext.locale ?? DEFAULT_LOCALE} text={pageContext.shellText!} languages={pageContext.languages ?? []}>
      {children}
    </Shell>
  )
}
