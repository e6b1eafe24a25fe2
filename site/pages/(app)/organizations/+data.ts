import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { indexPagePath } from '../../../components/Pagination'
import { loadCivicIndex, loadOrganizationIndex } from '../../../src/content/load'
import { appShell, shell } from '../../../src/content/pageData'

// One page of cards in the HTML, whatever the number of organizations; search and the cause filter fetch the
// generator's search chunks (`search`) when the visitor first uses them.
export function data(pageContext: PageContextServer) {
  const { total, page_size, pages, causes, search } = loadCivicIndex()
  const page = Number(pageContext.routeParams.page ?? '1')
  if (!Number.isInteger(page) || page < 1 || page > pages) throw render(404)
  const first = appShell('/organizations')
  const base =
    page === 1 ? first : shell(indexPagePath(page), { ...first.meta, title: `${first.meta.title}, page ${page} of ${pages}` })
  const start = (page - 1) * page_size
  const cards = loadOrganizationIndex()
    .slice(start, start + page_size)
    .map(({ id, name, link, logo }) => ({ id, name, link, logo }))
  return { ...base, heading: first.meta.title, cards, page, pages, total, causes, search }
}
export type Data = ReturnType<typeof data>
