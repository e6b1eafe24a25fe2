// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { calendarLinks, monthLabel } from '../src/events/calendar'
import { eventJsonLd, shareLinks } from '../src/events/schema'
import { rememberRsvpPage, rsvpReturnUrl } from '../src/lib/query'
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
