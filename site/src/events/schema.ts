// An event's schema.org JSON-LD and its share links (build time, on the server).
import type { BeforeYouGo, EventItem } from '../content/types'

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

/** schema.org Event for Google's event rich results: name, dates with offsets, place, organizer, status,
 * and the know-before-you-go details schema.org can say (age range, wheelchair access of the place). */
export function eventJsonLd(event: EventItem, url: string, siteUrl: string) {
  const [name] = event.location.split(',')
  const images = event.gallery.map((g) => new URL(g.src, siteUrl).href)
  const wheelchair = wheelchairFeature(event.before_you_go?.wheelchair ?? null)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.start,
    endDate: event.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: name?.trim() || event.location,
      address: event.location,
      ...(wheelchair ? { amenityFeature: [wheelchair] } : {}),
    },
    organizer: { '@type': 'Organization', name: event.host.name, url: new URL(event.host.link, siteUrl).href },
    // Volunteering at a CivicSTL event costs nothing.
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
    isAccessibleForFree: true,
    ...ageRange(event.before_you_go),
    ...(images.length ? { image: images } : {}),
    url,
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
