// The Event Feed's know-before-you-go filters; "family friendly" says its age rule in its label.
import { FAMILY_MAX_AGE, type AccessFilter } from '../src/events/accessFilter'

const BOXES = [
  ['family', `Family friendly (minimum age ${FAMILY_MAX_AGE} or younger)`],
  ['wheelchair', 'Wheelchair accessible'],
] as const

/** The boxes change only their own keys of `filter` (the page's whole filter) and hand it all back. */
export function AccessFilters<F extends AccessFilter>({ filter, onChange }: { filter: F; onChange: (next: F) => void }) {
  return BOXES.map(([name, label]) => (
    <label className="check" key={name}>
      <input
        type="checkbox"
        name={name}
        value="yes"
        checked={filter[name] === 'yes'}
        onChange={(e) => onChange({ ...filter, [name]: e.target.checked ? 'yes' : '' })}
      />
      {label}
    </label>
  ))
}
