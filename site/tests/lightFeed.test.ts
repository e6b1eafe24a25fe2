// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/features"}
// Issue 39: the Event Feed is HTML once (no serialized copy); src/light/feed.ts decides again with the
// browser's clock and applies the filters as they change, keeping them in the URL.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EventItem } from '../src/content/types'
import { enhanceFeed, readFilter } from '../src/light/feed'
import { fakeFetch, json } from './helpers'

const data: Record<string, unknown> = {}
vi.mock('vike-react/useData', () => ({ useData: () => data }))
// The cards read the page's language (to mark untranslated texts lang="en"); these pages are English.
vi.mock('vike-react/usePageContext', () => ({ usePageContext: () => ({ locale: 'en' }) }))

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
const logo = { src: '/logo.svg', alt: 'logo', width: 10, height: 10 }
function item(slug: string, host: string, endsIn: number, extra: Partial<EventItem> = {}): EventItem {
  const end = iso(Date.now() + endsIn)
  return {
    slug, path: `/events/${slug}`, title: `Title ${slug}`, series: null, calendar: '', rsvp: 'account',
    host: { slug: host, name: host.toUpperCase(), link: `/${host}`, logo }, date: end.slice(0, 10), date_text: 'Sat', time_text: '8 AM',
    location: 'Park', map_url: '', description_html: '<p>d</p>', before_you_go: null, start: iso(Date.now() + endsIn - HOUR), end,
    slots: [{ id: `${slug}-1`, time: '8 AM', start: end, end, capacity: null, max_guests_per_rsvp: 0 }], thank_you: 'Thanks!', gallery: [],
    ...extra,
  } as unknown as EventItem
}

async function page(builtAt: number, events: EventItem[]) {
  const { default: Page } = await import('../pages/(app)/features/+Page')
  const ended = (e: EventItem) => Date.parse(e.end) <= builtAt
  Object.assign(data, {
    upcoming: events.filter((e) => !ended(e)).map((event) => ({ event, more: [] })),
    past: events.filter(ended).map((event) => ({ event, more: [] })),
    months: [], guestEvent: 'none', builtAt, meta: { title: 'Event Feed' },
    hosts: [{ slug: 'keen', name: 'KEEN' }, { slug: 'park', name: 'PARK' }], calendar: { webcal: 'webcal://x', href: '/calendar.ics' },
  })
  document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(Page))}</main>`
}
const titles = (section: string) =>
  [...document.querySelectorAll(`section[aria-labelledby="${section}"] article h3`)].map((h) => h.textContent)

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /rsvp': () => json({ count: 7 }) }).fetch)
  window.history.replaceState(null, '', '/features')
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the feed as HTML', () => {
  it('has its filters as a GET form to /features, with a button to send it', async () => {
    await page(Date.now(), [item('a', 'keen', HOUR)])
    const form = document.querySelector('form.filters')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/features'])
    expect(form.querySelector('button[type=submit]')).not.toBeNull()
    // Nothing of the feed is serialized for a script: the page holds it once, as HTML.
    expect(document.querySelector('script')).toBeNull()
  })
})

describe('the feed, enhanced', () => {
  it("moves an event the build's clock called past to Upcoming when the browser's clock says so, with its slots", async () => {
    // Built a day after the event ended; the visitor's clock is before it.
    await page(Date.now() + 48 * HOUR, [item('a', 'keen', 24 * HOUR)])
    expect(titles('upcoming-title')).toEqual([])
    enhanceFeed(document)
    expect(titles('upcoming-title')).toEqual(['Title a'])
    const card = document.querySelector('article')!
    expect(card.querySelector<HTMLElement>('[data-part="upcoming"]')!.hidden).toBe(false)
    // What does not apply is taken out, not hidden: no "Event finished" for a reader to find.
    expect(card.querySelector('[data-part="past"]')).toBeNull()
    expect(card.textContent).not.toContain('Event finished')
    expect(card.querySelector<HTMLElement>('li.slot')!.hidden).toBe(false)
    expect(document.querySelector('section[aria-labelledby="past-title"]')!.textContent).toContain('No past events yet.')
  })

  it('shows a past event with its RSVP count once loaded', async () => {
    await page(Date.now(), [item('old', 'keen', -HOUR)])
    enhanceFeed(document)
    expect(titles('past-title')).toEqual(['Title old'])
    await vi.waitFor(() => expect(document.querySelector('[data-total="old"]')?.textContent).toBe('7'))
  })

  it('filters on change, keeps the filter in the URL, and takes out what does not match', async () => {
    await page(Date.now(), [item('a', 'keen', HOUR), item('b', 'park', 2 * HOUR)])
    enhanceFeed(document)
    expect(document.querySelector<HTMLElement>('form.filters [data-apply]')!.hidden).toBe(true)
    const org = document.querySelector<HTMLSelectElement>('select[name=org]')!
    org.value = 'park'
    org.dispatchEvent(new Event('change', { bubbles: true }))
    expect(window.location.search).toBe('?org=park')
    expect(titles('upcoming-title')).toEqual(['Title b'])
    // Taken out, not hidden: the page holds what is shown.
    expect(document.body.textContent).not.toContain('Title a')
    const showAll = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Show all events')!
    showAll.click()
    expect(window.location.search).toBe('')
    expect(titles('upcoming-title')).toEqual(['Title a', 'Title b'])
  })

  it('opens filtered from a shared link, and offers to clear filters nothing matches', async () => {
    window.history.replaceState(null, '', '/features?org=keen&wheelchair=yes')
    await page(Date.now(), [item('a', 'keen', HOUR)])
    enhanceFeed(document)
    expect(document.querySelector<HTMLInputElement>('input[name=wheelchair]')!.checked).toBe(true)
    expect(titles('upcoming-title')).toEqual([])
    const upcoming = document.querySelector('section[aria-labelledby="upcoming-title"]')!
    expect(upcoming.textContent).toContain('No upcoming events match these filters.')
    ;[...upcoming.querySelectorAll('button')].find((b) => b.textContent === 'Clear the filters')!.click()
    expect(window.location.search).toBe('')
    expect(titles('upcoming-title')).toEqual(['Title a'])
  })

  it('reads the filter of the query, whatever else it holds', () => {
    expect(readFilter('?org=keen&month=2027-04&family=yes&x=1')).toEqual({ org: 'keen', month: '2027-04', family: 'yes', wheelchair: '' })
  })
})
