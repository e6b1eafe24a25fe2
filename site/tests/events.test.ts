// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { calendarLinks, monthLabel } from '../src/events/calendar'
import { eventJsonLd, seriesJsonLd, shareLinks } from '../src/events/schema'
import { rememberRsvpPage, rsvpReturnUrl, verifiedNext } from '../src/lib/rsvpReturn'
import type { EventRecord, SeriesRecord } from '../src/content/types'

describe('calendar links', () => {
  it('subscribes with webcal:// on the site host and downloads the same path', () => {
    expect(calendarLinks('https://civicstl.org', '/organizations/keenstl/calendar.ics')).toEqual({
      webcal: 'webcal://civicstl.org/organizations/keenstl/calendar.ics',
      href: '/organizations/keenstl/calendar.ics',
    })
  })
  it('names months', () => {
    expect(monthLabel('2027-03')).toBe('March 2027')
    expect(monthLabel('2026-12')).toBe('December 2026')
  })
})

describe('return after sign-in', () => {
  beforeEach(() => sessionStorage.clear())
  it('goes back to the event page the RSVP started on, once', () => {
    rememberRsvpPage('keen-x-2026-12-19-9-30-10-20-am', '/events/keen-x/2026-12-19')
    expect(rsvpReturnUrl('keen-x-2026-12-19-9-30-10-20-am')).toBe(
      '/events/keen-x/2026-12-19?showRSVP=true&eventId=keen-x-2026-12-19-9-30-10-20-am',
    )
    expect(rsvpReturnUrl('keen-x-2026-12-19-9-30-10-20-am')).toMatch(/^\/features\?/)
  })
  it('falls back to the Event Feed for another slot or a foreign address', () => {
    rememberRsvpPage('a', '/events/a')
    expect(rsvpReturnUrl('b')).toBe('/features?showRSVP=true&eventId=b')
    rememberRsvpPage('a', 'https://evil.example/events/a')
    expect(rsvpReturnUrl('a')).toBe('/features?showRSVP=true&eventId=a')
  })
})

describe('after the verification link', () => {
  beforeEach(() => localStorage.clear())
  const dashboard = { href: '/dashboard', label: 'Go to your dashboard' }
  it('leads back to the event an RSVP started on, from another tab, once', () => {
    rememberRsvpPage('keen-x-2026-12-19-9-30-10-20-am', '/events/keen-x/2026-12-19')
    sessionStorage.clear() // the email's link opens a new tab
    expect(verifiedNext(Date.now())).toEqual({ href: '/events/keen-x/2026-12-19', label: 'Back to the event you were RSVPing for' })
    expect(verifiedNext(Date.now())).toEqual(dashboard)
  })
  it('leads to the dashboard without an RSVP, a day later, or from the feed or elsewhere', () => {
    expect(verifiedNext(Date.now())).toEqual(dashboard)
    rememberRsvpPage('a', '/events/a')
    expect(verifiedNext(Date.now() + 25 * 60 * 60 * 1000)).toEqual(dashboard)
    rememberRsvpPage('a', '/features')
    expect(verifiedNext(Date.now())).toEqual(dashboard)
    localStorage.setItem('rsvpGoing', JSON.stringify({ page: 'https://evil.example/events/a', at: Date.now() }))
    expect(verifiedNext(Date.now())).toEqual(dashboard)
  })
})

