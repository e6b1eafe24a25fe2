import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { usePageContext } from 'vike-react/usePageContext'

/**
 * Lingui for the HTML-only pages' own words (their +Layout): rendered on the server only, with the page's
 * language's instance (pages/+onBeforeRender.ts), so their browsers load neither Lingui nor a catalog. An
 * interactive page that marks its words will need the runtime in the browser.
 */
export function Translated({ children }: { children: ReactNode }) {
  const { i18n } = usePageContext()
  if (!i18n) throw new Error('components/Translated.tsx renders on the server only, after pages/+onBeforeRender.ts.')
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}
