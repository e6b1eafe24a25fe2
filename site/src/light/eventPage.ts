// An event or series page's enhancement (pages/(app)/events/+client.ts): upcoming or past with the
// browser's clock, spots left, the slots' RSVP (src/light/slots.ts) and the guest event's popup.
import { rsvpStats, spotsText } from '../api/rsvp'
import { getAuthClient } from '../auth/instance'
import { hasEnded } from '../events/schedule'
import { arrange, make, present } from './dom'
import { enhancePopup } from './popup'
import { enhanceSlots } from './slots'

// The next dates of a series whose spots left are asked for (one request each), and that an event links.
const SPOTS_DATES = 6
const OTHER_DATES = 6

/** A series' page: its dates under Upcoming or Past by the browser's clock, the next ones with spots left. */
function enhanceSeries(main: HTMLElement, upcomingList: HTMLElement): void {
  const now = Date.now()
  const pastList = main.querySelector<HTMLElement>('[data-dates="past"]')!
  const dates = [...main.querySelectorAll<HTMLElement>('li[data-end]')]
  const upcoming = dates.filter((li) => !hasEnded(li.dataset.end!, now))
  const past = dates.filter((li) => hasEnded(li.dataset.end!, now))
  const first = make('li')
  upcomingList.prepend(first)
  arrange(first, upcoming)
  first.remove()
  const firstPast = make('li')
  pastList.prepend(firstPast)
  arrange(firstPast, past)
  firstPast.remove()
  pastList.closest('section')!.hidden = past.length === 0
  const empty = upcomingList.parentElement!.querySelector('[data-empty]')
  if (upcoming.length > 0) empty?.remove()
  else if (!empty) upcomingList.before(make('p', { 'data-empty': '' }, 'No upcoming dates right now. Check back soon!'))
  const client = getAuthClient()
  for (const li of upcoming.filter((d) => d.hasAttribute('data-limited')).slice(0, SPOTS_DATES)) {
    void rsvpStats(client.api, li.dataset.slug!).then((r) => {
      const text = r.ok ? spotsText(r.data) : null
      if (!r.ok) console.warn('Failed to fetch spots left', r.message)
      if (text) li.append(' · ', make('span', { className: 'spots' }, text))
    })
  }
}

export function enhanceEventPage(doc: Document): void {
  const main = doc.querySelector<HTMLElement>('main')!
  const seriesDates = main.querySelector<HTMLElement>('[data-dates="upcoming"]')
  if (seriesDates) return enhanceSeries(main, seriesDates)
  const page = main.querySelector<HTMLElement>('.container[data-end]')
  if (!page) return
  const now = Date.now()
  const finished = hasEnded(page.dataset.end!, now)
  page.querySelectorAll<HTMLElement>('[data-part="upcoming"]').forEach((el) => present(el, !finished))
  page.querySelectorAll<HTMLElement>('[data-part="past"]').forEach((el) => present(el, finished))
  const open = [...page.querySelectorAll<HTMLElement>('li.slot[data-end]')].filter((li) => {
    const on = !finished && !hasEnded(li.dataset.end!, now)
    present(li, on)
    return on
  })
  const other = page.querySelectorAll<HTMLElement>('[data-dates="other"] li[data-end]')
  let shown = 0
  other.forEach((li) => present(li, !hasEnded(li.dataset.end!, now) && shown++ < OTHER_DATES))

  const popupDetails = page.querySelector<HTMLElement>('[data-popup]')
  const popup = popupDetails ? enhancePopup(popupDetails, () => popup?.loadSpots()) : null
  const slots = enhanceSlots(page)
  slots.setOpen(open.map((li) => li.dataset.eventId!))
  if (finished) return
  // Spots left of the open slots with a capacity (and of the popup's one slot).
  slots.loadSpots(slots.openIds().filter((id) => slots.views.get(id)!.li.hasAttribute('data-capacity')))
  popup?.loadSpots()
  void slots.start()
}
