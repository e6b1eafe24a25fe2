// The Event Feed's enhancement (pages/(app)/features/+client.ts): upcoming or past with the browser's
// clock (every minute), the filters applied on change with the URL's query kept (replaceState), the
// series' later dates, spots left of what is shown, the past events' RSVP counts, the popup, and the slots.
import { rsvpStats } from '../api/rsvp'
import { getAuthClient } from '../auth/instance'
import { monthLabel } from '../events/calendar'
import { MORE_DATES, hasEnded } from '../events/schedule'
import { arrange, make, present } from './dom'
import { enhancePopup } from './popup'
import { enhanceSlots } from './slots'

declare global {
  interface Window {
    openRSVPForm?: () => void
  }
}

/** The filter of the URL's query (?org=<host slug>&month=YYYY-MM&family=yes&wheelchair=yes), so a filtered
 * feed can be shared. */
export type Filter = { org: string; month: string; family: string; wheelchair: string }
const KEYS = ['org', 'month', 'family', 'wheelchair'] as const
const NO_FILTER: Filter = { org: '', month: '', family: '', wheelchair: '' }

/** The filter the query string `search` asks for. */
export function readFilter(search: string): Filter {
  const params = new URLSearchParams(search)
  return { org: params.get('org') ?? '', month: params.get('month') ?? '', family: params.get('family') ?? '', wheelchair: params.get('wheelchair') ?? '' }
}

type More = [string, string, string, string]
const moreOf = (card: HTMLElement): More[] => JSON.parse(card.querySelector('[data-more]')?.getAttribute('data-more') ?? '[]') as More[]

/** Whether a card (an event, with its series' later dates `later`) is one the filter lets through. */
export function matches(card: HTMLElement, later: readonly More[], f: Filter): boolean {
  const d = card.dataset
  return (!f.org || d.host === f.org)
    && (!f.month || d.date!.startsWith(f.month) || later.some(([date]) => date.startsWith(f.month)))
    && (f.family !== 'yes' || d.family === 'yes')
    && (f.wheelchair !== 'yes' || d.wheelchair === 'yes')
}

/** The "More dates:" paragraph of a series' card: its first later dates linked, and how many more. */
function paintMore(p: HTMLElement, later: readonly More[]): void {
  p.hidden = later.length === 0
  p.replaceChildren('More dates: ')
  later.slice(0, MORE_DATES).forEach(([, , path, text], i) => {
    const span = make('span')
    if (i > 0) span.append(', ')
    span.append(make('a', { href: path }, text))
    p.append(span)
  })
  if (later.length > MORE_DATES) p.append(` and ${later.length - MORE_DATES} more`)
}

