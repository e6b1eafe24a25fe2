// When events happen relative to now, and how the Event Feed groups them (slot ids come with events.json).
import { monthLabel } from './calendar'

/** How many later dates of a series a feed card links (the page's and the enhancement's). */
export const MORE_DATES = 4

/** Whether an event (or slot) has ended at `now` (ms since epoch), from its ISO `end`. */
export function hasEnded(end: string, now: number): boolean {
  const t = Date.parse(end)
  return Number.isFinite(t) && t <= now
}

/** Splits events into upcoming (in content order) and past (most recent first) at `now`. */
export function partitionEvents<E extends { end: string }>(events: readonly E[], now: number): { upcoming: E[]; past: E[] } {
  const upcoming = events.filter((e) => !hasEnded(e.end, now))
  const past = events.filter((e) => hasEnded(e.end, now)).reverse()
  return { upcoming, past }
}

/** The months (YYYY-MM, with their names) that hold upcoming events, in order: the feed's month filter. */
export function upcomingMonths(upcoming: readonly { date: string }[]): { value: string; label: string }[] {
  return [...new Set(upcoming.map((e) => e.date.slice(0, 7)))].sort().map((value) => ({ value, label: monthLabel(value) }))
}

/** One card per series (or single event): its first event in the given order, then the series' later ones. */
export function groupBySeries<E extends { slug: string; series?: string | null }>(events: readonly E[]): { first: E; more: E[] }[] {
  const groups = new Map<string, { first: E; more: E[] }>()
  for (const event of events) {
    const key = event.series ?? event.slug
    const group = groups.get(key)
    if (group) group.more.push(event)
    else groups.set(key, { first: event, more: [] })
  }
  return [...groups.values()]
}

/** The slot ids whose spots left are worth asking for: those with a capacity (account and guest events alike). */
export function limitedIds(events: readonly { slots: readonly { id: string; capacity: number | null }[] }[]): string[] {
  return events.flatMap((e) => e.slots.filter((s) => s.capacity !== null).map((s) => s.id))
}
