/**
 * The RSVP id of an event slot (the spec's rule, as the generator applies it): the event slug, a dash,
 * then the time label lowercased with every colon and every run of whitespace turned into a dash.
 * "1:00-1:50 PM" -> "1-00-1-50-pm"; "1:00PM-3:00PM" -> "1-00pm-3-00pm".
 */
export function rsvpId(eventSlug: string, timeLabel: string): string {
  return `${eventSlug}-${timeLabel.trim().toLowerCase().replace(/[:\s]+/g, '-')}`
}

/** The first name is the first word of the user's name; the last name is the rest (may be empty). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') }
}

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
