// /organize at a glance (issue 26): the dates of a series make one card that shows its next few dates
// and keeps the rest behind "All dates", so no page grows with the length of a series.
import type { OrganizeEvent } from '../api/organize'

/** How many upcoming dates a series shows before "All dates". */
export const SHOWN_DATES = 3

/** One card of the list: a one-off event, or the dates of a series in the list's order. */
export type EventCard =
  | { kind: 'event'; event: OrganizeEvent }
  | { kind: 'series'; series: string; first: OrganizeEvent; dates: OrganizeEvent[]; shown: OrganizeEvent[]; rest: OrganizeEvent[] }

/** The events as cards: a series' dates join the card of its first date in the list; `shown` of them stay visible. */
export function eventCards(events: readonly OrganizeEvent[], shown: number): EventCard[] {
  const cards: EventCard[] = []
  const bySeries = new Map<string, OrganizeEvent[]>()
  for (const event of events) {
    if (!event.series) {
      cards.push({ kind: 'event', event })
      continue
    }
    const dates = bySeries.get(event.series)
    if (dates) {
      dates.push(event)
      continue
    }
    const fresh = [event]
    bySeries.set(event.series, fresh)
    cards.push({ kind: 'series', series: event.series, first: event, dates: fresh, shown: [], rest: [] })
  }
  return cards.map((card) =>
    card.kind === 'series' ? { ...card, shown: card.dates.slice(0, shown), rest: card.dates.slice(shown) } : card,
  )
}
