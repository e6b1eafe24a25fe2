// The event cards' date badge: month and day from the event's date text, as the generator writes it.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DateBadge, badgeParts } from '../components/DateBadge'

describe('date badge', () => {
  it('reads the month and day of the date text (the event\'s local date, no time zone involved)', () => {
    expect(badgeParts('April 27, 2025')).toEqual({ month: 'Apr', day: '27' })
    expect(badgeParts('January 1, 2027')).toEqual({ month: 'Jan', day: '1' })
    expect(badgeParts('May 31, 2026')).toEqual({ month: 'May', day: '31' })
  })
  it('renders nothing for a text it cannot read', () => {
    expect(badgeParts('2025-04-27')).toBeNull()
    expect(badgeParts('April 27')).toBeNull()
    expect(renderToStaticMarkup(createElement(DateBadge, { dateText: '' }))).toBe('')
  })
  it('is hidden from screen readers: the header text already says the date', () => {
    const html = renderToStaticMarkup(createElement(DateBadge, { dateText: 'July 27, 2025' }))
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('>Jul<')
    expect(html).toContain('>27<')
  })
})
