// The home page's button: the soonest upcoming event, or the featured one when it is not much later. Decided
// with the build's clock in the HTML, then again in the browser (src/nav.js) with the visitor's.
import { hasEnded } from './schedule'

/** One date the button may name: its end (ISO; null for the fallback link, which never ends), its page, its
 * words, and whether it is of the featured event or series. */
export type ButtonChoice = [end: string | null, href: string, label: string, featured: boolean]

// The browser re-decides among this many dates of other events (and as many of the featured one's): weeks of
// this site's events, should a nightly rebuild be missed.
export const MAX_CHOICES = 12

// The featured event wins over the soonest one when its next date ends at most this much later.
export const FEATURED_WINDOW_DAYS = 14
const FEATURED_WINDOW_MS = FEATURED_WINDOW_DAYS * 24 * 60 * 60 * 1000

type Choosable = { slug: string; series?: string | null; path: string; title: string; end: string }

/** The dates the button may name at `now`, by start (events.json's order): the featured event's or series'
 * first MAX_CHOICES, the others' first MAX_CHOICES and on until one outlasts the featured's last (so the
 * browser runs out of events no sooner than the build did), then `fallback`, for when none is left. */
export function buttonChoices(
  events: readonly Choosable[],
  featured: string | null | undefined,
  fallback: { label: string; href: string },
  now: number,
): ButtonChoice[] {
  const upcoming = events.filter((e) => !hasEnded(e.end, now))
  const isFeatured = (e: Choosable) => !!featured && (e.slug === featured || e.series === featured)
  const featuredDates = upcoming.filter(isFeatured).slice(0, MAX_CHOICES)
  const lastFeatured = featuredDates.length ? Date.parse(featuredDates[featuredDates.length - 1]!.end) : -Infinity
  let others = 0
  let outlasted = false
  const chosen = upcoming.filter((e) => {
    if (isFeatured(e)) return featuredDates.includes(e)
    if (others >= MAX_CHOICES && outlasted) return false
    others += 1
    outlasted ||= Date.parse(e.end) > lastFeatured
    return true
  })
  return [
    ...chosen.map((e): ButtonChoice => [e.end, e.path, `RSVP for ${e.title}`, isFeatured(e)]),
    [null, fallback.href, fallback.label, false],
  ]
}

/** The choice at `now`: of the dates not ended, the featured one's next when it ends at most
 * FEATURED_WINDOW_DAYS after the soonest, else the soonest (a series counts by its next date); the fallback
 * when none is left. */
export function pickChoice(choices: readonly ButtonChoice[], now: number): ButtonChoice | undefined {
  // The fallback never ends and comes last: `first` is it only when no date is left, and no date is featured.
  const left = choices.filter(([end]) => !end || !hasEnded(end, now))
  const [first] = left
  const featured = left.find((c) => c[3])
  return featured && Date.parse(featured[0]!) - Date.parse(first![0]!) <= FEATURED_WINDOW_MS ? featured : first
}
