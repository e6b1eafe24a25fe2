/**
 * A description as the generator rendered it from Markdown (markdown-it-py with raw HTML disabled, its
 * links checked at build time): the only HTML the site inserts as is, never text typed by visitors.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
}
