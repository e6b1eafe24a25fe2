// An event's schema.org JSON-LD and its share links (build time, on the server).
import type { EventItem } from '../content/types'

/** schema.org Event for Google's event rich results: name, dates with offsets, place, organizer, status. */
export function eventJsonLd(event: EventItem, url: string, siteUrl: string) {
  const [name] = event.location.split(',')
  const images = event.gallery.map((g) => new URL(g.src, siteUrl).href)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.start,
    endDate: event.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: name?.trim() || event.location, address: event.location },
    organizer: { '@type': 'Organization', name: event.host.name, url: new URL(event.host.link, siteUrl).href },
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
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
