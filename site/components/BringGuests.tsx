// "Bringing others?" above a slot's RSVP button: how many guests the RSVP brings (up to the event's
// max_guests_per_rsvp, fewer without an account) and, optionally, their names for the roster. The service
// seats the party whole.
import type { ChangeEvent } from 'react'

// The guests an RSVP without a verified account may bring (rsvp_service/rsvps/shares.py's GUEST_PARTY_LIMIT).
export const GUEST_PARTY_LIMIT = 2

const guestsText = (n: number) => (n === 1 ? '1 guest' : `${n} guests`)

/** The guests of one slot's RSVP (`names`: one per guest, '' when not named); `max`: the event's limit, which
 * a signed-out guest (`asGuest`) meets only up to the service's guest limit; nothing when the event takes none. */
export function BringGuests({ slotId, max, asGuest, names, onChange }: {
  slotId: string
  max: number
  asGuest: boolean
  names: readonly string[]
  onChange: (names: string[]) => void
}) {
  const most = asGuest ? Math.min(max, GUEST_PARTY_LIMIT) : max
  if (most <= 0) return null
  const setCount = (e: ChangeEvent<HTMLInputElement>) => {
    const n = Math.max(0, Math.min(most, Math.trunc(Number(e.target.value)) || 0))
    onChange(Array.from({ length: n }, (_, i) => names[i] ?? ''))
  }
  const setName = (i: number) => (e: ChangeEvent<HTMLInputElement>) => onChange(names.map((v, j) => (j === i ? e.target.value : v)))
  const why = `guests-why-${slotId}`
  return (
    <fieldset className="bring-guests">
      <legend>Bringing others?</legend>
      <label htmlFor={`guests-${slotId}`}>Guests (up to {most})</label>
      {/* Opened by its "Bringing others?" button: the count is what to fill in next. */}
      <input autoFocus id={`guests-${slotId}`} type="number" inputMode="numeric" min={0} max={most} value={names.length} onChange={setCount}
        aria-describedby={most < max ? why : undefined} />
      {most < max ? (
        <p className="muted" id={why}>
          Without signing in you can bring up to {guestsText(most)}. Log in with a verified account to bring up to {guestsText(max)}.
        </p>
      ) : null}
      {names.map((name, i) => (
        <label key={i}>
          Guest {i + 1}&apos;s name (optional)
          <input type="text" maxLength={100} autoComplete="off" value={name} onChange={setName(i)} />
        </label>
      ))}
    </fieldset>
  )
}
