import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BeforeYouGo } from '../components/BeforeYouGo'
import { BeforeYouGoBadges } from '../components/BeforeYouGoBadges'
import type { BeforeYouGo as Details, EventRecord } from '../src/content/types'
import { facts } from '../src/events/beforeYouGo'
import { FAMILY_MAX_AGE, isFamilyFriendly, matchesAccess } from '../src/events/accessFilter'
import { eventJsonLd } from '../src/events/schema'

const none: Details = {
  wheelchair: null, minimum_age: null, guardian_consent: false, bring: [], parking: null, transit: null, setting: null,
}
const said = (b: Partial<Details>): Details => ({ ...none, ...b })
const at = (b: Partial<Details> | null) => ({ before_you_go: b === null ? null : said(b) })

describe("the feed's know-before-you-go filters", () => {
  it('family friendly: a stated minimum age of 12 or under, 0 (every age) included', () => {
    expect(FAMILY_MAX_AGE).toBe(12)
    expect(isFamilyFriendly(at({ minimum_age: 0 }))).toBe(true)
    expect(isFamilyFriendly(at({ minimum_age: 12 }))).toBe(true)
    expect(isFamilyFriendly(at({ minimum_age: 13 }))).toBe(false)
    expect(isFamilyFriendly(at({ minimum_age: 18 }))).toBe(false)
  })
  it('an event that does not say its age rule is not called family friendly', () => {
    expect(isFamilyFriendly(at(null))).toBe(false)
    expect(isFamilyFriendly(at({ setting: 'outdoor' }))).toBe(false)
  })
  it('wheelchair accessible: only `access: yes`, not partly', () => {
    const f = { family: '', wheelchair: 'yes' }
    expect(matchesAccess(at({ wheelchair: { access: 'yes', note: null } }), f)).toBe(true)
    expect(matchesAccess(at({ wheelchair: { access: 'partly', note: 'Gravel paths.' } }), f)).toBe(false)
    expect(matchesAccess(at({ wheelchair: { access: 'no', note: null } }), f)).toBe(false)
    expect(matchesAccess(at(null), f)).toBe(false)
  })
  it('both filters together, and none at all', () => {
    const both = { family: 'yes', wheelchair: 'yes' }
    expect(matchesAccess(at({ minimum_age: 8, wheelchair: { access: 'yes', note: null } }), both)).toBe(true)
    expect(matchesAccess(at({ minimum_age: 16, wheelchair: { access: 'yes', note: null } }), both)).toBe(false)
    expect(matchesAccess(at(null), { family: '', wheelchair: '' })).toBe(true)
  })
  it('is on only for yes, as the URL query says it (any other value filters nothing)', () => {
    const noAge = at(null)
    expect(matchesAccess(noAge, { family: '1', wheelchair: '<b>' })).toBe(true)
    expect(matchesAccess(noAge, { family: 'yes', wheelchair: '' })).toBe(false)
    expect(matchesAccess(noAge, { family: '', wheelchair: 'yes' })).toBe(false)
  })
})

describe('the feed card and the event page', () => {
  it('a card says each fact in words beside a decorative icon', () => {
    const html = renderToStaticMarkup(createElement(BeforeYouGoBadges, {
      before: said({ wheelchair: { access: 'partly', note: 'x' }, minimum_age: 14, guardian_consent: true, setting: 'both' }),
    }))
    expect(html).toContain('aria-label="Before you go"')
    // The icon is the class's CSS picture (::before, never read out); the words are the item's only text.
    expect(html.match(/<li.*?<\/li>/g)).toEqual([
      '<li class="i-wheelchair">Partly wheelchair accessible</li>', '<li class="i-age">Ages 14 and up</li>',
      '<li class="i-consent">Volunteers under 18 need a guardian&#x27;s consent</li>', '<li class="i-indoor">Indoors and outdoors</li>',
    ])
  })
  it('says nothing when the event says nothing', () => {
    expect(facts(null)).toEqual([])
    expect(renderToStaticMarkup(createElement(BeforeYouGoBadges, { before: null }))).toBe('')
    expect(renderToStaticMarkup(createElement(BeforeYouGo, { before: none }))).toBe('')
  })
  it('the page lists what to bring, parking, transit and the note', () => {
    const html = renderToStaticMarkup(createElement(BeforeYouGo, {
      before: said({ wheelchair: { access: 'yes', note: 'Ramp at the side door.' }, minimum_age: 0, bring: ['A towel', 'Water & snacks'], parking: 'Free lot.', transit: 'Bus 10.' }),
    }))
    expect(html).toContain('<h2 id="before-you-go-title">Before you go</h2>')
    expect(html).toContain('<dd>Wheelchair accessible. Ramp at the side door.</dd>')
    expect(html).toContain('<dd>All ages welcome</dd>')
    expect(html).toContain('<li>A towel</li><li>Water &amp; snacks</li>')
    expect(html).toContain('<dd>Free lot.</dd>')
    expect(html).toContain('<dd>Bus 10.</dd>')
  })
})

describe("the Event JSON-LD's know-before-you-go properties", () => {
  const event = (b: Partial<Details> | null) => ({
    slug: 'x', title: 'Swim', description: 'Swim.', start: '2027-03-20T09:30:00-05:00', end: '2027-03-20T11:20:00-05:00',
    location: 'The Pool, 1 Main St, St. Louis, MO', host: { slug: 'keenstl', name: 'KEEN', link: '/keenstl' }, gallery: [],
    place: { name: 'The Pool', address: { street_address: '1 Main St', locality: 'St. Louis', region: 'MO', postal_code: null, country: 'US' } },
    ...at(b),
  }) as unknown as EventRecord
  const ld = (b: Partial<Details> | null) => eventJsonLd(event(b), 'https://civicstl.org/events/x', 'https://civicstl.org', { now: 0, image: undefined })

  it('gives the age range from the minimum age, and none for every age or an unsaid one', () => {
    expect(ld({ minimum_age: 14 })).toMatchObject({ typicalAgeRange: '14-' })
    expect(ld({ minimum_age: 0 })).not.toHaveProperty('typicalAgeRange')
    expect(ld(null)).not.toHaveProperty('typicalAgeRange')
  })
  it('calls the event free only as its offer does: price 0', () => {
    const data = ld(null)
    expect(data.offers.price).toBe(0)
    expect(data.isAccessibleForFree).toBe(true)
  })
  it("puts wheelchair access on the Place as a LocationFeatureSpecification, partly as partly", () => {
    expect(ld({ wheelchair: { access: 'yes', note: 'Ramp.' } }).location).toMatchObject({
      amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: 'Wheelchair accessible', value: true, description: 'Ramp.' }],
    })
    expect(ld({ wheelchair: { access: 'no', note: null } }).location.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Wheelchair accessible', value: false },
    ])
    expect(ld({ wheelchair: { access: 'partly', note: null } }).location.amenityFeature?.[0]?.value).toBe('partly')
    expect(ld({ minimum_age: 14 }).location).not.toHaveProperty('amenityFeature')
  })
})
