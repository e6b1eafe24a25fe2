// Issue 26: a series on /organize is one card with its next few dates; the rest wait behind "All dates".
import { describe, expect, it } from 'vitest'
import type { OrganizeEvent } from '../src/api/organize'
import { SHOWN_DATES, eventCards } from '../src/organize/series'

const event = (slug: string, series: string | null): OrganizeEvent => ({
  slug, title: slug, organization: { slug: 'o', name: 'O' }, date: '2027-01-01', date_text: 'January 1, 2027',
  past: false, path: `/events/${slug}`, series, slots: [], followers: 0,
})
const slugs = (events: readonly OrganizeEvent[]) => events.map((e) => e.slug)

describe('eventCards', () => {
  it('one-off events stay cards of their own, in the given order', () => {
    const cards = eventCards([event('a', null), event('b', null)], SHOWN_DATES)
    expect(cards.map((c) => c.kind)).toEqual(['event', 'event'])
  })

  it("a series' dates join the card of its first date, the next few shown and the rest kept back", () => {
    const dates = Array.from({ length: 25 }, (_, i) => event(`lunch-${i}`, 'lunch'))
    const cards = eventCards([dates[0]!, event('one-off', null), ...dates.slice(1)], SHOWN_DATES)
    expect(cards.map((c) => c.kind)).toEqual(['series', 'event'])
    const series = cards[0]!
    if (series.kind !== 'series') throw new Error('the first card is not the series')
    expect(series.first.slug).toBe('lunch-0')
    expect(slugs(series.dates)).toEqual(slugs(dates))
    expect(slugs(series.shown)).toEqual(['lunch-0', 'lunch-1', 'lunch-2'])
    expect(slugs(series.rest)).toEqual(slugs(dates.slice(3)))
  })

  it('two series stay apart; a series no longer than the shown dates keeps nothing back; 0 shown keeps all back', () => {
    const list = [event('a1', 'a'), event('b1', 'b'), event('a2', 'a')]
    const cards = eventCards(list, SHOWN_DATES)
    expect(cards.map((c) => (c.kind === 'series' ? [c.series, slugs(c.shown), c.rest.length] : c.event.slug))).toEqual([
      ['a', ['a1', 'a2'], 0],
      ['b', ['b1'], 0],
    ])
    const past = eventCards(list, 0)
    expect(past.map((c) => (c.kind === 'series' ? [c.shown.length, slugs(c.rest)] : null))).toEqual([
      [0, ['a1', 'a2']],
      [0, ['b1']],
    ])
  })
})
