// The time slot an emailed link is about (cancel, guardian consent): the event, its date and time, where.
import type { Ok } from '../src/api/client'

/** What a link's preview says of its slot (the cancel and consent previews both carry these fields). */
type SlotFacts = Pick<Ok<'/api/rsvp/cancel/preview', 'post'>, 'event' | 'date_text' | 'time' | 'location'>

/** The slot as a card's heading and first paragraph; `id` names the heading for aria-labelledby. */
export function SlotSummary({ slot, id }: { slot: SlotFacts; id: string }) {
  return (
    <>
      <h2 id={id}>{slot.event}</h2>
      <p>
        {slot.date_text}, {slot.time}
        <br />
        <span className="muted">{slot.location}</span>
      </p>
    </>
  )
}
