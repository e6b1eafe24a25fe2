// The pieces of event cards that the Event Feed (FeedCards.tsx) and event pages share: header, past
// details, gallery. Rendered to HTML only (the pages load no React): src/light/ enhances them.
import { usePageContext } from 'vike-react/usePageContext'
import { englishMarker } from '../src/content/inEnglish'
import type { EventItem } from '../src/content/types'
import { useLocalize } from '../src/i18n/useLocalize'
import { DateBadge } from './DateBadge'
import { GALLERY_SIZES, Img } from './Img'

/** Date badge, host logo, title (linked to the event's page; none on that page, whose h1 is the title), host,
 * time, place. */
export function EventHeader({ event, title = true }: { event: EventItem; title?: boolean }) {
  const en = useEnglish(event)
  const local = useLocalize()
  return (
    <div className="event-head">
      <DateBadge dateText={event.date_text} />
      <Img image={event.host.logo} />
      <div>
        {title ? (
          <h3 id={`event-${event.slug}`}>
            <a href={local(event.path)} {...en('title')}>{event.title}</a>
          </h3>
        ) : null}
        <p>
          Hosted by <a href={local(event.host.link)}>{event.host.name}</a> ·{' '}
          {/* A slug needs no escaping ([A-Za-z0-9-]); no followHref import keeps the event pages' budget. */}
          <a href={local(`/follows?organization=${event.host.slug}`)} aria-label={`Follow ${event.host.name}`}>
            Follow
          </a>
        </p>
        <p>
          <span>{event.time_text}</span> · <span>{event.date_text}</span>
        </p>
        <p className="muted">{event.location}</p>
      </div>
    </div>
  )
}

/** Event finished and the thank-you note; with `total`, the RSVP count (Loading... until src/light/feed.ts
 * has it): the feed's past card, as the spec has it. An event's own page shows none, the count of who came
 * being unknown there. */
export function PastDetails({ event, total = true }: { event: EventItem; total?: boolean }) {
  const en = useEnglish(event)
  return (
    <>
      <p>
        <strong>Event finished</strong>
      </p>
      {total ? <p>Total RSVPs: <span data-total={event.slug}>Loading...</span></p> : null}
      {event.thank_you ? <p {...en('thank_you')}>{event.thank_you}</p> : null}
    </>
  )
}

/** The lang="en" marker of an event's fields (its in_english) on the page's language. */
export function useEnglish(record: { in_english?: string[] | undefined }) {
  return englishMarker(record.in_english, usePageContext().locale)
}

/** An event's photos, each loaded lazily; nothing when it has none. */
export function Gallery({ photos }: { photos: EventItem['gallery'] }) {
  if (photos.length === 0) return null
  return (
    <div className="gallery">
      {photos.map((photo) => (
        <Img key={photo.src} image={photo} lazy sizes={GALLERY_SIZES} />
      ))}
    </div>
  )
}
