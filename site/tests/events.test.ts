// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { calendarLinks, monthLabel } from '../src/events/calendar'
import { eventJsonLd, shareLinks } from '../src/events/schema'
import { rememberRsvpPage, rsvpReturnUrl, verifiedNext } from '../src/lib/query'
import type { EventItem } from '../src/content/types'

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
    slug: 'x-2027-03-20', title: 'Clinic', description: 'Play.', start: '2027-03-20T09:30:00-05:00',
    end: '2027-03-20T11:20:00-05:00', location: 'The Heights, 8001 Dale Ave, Richmond Heights, MO',
    host: { slug: 'keenstl', name: 'KEEN St. Louis', link: '/keenstl' }, gallery: [],
  } as unknown as EventItem
  it('carries the start with its offset, the place, the organizer and the status', () => {
    const ld = eventJsonLd(event, 'https://civicstl.org/events/x/2027-03-20', 'https://civicstl.org')
    expect(ld.startDate).toBe('2027-03-20T09:30:00-05:00')
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(ld.location).toEqual({ '@type': 'Place', name: 'The Heights', address: event.location })
    expect(ld.organizer).toEqual({ '@type': 'Organization', name: 'KEEN St. Louis', url: 'https://civicstl.org/keenstl' })
  })
  it('shares the encoded URL', () => {
    const links = shareLinks('https://civicstl.org/events/a?b', 'A & B')
    expect(links.map((l) => l.label)).toEqual(['Share on Facebook', 'Share on X', 'Share on LinkedIn', 'Share by email'])
    expect(links[1]!.href).toBe('https://x.com/intent/post?url=https%3A%2F%2Fcivicstl.org%2Fevents%2Fa%3Fb&text=A%20%26%20B')
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
    event('kits', '2027-01-16T13:30:00-06:00'),
    event('lunch-2027-01-20', '2027-01-20T13:00:00-06:00', 'lunch'),
  ]
  const fallback = { label: 'See upcoming events', href: '/features' }

  it('names the featured event first while it is upcoming, then the others by start', async () => {
    const { buttonChoices } = await import('../src/events/featured')
    expect(buttonChoices(events, 'kits', fallback, at('2026-11-24T12:00:00Z'))).toEqual([
      ['2027-01-16T13:30:00-06:00', '/events/kits', 'RSVP for KITS'],
      ['2026-12-02T13:00:00-06:00', '/events/lunch-2026-12-02', 'RSVP for LUNCH-2026-12-02'],
      ['2027-01-20T13:00:00-06:00', '/events/lunch-2027-01-20', 'RSVP for LUNCH-2027-01-20'],
      [null, '/features', 'See upcoming events'],
    ])
  })
  it('never names the past: a past featured event, or none, gives the next upcoming one', async () => {
    const { buttonChoices } = await import('../src/events/featured')
    const now = at('2026-11-24T12:00:00Z')
    for (const featured of ['clinic', null, 'no-such-event']) {
      expect(buttonChoices(events, featured, fallback, now)[0]).toEqual(
        ['2026-12-02T13:00:00-06:00', '/events/lunch-2026-12-02', 'RSVP for LUNCH-2026-12-02'])
    }
  })
  it("a featured series names its next date", async () => {
    const { buttonChoices } = await import('../src/events/featured')
    const choices = buttonChoices(events, 'lunch', fallback, at('2026-12-03T00:00:00Z'))
    expect(choices.map((c) => c[1])).toEqual(['/events/lunch-2027-01-20', '/events/kits', '/features'])
  })
  it("the browser picks again with its own clock, down to the fallback when every event has ended", async () => {
    const { buttonChoices, pickChoice } = await import('../src/events/featured')
    const choices = buttonChoices(events, 'kits', fallback, at('2026-11-24T12:00:00Z'))
    expect(pickChoice(choices, at('2026-11-25T00:00:00Z'))?.[1]).toBe('/events/kits')
    expect(pickChoice(choices, at('2027-01-16T19:31:00Z'))?.[1]).toBe('/events/lunch-2027-01-20')
    expect(pickChoice(choices, at('2027-02-01T00:00:00Z'))?.[1]).toBe('/features')
  })
  it('offers at most MAX_CHOICES events', async () => {
    const { buttonChoices, MAX_CHOICES } = await import('../src/events/featured')
    const many = Array.from({ length: 40 }, (_, i) => event(`e${i}`, `2030-01-${String(i % 28 + 1).padStart(2, '0')}T12:00:00Z`))
    expect(buttonChoices(many, null, fallback, 0)).toHaveLength(MAX_CHOICES + 1)
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
