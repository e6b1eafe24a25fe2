import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadOrganization } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? ''
  const org = loadOrganization(slug)
  if (!org) throw render(404)
  return {
    ...shell(org.link, { title: org.name, description: `${org.tagline} ${org.description}`.slice(0, 300), image: org.logo.src }),
    org,
  }
}
export type Data = ReturnType<typeof data>
