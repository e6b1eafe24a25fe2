// "Bringing others?" beside a slot's RSVP button: how many guests the RSVP brings (up to the event's
// max_guests_per_rsvp) and, optionally, their names for the roster. The service seats the party whole.
import type { ChangeEvent } from 'react'

/** The guests of one slot's RSVP (`names`: one per guest, '' when not named); nothing when the event takes none. */
export function BringGuests({ slotId, max, names, onChange }: {
  slotId: string
  max: number
  names: readonly string[]
  onChange: (names: string[]) => void
}) {
  if (max <= 0) return null
  const setCount = (e: ChangeEvent<HTMLInputElement>) => {
    const n = Math.max(0, Math.min(max, Math.trunc(Number(e.target.value)) || 0))
    onChange(Array.from({ length: n }, (_, i) => names[i] ?? ''))
  }
  const setName = (i: number) => (e: ChangeEvent<HTMLInputElement>) => onChange(names.map((v, j) => (j === i ? e.target.value : v)))
  return (
    <fieldset className="bring-guests">
      <legend>Bringing others?</legend>
      <label htmlFor={`guests-${slotId}`}>Guests (up to {max})</label>
      {/* Opened by its "Bringing others?" button: the count is what to fill in next. */}
      <input autoFocus id={`guests-${slotId}`} type="number" inputMode="numeric" min={0} max={max} value={names.length} onChange={setCount} />
      {names.map((name, i) => (
        <label key={i}>
          Guest {i + 1}&apos;s name (optional)
          <input type="text" maxLength={100} autoComplete="off" value={name} onChange={setName(i)} />
        </label>
      ))}
    </fieldset>
  )
}
