import { indexPagePath } from '../../../components/Pagination'
import { loadCivicIndex } from '../../../src/content/load'
import { isFirstBatch } from '../../../src/content/prerenderBatch'

// Every page of the civic index, from the generator's civic-index.json (the same pages as its routes.json).
export function onBeforePrerenderStart(): string[] {
  if (!isFirstBatch()) return []
  const { pages } = loadCivicIndex()
  return Array.from({ length: pages }, (_, i) => indexPagePath(i + 1))
}
