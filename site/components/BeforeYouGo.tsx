// The event page's "Before you go" section: every know-before-you-go detail the event gives.
import type { ReactNode } from 'react'
import type { BeforeYouGo as Details } from '../src/content/types'
import { facts } from '../src/events/beforeYouGo'

/** Nothing when the event says nothing. */
export function BeforeYouGo({ before: b }: { before: Details | null }) {
  if (!b) return null
  const rows: [string, ReactNode][] = facts(b).map((f) => [
    f.label, f.icon === 'wheelchair' && b.wheelchair?.note ? `${f.text}. ${b.wheelchair.note}` : f.text,
  ])
  if (b.bring.length) rows.push(['What to bring', <ul>{b.bring.map((item) => <li key={item}>{item}</li>)}</ul>])
  if (b.parking) rows.push(['Parking', b.parking])
  if (b.transit) rows.push(['Transit', b.transit])
  if (!rows.length) return null
  return (
    <section className="before-you-go" aria-labelledby="before-you-go-title">
      <h2 id="before-you-go-title">Before you go</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
