// The Event Feed's know-before-you-go filters; "family friendly" says its age rule in its label.
import { FAMILY_MAX_AGE } from '../src/events/accessFilter'

/** The filters' boxes and their labels (src/light/feed.ts reads them by name). */
export const ACCESS_BOXES = [
  ['family', `Family friendly (minimum age ${FAMILY_MAX_AGE} or younger)`],
  ['wheelchair', 'Wheelchair accessible'],
] as const

/** The boxes of the feed's GET form: each sends name=yes when checked. */
export function AccessFilters() {
  return ACCESS_BOXES.map(([name, label]) => (
    <label className="check" key={name}>
      <input type="checkbox" name={name} value="yes" />
      {label}
    </label>
  ))
}
