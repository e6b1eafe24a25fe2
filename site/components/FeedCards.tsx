// The Event Feed's card of an event: header, description, know-before-you-go badges, then what fits its
// time: upcoming, its slots' forms (the guest event's popup form) and its series' later dates; past, Event
// finished with its RSVP count and photos. Both parts are in the HTML, one hidden: the build's clock chose,
// and src/light/feed.ts chooses again with the browser's.
import type { EventItem } from '../src/content/types'
import { isFamilyFriendly } from '../src/events/accessFilter'
import { useLocalize } from '../src/i18n/useLocalize'
import { MORE_DATES, hasEnded } from '../src/events/schedule'
import { BeforeYouGoBadges } from './BeforeYouGoBadges'
import { EventHeader, Gallery, PastDetails, useEnglish } from './EventCards'
import { RichText } from './RichText'
import { PopupRsvp, SlotItems } from './SlotForms'

/** A later date of a series, as its card links it: [date (YYYY-MM-DD), end, path, date_text]. */
export type MoreDate = [string, string, string, string]

/** `more`: the series' later dates; `popup`: the guest event's card, whose RSVP opens the popup form. */
export function FeedCard({ event, more: dates, popup, now }: { event: EventItem; more: MoreDate[]; popup: boolean; now: number }) {
  const local = useLocalize()
  // In the page's language here, as src/light/feed.ts links the later dates again from data-more.
  const more = dates.map(([date, end, path, text]): MoreDate => [date, end, local(path), text])
  const ended = hasEnded(event.end, now)
  const later = more.filter(([, end]) => !hasEnded(end, now))
  const b = event.before_you_go
  const en = useEnglish(event)
  return (
    <article className="event-card" aria-labelledby={`event-${event.slug}`} data-start={event.start} data-end={event.end} data-date={event.date}
      data-host={event.host.slug} data-family={isFamilyFriendly(event) ? 'yes' : undefined}
      data-wheelchair={b?.wheelchair?.access === 'yes' ? 'yes' : undefined}>
      <EventHeader event={event} />
      <RichText html={event.description_html} {...en('description')} />
      <BeforeYouGoBadges before={b} />
      <div data-part="upcoming" hidden={ended || undefined}>
        {popup ? <PopupRsvp event={event} /> : <SlotItems event={event} now={now} />}
        {more.length > 0 ? (
          <p className="more-dates" data-more={JSON.stringify(more)} hidden={later.length === 0 || undefined}>
            More dates:{' '}
            {later.slice(0, MORE_DATES).map(([date, , path, text], i) => (
              <span key={date}>
                {i > 0 ? ', ' : null}
                <a href={path}>{text}</a>
              </span>
            ))}
            {later.length > MORE_DATES ? ` and ${later.length - MORE_DATES} more` : null}
          </p>
        ) : null}
      </div>
      <div data-part="past" hidden={!ended || undefined}>
        <PastDetails event={event} />
        <Gallery photos={event.gallery} />
      </div>
    </article>
  )
}
