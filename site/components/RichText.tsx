/**
 * A description as the generator rendered it from Markdown (markdown-it-py with raw HTML disabled, its
 * links checked at build time): the only HTML the site inserts as is, never text typed by visitors.
 * `lang` says "en" where the page is in another language and the description was not translated.
 */
export function RichText({ html, lang }: { html: string; lang?: 'en' }) {
  return <div className="rich-text" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}
