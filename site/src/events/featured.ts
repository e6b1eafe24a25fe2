// The home page's button: the featured event's next date, else the next upcoming event. Decided with the
// build's clock in the HTML, then again in the browser (src/nav.js) with the visitor's.
import { hasEnded } from './schedule'

/** One event the button may name: its end (ISO; null for the fallback link, which never ends), its page, its words. */
export type ButtonChoice = [end: string | null, href: string, label: string]

// The browser re-decides among this many events: weeks of this site's events, should a nightly rebuild be missed.
export const MAX_CHOICES = 12

type Choosable = { slug: string; series?: string | null; path: string; title: string; end: string }

/** The button's choices at `now`, best first: the featured event's (or series') dates that have not ended, then
 * the other upcoming events by start (events.json's order), then `fallback`, for when none is left. */
export function buttonChoices(
  events: readonly Choosable[],
  featured: string | null | undefined,
  fallback: { label: string; href: string },
  now: number,
): ButtonChoice[] {
  const upcoming = events.filter((e) => !hasEnded(e.end, now))
  const isFeatured = (e: Choosable) => !!featured && (e.slug === featured || e.series === featured)
  const ordered = [...upcoming.filter(isFeatured), ...upcoming.filter((e) => !isFeatured(e))]
  return [
    ...ordered.slice(0, MAX_CHOICES).map((e): ButtonChoice => [e.end, e.path, `RSVP for ${e.title}`]),
    [null, fallback.href, fallback.label],
  ]
}

/** The first choice that has not ended at `now` (the fallback, at worst). */
export function pickChoice(choices: readonly ButtonChoice[], now: number): ButtonChoice | undefined {
  return choices.find(([end]) => end === null || !hasEnded(end, now))
}
