import { indexPagePath } from '../../../components/Pagination'
import { loadCivicIndex } from '../../../src/content/load'
import { batchOf } from '../../../src/content/prerenderBatch'

// Every page of the civic index, from the generator's civic-index.json (the same pages as its routes.json),
// this prerender run's share of them (see src/content/prerenderBatch.ts).
export function onBeforePrerenderStart(): string[] {
  const { pages } = loadCivicIndex()
  return batchOf(Array.from({ length: pages }, (_, i) => indexPagePath(i + 1)))
}