export function enhanceFeed(doc: Document): void {
  const main = doc.querySelector('main')!
  const section = (title: string) => main.querySelector<HTMLElement>(`section[aria-labelledby="${title}"]`)!
  const upcomingSection = section('upcoming-title')
  const pastSection = section('past-title')
  main.querySelectorAll('[data-empty]').forEach((p) => p.remove())
  const cards = [...main.querySelectorAll<HTMLElement>('article.event-card[data-end]')]
  const form = main.querySelector<HTMLFormElement>('form.filters')!
  const client = getAuthClient()

  const popupDetails = main.querySelector<HTMLElement>('[data-popup]')
  const popup = popupDetails ? enhancePopup(popupDetails, () => popup?.loadSpots()) : null
  if (popup) window.openRSVPForm = popup.open
  const slots = enhanceSlots(main)

  // The filters apply as they change: the submit button is for pages without JavaScript.
  form.querySelector<HTMLElement>('[data-apply]')!.hidden = true
  form.addEventListener('submit', (e) => e.preventDefault())
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement
  let filter = readFilter(window.location.search)
  const change = (next: Filter) => {
    filter = next
    const params = new URLSearchParams(window.location.search)
    for (const key of KEYS) {
      if (next[key]) params.set(key, next[key])
      else params.delete(key)
    }
    const query = params.toString()
    window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''))
    render()
  }
  form.addEventListener('change', () => {
    const box = (name: string) => ((control(name) as HTMLInputElement).checked ? 'yes' : '')
    change({ org: control('org').value, month: control('month').value, family: box('family'), wheelchair: box('wheelchair') })
  })
  const clearButton = (label: string) => {
    const b = make('button', { type: 'button', className: 'btn btn-secondary' }, label)
    b.addEventListener('click', () => change(NO_FILTER))
    return b
  }
  const showAll = clearButton('Show all events')
  const noMatch = make('p', { className: 'empty-filter' }, 'No upcoming events match these filters. ')
  noMatch.append(clearButton('Clear the filters'))
  const noUpcoming = make('p', {}, 'No upcoming events right now. Check back soon!')
  const noPast = make('p', {}, 'No past events yet.')

  // Each card's parts, found once (those not applying are taken out of the page).
  const parts = new Map(cards.map((c) => [c, {
    upcoming: c.querySelector<HTMLElement>('[data-part="upcoming"]')!,
    past: c.querySelector<HTMLElement>('[data-part="past"]')!,
    slots: [...c.querySelectorAll<HTMLElement>('li.slot[data-end]')],
    more: c.querySelector<HTMLElement>('[data-more]'),
  }]))
  const askedSpots = new Set<string>()
  const askedTotals = new Set<string>()
  const render = () => {
    const now = Date.now()
    const start = (c: HTMLElement) => Date.parse(c.dataset.start!)
    const ended = (c: HTMLElement) => hasEnded(c.dataset.end!, now)
    const later = new Map(cards.map((c) => [c, moreOf(c).filter(([, end]) => !hasEnded(end, now))]))
    const upcoming = cards.filter((c) => !ended(c)).sort((a, b) => start(a) - start(b))
    const past = cards.filter(ended).sort((a, b) => start(b) - start(a))
    const open: string[] = []
    for (const c of cards) {
      const done = ended(c)
      const { upcoming: next, past: finished, slots: items, more } = parts.get(c)!
      present(next, !done)
      present(finished, done)
      for (const li of items) {
        const gone = hasEnded(li.dataset.end!, now)
        present(li, !gone)
        if (!done && !gone) open.push(li.dataset.eventId!)
      }
      if (more) paintMore(more, later.get(c)!)
    }
    slots.setOpen(open)
    // The month filter offers only months that hold upcoming events (past events stay listed below).
    const months = [...new Set(upcoming.flatMap((c) => [c.dataset.date!, ...later.get(c)!.map(([date]) => date)]).map((d) => d.slice(0, 7)))].sort()
    const month = control('month') as HTMLSelectElement
    if ([...month.options].slice(1).map((o) => o.value).join() !== months.join()) {
      month.replaceChildren(make('option', { value: '' }, 'All months'), ...months.map((m) => make('option', { value: m }, monthLabel(m))))
    }
    month.value = filter.month
    control('org').value = filter.org
    ;(control('family') as HTMLInputElement).checked = filter.family === 'yes'
    ;(control('wheelchair') as HTMLInputElement).checked = filter.wheelchair === 'yes'
    const filtered = KEYS.some((k) => filter[k] !== '')
    if (!filtered) showAll.remove()
    else if (!showAll.isConnected) form.querySelector('[data-apply]')!.before(showAll)

    const shownUpcoming = upcoming.filter((c) => matches(c, later.get(c)!, filter))
    const shownPast = past.filter((c) => matches(c, [], filter))
    // Cards not shown are taken out of the page, not hidden: what is on the page is what matches.
    arrange(upcomingSection.querySelector('h2')!, shownUpcoming.length ? shownUpcoming : [filtered ? noMatch : noUpcoming])
    arrange(pastSection.querySelector('h2')!, shownPast.length ? shownPast : [noPast])

    // Spots left only for what is shown; each asked once (an RSVP refreshes its own).
    const spots = shownUpcoming.flatMap((c) => [...c.querySelectorAll<HTMLElement>('li.slot[data-capacity]')].map((li) => li.dataset.eventId!))
    slots.loadSpots(spots.filter((id) => !askedSpots.has(id)))
    spots.forEach((id) => askedSpots.add(id))
    if (popup && !askedSpots.has(popup.slotId) && shownUpcoming.some((c) => c.contains(main.querySelector('[aria-haspopup="dialog"]')))) {
      askedSpots.add(popup.slotId)
      popup?.loadSpots()
    }
    for (const c of shownPast) {
      const total = c.querySelector<HTMLElement>('[data-total]')
      const slug = total?.dataset.total
      if (!total || !slug || askedTotals.has(slug)) continue
      askedTotals.add(slug)
      void rsvpStats(client.api, slug).then((r) => {
        if (r.ok) total.textContent = String(r.data.count)
        else console.warn('Failed to fetch RSVP count', r.message)
      })
    }
  }
  render()
  window.setInterval(render, 60_000)
  void slots.start()
}
