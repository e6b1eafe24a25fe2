import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadOrganization } from '../../../src/content/load'
import { metaDescription, shell } from '../../../src/content/pageData'
import { calendarLinks } from '../../../src/events/calendar'

export function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? ''
  const org = loadOrganization(slug, pageContext.locale)
  if (!org) throw render(404)
  const feed = { href: org.feed, title: `${org.name}: upcoming events` }
  const base = shell(org.link, { title: org.name, description: metaDescription(`${org.tagline} ${org.description_text}`), feed })
  // An HTML-only page: upcoming is decided with the build's clock (the site is rebuilt nightly).
  const now = Date.now()
  return {
    ...base,
    org,
    upcoming: org.events.filter((e) => Date.parse(e.end) > now).slice(0, 12),
    calendar: org.calendar ? calendarLinks(base.site.url, org.calendar) : null,
  }
}
export type Data = ReturnType<typeof data>