describe('schema.org Event', () => {
  const event = {
    slug: 'x-2027-03-20', title: 'Clinic', description: 'Play [with us](/keenstl).', description_text: 'Play with us.',
    start: '2027-03-20T09:30:00-05:00', end: '2027-03-20T11:20:00-05:00',
    location: 'The Heights, 8001 Dale Ave, Richmond Heights, MO',
    place: { name: 'The Heights', address: { street_address: '8001 Dale Ave', locality: 'Richmond Heights', region: 'MO', postal_code: null, country: 'US' } },
    host: { slug: 'keenstl', name: 'KEEN St. Louis', link: '/keenstl' }, gallery: [{ src: '/images/a.jpg' }],
  } as unknown as EventRecord
  const url = 'https://civicstl.org/events/x/2027-03-20'
  const card = 'https://civicstl.org/share/events/x.png'
  const before = { now: Date.parse('2027-03-20T11:19:00-05:00'), image: card }
  const after = { now: Date.parse('2027-03-20T11:20:00-05:00'), image: card }
  it('carries the start with its offset, the plain-text description, the place with its address, the organizer and the status', () => {
    const ld = eventJsonLd(event, url, 'https://civicstl.org', before)
    expect(ld.startDate).toBe('2027-03-20T09:30:00-05:00')
    expect(ld.description).toBe('Play with us.')
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(ld.location).toEqual({
      '@type': 'Place', name: 'The Heights',
      address: { '@type': 'PostalAddress', streetAddress: '8001 Dale Ave', addressLocality: 'Richmond Heights', addressRegion: 'MO', addressCountry: 'US' },
    })
    expect(ld.organizer).toEqual({ '@type': 'Organization', name: 'KEEN St. Louis', url: 'https://civicstl.org/keenstl' })
    expect(ld.image).toEqual([card, 'https://civicstl.org/images/a.jpg'])
  })
  it('offers places until the end, and none after it', () => {
    expect(eventJsonLd(event, url, 'https://civicstl.org', before).offers.availability).toBe('https://schema.org/InStock')
    expect(eventJsonLd(event, url, 'https://civicstl.org', after).offers.availability).toBe('https://schema.org/SoldOut')
  })
  it('shares the encoded URL', () => {
    const links = shareLinks('https://civicstl.org/events/a?b', 'A & B')
    expect(links.map((l) => l.label)).toEqual(['Share on Facebook', 'Share on X', 'Share on LinkedIn', 'Share by email'])
    expect(links[1]!.href).toBe('https://x.com/intent/post?url=https%3A%2F%2Fcivicstl.org%2Fevents%2Fa%3Fb&text=A%20%26%20B')
  })
})

describe('schema.org EventSeries', () => {
  const date = (day: string, cancelled: boolean) => ({
    slug: `s-${day}`, path: `/events/s/${day}`, date: day, date_text: day, start: `${day}T09:00:00-06:00`, end: `${day}T10:00:00-06:00`, cancelled,
  })
  const series = {
    slug: 's', path: '/events/s', title: 'Swim', description: '*Swim*.', description_text: 'Swim.', time_text: '9:00-10:00 AM',
    location: 'St. Louis, MO', place: { name: 'St. Louis, MO', address: { street_address: null, locality: 'St. Louis', region: 'MO', postal_code: null, country: 'US' } },
    host: { slug: 'keenstl', name: 'KEEN St. Louis', link: '/keenstl' },
    dates: [date('2027-01-02', false), date('2027-01-09', true), date('2027-01-16', false)],
  } as unknown as SeriesRecord
  it('lists every date as a subEvent: a cancelled one says so and links to the series page, an ended one has no place left', () => {
    const ld = seriesJsonLd(series, 'https://civicstl.org/events/s', 'https://civicstl.org', { now: Date.parse('2027-01-10T00:00:00Z'), image: 'https://civicstl.org/c.png' })
    expect(ld['@type']).toBe('EventSeries')
    expect([ld.startDate, ld.endDate]).toEqual(['2027-01-02T09:00:00-06:00', '2027-01-16T10:00:00-06:00'])
    expect(ld.subEvent.map((e) => [e.eventStatus, e.url, e.offers?.availability])).toEqual([
      ['https://schema.org/EventScheduled', 'https://civicstl.org/events/s/2027-01-02', 'https://schema.org/SoldOut'],
      ['https://schema.org/EventCancelled', 'https://civicstl.org/events/s', undefined],
      ['https://schema.org/EventScheduled', 'https://civicstl.org/events/s/2027-01-16', 'https://schema.org/InStock'],
    ])
    expect(ld.location.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'St. Louis', addressRegion: 'MO', addressCountry: 'US' })
  })
})

describe('one card per series', () => {
  it('keeps the order of first appearance and gathers later dates', async () => {
    const { groupBySeries } = await import('../src/events/schedule')
    const events = [
      { slug: 'a-2027-01-02', series: 'a' },
      { slug: 'single', series: null },
      { slug: 'a-2027-01-09', series: 'a' },
      { slug: 'b-2027-01-10', series: 'b' },
    ]
    expect(groupBySeries(events).map((g) => [g.first.slug, g.more.map((e) => e.slug)])).toEqual([
      ['a-2027-01-02', ['a-2027-01-09']],
      ['single', []],
      ['b-2027-01-10', []],
    ])
  })
})

