import { loadRoutes } from '../../../src/content/load'
import { batchOf } from '../../../src/content/prerenderBatch'

// The profiles' URLs (routes.json), this prerender run's share of them (see src/content/prerenderBatch.ts).
export function onBeforePrerenderStart(): string[] {
  return batchOf(loadRoutes().filter((r) => r.kind === 'profile').map((r) => r.path))
}
