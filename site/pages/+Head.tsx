// Server-only <head> additions: inline CSS, canonical URL and Open Graph tags from the content.
import { usePageContext } from 'vike-react/usePageContext'
import { createHash } from 'node:crypto'
import css from '../src/styles.css?raw'
import navJs from '../src/nav.js?raw'
import { documentTitle } from '../src/content/meta'
import type { ShellData } from '../src/content/pageData'

// /nav.js (written by scripts/postbuild.mjs, served in dev by vite.config.ts); the query busts caches.
const NAV_SRC = `/nav.js?v=${createHash('sha256').update(navJs).digest('hex').slice(0, 10)}`

export default function Head() {
  const pageContext = usePageContext()
  const data = pageContext.data as ShellData | undefined
  const site = data?.site
  const meta = data?.meta
  // The error page has no URL of its own.
  const canonical = site && meta && !pageContext.is404 && !pageContext.abortStatusCode ? new URL(meta.path, site.url).href : undefined
  return (
    <>
      <meta name="theme-color" content="#1d4e89" />
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      <meta property="og:type" content="website" />
      {site ? <meta property="og:site_name" content={site.name} /> : null}
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      {meta?.image && site ? <meta property="og:image" content={new URL(meta.image, site.url).href} /> : null}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={documentTitle(data)} />
      {meta ? <meta name="twitter:description" content={meta.description} /> : null}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <script src={NAV_SRC} defer />
    </>
  )
}
