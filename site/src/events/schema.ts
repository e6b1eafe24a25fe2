// An event's schema.org JSON-LD and its share links (build time, on the server).
import type { BeforeYouGo, EventRecord, SeriesRecord } from '../content/types'
import { hasEnded } from './schedule'

/** The Place's wheelchair access as a schema.org LocationFeatureSpecification (an amenityFeature). */
function wheelchairFeature(wheelchair: BeforeYouGo['wheelchair']) {
  if (!wheelchair) return null
  const value = wheelchair.access === 'yes' ? true : wheelchair.access === 'no' ? false : 'partly'
  return {
    '@type': 'LocationFeatureSpecification',
    name: 'Wheelchair accessible',
    value,
    ...(wheelchair.note ? { description: wheelchair.note } : {}),
  }
}

/** The know-before-you-go details schema.org has a property for: the age range (none for "all ages"). */
function ageRange(before: BeforeYouGo | null) {
  const age = before?.minimum_age
  return age ? { typicalAgeRange: `${age}-` } : {}
}

type Place = EventRecord['place']
type Address = Place['address']
type SeriesDate = SeriesRecord['dates'][number]
/** What the page's JSON-LD depends on besides the content: the build's clock and the page's share picture. */
export type JsonLdContext = { now: number; image: string | undefined }

const SCHEMA = 'https://schema.org/'

/** A schema.org PostalAddress with the parts the location text gives (the generator read them: generator/places.py). */
function postalAddress(address: Address) {
  const parts = {
    streetAddress: address.street_address,
    addressLocality: address.locality,
    addressRegion: address.region,
    postalCode: address.postal_code,
    addressCountry: address.country,
  }
  return { '@type': 'PostalAddress', ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v)) }
}

/** The schema.org Place: its name, its postal address and, when the event says, its wheelchair access. */
function place(at: Place, before: BeforeYouGo | null) {
  const wheelchair = wheelchairFeature(before?.wheelchair ?? null)
  return {
    '@type': 'Place',
    name: at.name,
    address: postalAddress(at.address),
    ...(wheelchair ? { amenityFeature: [wheelchair] } : {}),
  }
}

function organizer(event: Pick<EventRecord, 'host'>, siteUrl: string) {
  return { '@type': 'Organization', name: event.host.name, url: new URL(event.host.link, siteUrl).href }
}

/** Volunteering at a CivicSTL event costs nothing; once the event has ended no place is left to take. */
function offer(url: string, end: string, now: number) {
  const availability = hasEnded(end, now) ? 'SoldOut' : 'InStock'
  return { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: SCHEMA + availability, url }
}

/** schema.org Event for Google's event rich results: name, plain-text description, dates with offsets, place
 * with its postal address, organizer, status, offer, the page's share picture, and the know-before-you-go
 * details schema.org can say (age range, wheelchair access of the place). */
export function eventJsonLd(event: EventRecord, url: string, siteUrl: string, { now, image }: JsonLdContext) {
  // The page's own share picture first (a photo or the card the generator drew), then the rest of the gallery.
  const images = [...new Set([image, ...event.gallery.map((g) => new URL(g.src, siteUrl).href)])].filter((i) => i !== undefined)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description_text,
    startDate: event.start,
    endDate: event.end,
    eventStatus: SCHEMA + 'EventScheduled',
    eventAttendanceMode: SCHEMA + 'OfflineEventAttendanceMode',
    location: place(event.place, event.before_you_go),
    organizer: organizer(event, siteUrl),
    offers: offer(url, event.end, now),
    isAccessibleForFree: true,
    ...ageRange(event.before_you_go),
    ...(images.length ? { image: images } : {}),
    url,
  }
}

/** One date of a series as a subEvent: a cancelled date says EventCancelled and points at the series page,
 * which says so (a cancelled date has no page of its own). */
function subEvent(series: SeriesRecord, date: SeriesDate, seriesUrl: string, siteUrl: string, now: number) {
  const url = date.cancelled ? seriesUrl : new URL(date.path, siteUrl).href
  return {
    '@type': 'Event',
    name: `${series.title}, ${date.date_text}`,
    startDate: date.start,
    endDate: date.end,
    eventStatus: SCHEMA + (date.cancelled ? 'EventCancelled' : 'EventScheduled'),
    eventAttendanceMode: SCHEMA + 'OfflineEventAttendanceMode',
    location: place(series.place, null),
    organizer: organizer(series, siteUrl),
    ...(date.cancelled ? {} : { offers: offer(url, date.end, now) }),
    url,
  }
}

/** schema.org EventSeries for a series' overview page: what it is, where, who hosts it, and every date. */
export function seriesJsonLd(series: SeriesRecord, url: string, siteUrl: string, { now, image }: JsonLdContext) {
  const dates = series.dates
  return {
    '@context': 'https://schema.org',
    '@type': 'EventSeries',
    name: series.title,
    description: series.description_text,
    ...(dates.length ? { startDate: dates[0]!.start, endDate: dates[dates.length - 1]!.end } : {}),
    eventAttendanceMode: SCHEMA + 'OfflineEventAttendanceMode',
    location: place(series.place, null),
    organizer: organizer(series, siteUrl),
    isAccessibleForFree: true,
    ...(image ? { image: [image] } : {}),
    url,
    subEvent: dates.map((d) => subEvent(series, d, url, siteUrl, now)),
  }
}

/** Share links that need no script: Facebook, X, LinkedIn and email. */
export function shareLinks(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url)
  return [
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Share on X', href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Share by email', href: `mailto:?subject=${encodeURIComponent(title)}&body=${u}` },
  ]
}
