import { loadEvents } from '../../../src/content/load'
import { batchOf } from '../../../src/content/prerenderBatch'

// The URLs of the parameterized route (Vike's documented way to prerender them): every event's page
// and every series' overview page, this prerender run's share of them (see src/content/prerenderBatch.ts).
export function onBeforePrerenderStart(): string[] {
  const { events, series } = loadEvents()
  return batchOf([...events.map((event) => event.path), ...series.map((s) => s.path)])
}
