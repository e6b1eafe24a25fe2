// The Event Feed's cards: an event with its slots (and its series' later dates), the guest event's popup
// card, and a past event. Apart from EventCards.tsx, so event pages don't load what only the feed shows.
import type { ComponentProps } from 'react'
import type { RsvpStats } from '../src/api/rsvp'
import type { EventItem, Slot } from '../src/content/types'
import type { SlotState } from '../src/events/useSlotRsvp'
import { BeforeYouGoBadges } from './BeforeYouGoBadges'
import { EventHeader, PastDetails, SlotList, SpotsLeft } from './EventCards'
import { RichText } from './RichText'

const MORE_DATES = 4

/** An upcoming event on the feed with its slots (and its series' later dates); `onOpen`: the guest event's
 * card, whose one RSVP button opens the popup form instead. */
export function FeedEventCard({ more = [], onOpen, ...props }: {
  event: EventItem
  slots: Slot[]
  status: Record<string, SlotState>
  spots: Record<string, RsvpStats>
  onRsvp: ComponentProps<typeof SlotList>['onRsvp']
  more?: EventItem[]
  onOpen?: () => void
}) {
  return (
    <article className="event-card" aria-labelledby={`event-${props.event.slug}`}>
      <EventHeader event={props.event} />
      <RichText html={props.event.description_html} />
      <BeforeYouGoBadges before={props.event.before_you_go} />
      {onOpen ? (
        <>
          <SpotsLeft stats={props.spots[props.event.slots[0]?.id ?? '']} block />
          <button type="button" className="btn" aria-haspopup="dialog" onClick={onOpen}>
            RSVP
          </button>
        </>
      ) : (
        <SlotList {...props} />
      )}
      {more.length > 0 ? (
        <p className="more-dates">
          More dates:{' '}
          {more.slice(0, MORE_DATES).map((e, i) => (
            <span key={e.slug}>
              {i > 0 ? ', ' : null}
              <a href={e.path}>{e.date_text}</a>
            </span>
          ))}
          {more.length > MORE_DATES ? ` and ${more.length - MORE_DATES} more` : null}
        </p>
      ) : null}
    </article>
  )
}

export function PastEventCard({ event }: { event: EventItem }) {
  return (
    <article className="event-card" aria-labelledby={`past-${event.slug}`}>
      <h3 id={`past-${event.slug}`}>
        <a href={event.path}>{event.title}</a>
      </h3>
      <RichText html={event.description_html} />
      <p>
        <span>{event.date_text}</span>, <span>{event.time_text}</span>
      </p>
      <p className="muted">{event.location}</p>
      <PastDetails event={event} />
    </article>
  )
}
