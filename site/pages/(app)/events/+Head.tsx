import { usePageContext } from 'vike-react/usePageContext'
import { eventJsonLd, seriesJsonLd } from '../../../src/events/schema'
import { pageRecord } from '../../../src/events/pageRecord'
import type { Data } from './+data'

// schema.org structured data (Google's event rich results), rendered on the server only: an Event on an
// event's page, an EventSeries with its dates on a series' page. Past or not is decided with the build's
// clock (the site is rebuilt nightly). `<` is escaped so no text of the content can end the script element.
export default function Head() {
  const pageContext = usePageContext()
  const data = pageContext.data as Data
  const record = pageRecord(pageContext.urlPathname, pageContext.locale)
  if (!record) return null
  const { site, meta } = data
  const context = { now: data.builtAt, image: meta.image ? new URL(meta.image.src, site.url).href : undefined }
  const jsonLd = 'event' in record
    ? eventJsonLd(record.event, new URL(record.event.path, site.url).href, site.url, context)
    : seriesJsonLd(record.series, new URL(record.series.path, site.url).href, site.url, context)
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
}
