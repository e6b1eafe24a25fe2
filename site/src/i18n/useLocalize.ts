// The page's language for its links: components call the hook and pass every href through the result.
import { usePageContext } from 'vike-react/usePageContext'
import { DEFAULT_LOCALE, localizePath } from './locales'

/** A function that puts a site href in the page's language (English unchanged), by localizePath. */
export function useLocalize(): (href: string) => string {
  const locale = usePageContext().locale ?? DEFAULT_LOCALE
  return (href) => localizePath(href, locale)
}
