// The Event Feed's know-before-you-go filters: family friendly and wheelchair accessible. Apart from the
// facts' words (beforeYouGo.ts), so event pages don't load the feed's filters.
import type { EventItem } from '../content/types'

type HasDetails = Pick<EventItem, 'before_you_go'>

/** The oldest minimum age a "family friendly" event may ask: children of 12 and under are welcome. */
export const FAMILY_MAX_AGE = 12

/** Family friendly: the event says its minimum age, and it is FAMILY_MAX_AGE or under (0: every age).
 * An event that does not say is left out: nobody has told us children may come. */
export function isFamilyFriendly(event: HasDetails): boolean {
  const age = event.before_you_go?.minimum_age
  return age != null && age <= FAMILY_MAX_AGE
}

/** The feed's know-before-you-go filters, as the URL's query holds them: on when yes (family=yes, wheelchair=yes). */
export type AccessFilter = { family: string; wheelchair: string }

/** Wheelchair accessible means `access: yes`, without reservation (partly is not). */
export function matchesAccess(event: HasDetails, f: AccessFilter): boolean {
  return (f.family !== 'yes' || isFamilyFriendly(event)) && (f.wheelchair !== 'yes' || event.before_you_go?.wheelchair?.access === 'yes')
}
