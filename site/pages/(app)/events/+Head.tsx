import { useData } from 'vike-react/useData'
import { eventJsonLd } from '../../../src/events/schema'
import type { Data } from './+data'

// schema.org Event structured data (Google's event rich results), rendered on the server only.
// `<` is escaped so no text of the content can end the script element.
export default function Head() {
  const data = useData<Data>()
  if (data.kind !== 'event') return null
  const { event, site } = data
  const jsonLd = eventJsonLd(event, new URL(event.path, site.url).href, site.url)
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
}
