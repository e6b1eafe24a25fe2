// A feed card's know-before-you-go facts, each an icon and its words. The icons are CSS (styles.css,
// .kbyg-badges): decorative by construction, the words say it, and no icon costs the page JavaScript.
import type { BeforeYouGo } from '../src/content/types'
import { facts } from '../src/events/beforeYouGo'

export function BeforeYouGoBadges({ before }: { before: BeforeYouGo | null }) {
  const shown = facts(before)
  if (!shown.length) return null
  return (
    <ul className="kbyg-badges" aria-label="Before you go">
      {shown.map((f) => (
        <li key={f.label} className={`i-${f.icon}`}>
          {f.text}
        </li>
      ))}
    </ul>
  )
}
