// Server-only <head> additions: inline CSS, canonical URL, Open Graph tags from the content, the icons and the
// manifest (generator/well_known.py writes them), the page's Atom feed, and noindex on app pages.
import { usePageContext } from 'vike-react/usePageContext'
import css from '../src/styles.css?raw'
import { documentTitle } from '../src/content/meta'
import { alternates, DEFAULT_LOCALE, localizePath, OG_LOCALES } from '../src/i18n/locales'
import type { ShellData } from '../src/content/pageData'
import type { ShareImage } from '../src/content/types'

/** The picture a shared link shows (share.json): the page's photo, or the card the generator drew for it. */
function ShareImageTags({ image, url }: { image: ShareImage; url: string }) {
  return (
    <>
      <meta property="og:image" content={url} />
      <meta property="og:image:type" content={image.type} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:image" content={url} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  )
}

export default function Head() {
  const pageContext = usePageContext()
  const data = pageContext.data as ShellData | undefined
  const site = data?.site
  const meta = data?.meta
  // The error page has no URL of its own.
  const image = meta?.image
  const locale = pageContext.locale ?? DEFAULT_LOCALE
  const listed = site && meta && !pageContext.is404 && !pageContext.abortStatusCode
  // Each language's page is its own canonical; hreflang names the others, English the default (x-default).
  const canonical = listed ? new URL(localizePath(meta.path, locale), site.url).href : undefined
  const others = listed ? alternates(meta.path).map((a) => ({ ...a, href: new URL(a.href, site.url).href })) : []
  const feed = meta?.feed
  return (
    <>
      {/* Pages of one person's account or of a link from an email: nothing a search should list. */}
      {pageContext.config.noindex ? <meta name="robots" content="noindex" /> : null}
      <meta name="theme-color" content="#1d4e89" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {others.map((a) => <link key={a.locale} rel="alternate" hrefLang={a.locale} href={a.href} />)}
      {others.length ? <link rel="alternate" hrefLang="x-default" href={others.find((a) => a.locale === DEFAULT_LOCALE)!.href} /> : null}
      {feed && site ? <link rel="alternate" type="application/atom+xml" title={feed.title} href={new URL(feed.href, site.url).href} /> : null}
      <meta property="og:type" content="website" />
      {site ? <meta property="og:site_name" content={site.name} /> : null}
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {others.filter((a) => a.locale !== locale).map((a) => <meta key={a.locale} property="og:locale:alternate" content={OG_LOCALES[a.locale]} />)}
      {image && site ? <ShareImageTags image={image} url={new URL(image.src, site.url).href} /> : null}
      {/* With a picture, links unfurl as a large card; without one, as the small summary. */}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={documentTitle(data)} />
      {meta ? <meta name="twitter:description" content={meta.description} /> : null}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      {/* data-hydrates: the app starts on this page (tests/e2e wait for it), src/app-nav.js keeps what is done before. */}
      <script src={pageContext.config.navScript} defer data-hydrates={pageContext.config.contentPage === true ? undefined : ''} />
    </>
  )
}
