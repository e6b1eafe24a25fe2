import { usePageContext } from 'vike-react/usePageContext'
import { DEFAULT_LOCALE, localizeLinks } from '../src/i18n/locales'

/**
 * A description as the generator rendered it from Markdown (markdown-it-py with raw HTML disabled, its
 * links checked at build time): the only HTML the site inserts as is, never text typed by visitors.
 * Its internal links are put in the page's language here, the one place that inserts it.
 * `lang` says "en" where the page is in another language and the description was not translated.
 */
export function RichText({ html, lang }: { html: string; lang?: 'en' }) {
  const locale = usePageContext().locale ?? DEFAULT_LOCALE
  return <div className="rich-text" lang={lang} dangerouslySetInnerHTML={{ __html: localizeLinks(html, locale) }} />
}
