import { loadEvents } from '../../../src/content/load'
import { isFirstBatch } from '../../../src/content/prerenderBatch'

// The URLs of the parameterized route (Vike's documented way to prerender them): every event's page
// and every series' overview page.
export function onBeforePrerenderStart(): string[] {
  if (!isFirstBatch()) return []
  const { events, series } = loadEvents()
  return [...events.map((event) => event.path), ...series.map((s) => s.path)]
}
