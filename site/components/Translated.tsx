import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { usePageContext } from 'vike-react/usePageContext'
import { DEFAULT_LOCALE } from '../src/i18n/locales'
import { i18nFor } from '../src/i18n/server'

/**
 * Lingui for the HTML-only pages' own words (their +Layout): rendered on the server only, so their browsers load
 * neither Lingui nor a catalog. An interactive page that marks its words will need the runtime in the browser.
 */
export function Translated({ children }: { children: ReactNode }) {
  const { locale = DEFAULT_LOCALE } = usePageContext()
  return <I18nProvider i18n={i18nFor(locale)}>{children}</I18nProvider>
}