describe("the home page's button", () => {
  const at = (iso: string) => Date.parse(iso)
  const event = (slug: string, end: string, series: string | null = null) => ({
    slug, series, end, path: `/events/${slug}`, title: slug.toUpperCase(),
  })
  const events = [
    event('clinic', '2025-07-27T15:50:00-05:00'),
    event('lunch-2026-12-02', '2026-12-02T13:00:00-06:00', 'lunch'),
    event('lunch-2026-12-09', '2026-12-09T13:00:00-06:00', 'lunch'),
    event('kits', '2027-01-16T13:30:00-06:00'),
    event('lunch-2027-01-20', '2027-01-20T13:00:00-06:00', 'lunch'),
  ]
  const fallback = { label: 'See upcoming events', href: '/features' }
  const pick = async (featured: string | null, built: string, seen = built) => {
    const { buttonChoices, pickChoice } = await import('../src/events/featured')
    return pickChoice(buttonChoices(events, featured, fallback, at(built)), at(seen))?.[1]
  }

  it('lists the upcoming dates by start, marking the featured ones, then the fallback', async () => {
    const { buttonChoices } = await import('../src/events/featured')
    expect(buttonChoices(events, 'kits', fallback, at('2026-11-24T12:00:00Z'))).toEqual([
      ['2026-12-02T13:00:00-06:00', '/events/lunch-2026-12-02', 'RSVP for LUNCH-2026-12-02', false],
      ['2026-12-09T13:00:00-06:00', '/events/lunch-2026-12-09', 'RSVP for LUNCH-2026-12-09', false],
      ['2027-01-16T13:30:00-06:00', '/events/kits', 'RSVP for KITS', true],
      ['2027-01-20T13:00:00-06:00', '/events/lunch-2027-01-20', 'RSVP for LUNCH-2027-01-20', false],
      [null, '/features', 'See upcoming events', false],
    ])
  })
  it('names the soonest event over a featured one seven weeks out', async () => {
    expect(await pick('kits', '2026-11-24T12:00:00Z')).toBe('/events/lunch-2026-12-02')
  })
  it('names the featured event once it is at most two weeks after the soonest', async () => {
    expect(await pick('kits', '2027-01-05T12:00:00Z')).toBe('/events/kits')
    expect(await pick('kits', '2026-11-24T12:00:00Z', '2027-01-05T12:00:00Z')).toBe('/events/kits')
  })
  it('never names the past: a past featured event, or none, gives the next upcoming one', async () => {
    for (const featured of ['clinic', null, 'no-such-event']) {
      expect(await pick(featured, '2026-11-24T12:00:00Z')).toBe('/events/lunch-2026-12-02')
    }
  })
  it('a featured series counts by its next date', async () => {
    expect(await pick('lunch', '2026-12-03T00:00:00Z')).toBe('/events/lunch-2026-12-09')
    // Its next date after the 9th is four days after the kits: close enough.
    expect(await pick('lunch', '2026-12-03T00:00:00Z', '2026-12-10T00:00:00Z')).toBe('/events/lunch-2027-01-20')
  })
  it('the browser picks again with its own clock, down to the fallback when every event has ended', async () => {
    const built = '2026-11-24T12:00:00Z'
    expect(await pick('kits', built, '2027-01-16T19:31:00Z')).toBe('/events/lunch-2027-01-20')
    expect(await pick('kits', built, '2027-02-01T00:00:00Z')).toBe('/features')
  })
  it('offers a dozen other dates, and more until one outlasts the featured series', async () => {
    const { buttonChoices, MAX_CHOICES } = await import('../src/events/featured')
    const day = (i: number) => `2030-01-${String(i + 1).padStart(2, '0')}T12:00:00Z`
    const many = Array.from({ length: 28 }, (_, i) => event(`e${i}`, day(i), i % 2 ? 'weekly' : null))
    expect(buttonChoices(many, null, fallback, 0)).toHaveLength(MAX_CHOICES + 1)
    const choices = buttonChoices(many, 'weekly', fallback, 0)
    expect(choices.filter((c) => c[3])).toHaveLength(MAX_CHOICES)
    const lastFeatured = choices.filter((c) => c[3]).at(-1)![0]!
    expect(choices.filter((c) => !c[3] && c[0]! > lastFeatured)).toHaveLength(1)
  })
})

describe("the feed's month filter", () => {
  it('lists only the months that hold upcoming events, in order', async () => {
    const { partitionEvents, upcomingMonths } = await import('../src/events/schedule')
    const events = [
      { date: '2025-04-27', end: '2025-04-27T15:00:00-05:00' },
      { date: '2025-07-27', end: '2025-07-27T15:50:00-05:00' },
      { date: '2027-01-16', end: '2027-01-16T13:30:00-06:00' },
      { date: '2026-12-02', end: '2026-12-02T13:00:00-06:00' },
      { date: '2027-01-20', end: '2027-01-20T13:00:00-06:00' },
    ]
    const { upcoming } = partitionEvents(events, Date.parse('2026-11-24T12:00:00Z'))
    expect(upcomingMonths(upcoming)).toEqual([
      { value: '2026-12', label: 'December 2026' },
      { value: '2027-01', label: 'January 2027' },
    ])
  })
})
