// An event's know-before-you-go details in words (the Event Feed's filters on them are in accessFilter.ts).
import type { BeforeYouGo } from '../content/types'

type IconName = 'wheelchair' | 'age' | 'consent' | 'indoor' | 'outdoor'
type Fact = { icon: IconName; label: string; text: string }

const WHEELCHAIR = { yes: 'Wheelchair accessible', partly: 'Partly wheelchair accessible', no: 'Not wheelchair accessible' }
const SETTING = { indoor: 'Indoors', outdoor: 'Outdoors', both: 'Indoors and outdoors' }

/** The short facts a feed card shows and the event page starts with: wheelchair access, age, guardian
 * consent, indoor or outdoor. */
export function facts(b: BeforeYouGo | null): Fact[] {
  const out: Fact[] = []
  if (!b) return out
  if (b.wheelchair) out.push({ icon: 'wheelchair', label: 'Wheelchair access', text: WHEELCHAIR[b.wheelchair.access] })
  const age = b.minimum_age
  if (age !== null) out.push({ icon: 'age', label: 'Age', text: age ? `Ages ${age} and up` : 'All ages welcome' })
  if (b.guardian_consent) out.push({ icon: 'consent', label: 'Guardian consent', text: "Volunteers under 18 need a guardian's consent" })
  if (b.setting) out.push({ icon: b.setting === 'outdoor' ? 'outdoor' : 'indoor', label: 'Indoor or outdoor', text: SETTING[b.setting] })
  return out
}
