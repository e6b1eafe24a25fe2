// The dashboard's "Your impact": verified hours, events attended, organizations helped, and every badge,
// earned or not yet (each the service's own SVG, with its name as the picture's text alternative); then, from
// the same answer, "Your progress" (loaded after the page).
import { useCallback, useEffect, useState } from 'react'
import { hoursText, myImpact, svgDataUrl, type Badge, type Impact } from '../src/api/impact'
import { getAuthClient } from '../src/auth/useAuth'
import { longDate } from '../src/organize/format'
import { MyProgress } from './DashboardPanels'

export function MyImpact() {
  const [impact, setImpact] = useState<Impact | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(() => {
    void myImpact(getAuthClient()).then((r) => (r.ok ? setImpact(r.data) : setError(r.message)))
  }, [])
  useEffect(load, [load])
  return (
    <>
      <section className="section card" aria-labelledby="impact-title">
        <h2 id="impact-title">Your impact</h2>
        {error ? (
          <p className="error" role="alert">{error}</p>
        ) : !impact ? (
          <p>Loading...</p>
        ) : (
          <>
            <ul className="numbers impact-numbers">
              <li>
                <strong>{impact.hours}</strong> {impact.hours === 1 ? 'hour' : 'hours'} volunteered
              </li>
              <li>
                <strong>{impact.events}</strong> {impact.events === 1 ? 'event' : 'events'} attended
              </li>
              <li>
                <strong>{impact.organizations}</strong> {impact.organizations === 1 ? 'organization' : 'organizations'} helped
              </li>
            </ul>
            {impact.events === 0 ? (
              <p>
                Hours count once an organizer checks you in at an event. <a href="/features">Find an event</a>
              </p>
            ) : null}
            <h3>Badges</h3>
            <BadgeList title="Earned" badges={impact.badges.filter((b) => b.earned)} empty="No badges yet: your first event earns one." />
            <BadgeList title="Not yet earned" badges={impact.badges.filter((b) => !b.earned)} empty="You have earned every badge. Thank you!" />
            {impact.attended.length ? (
              <>
                <h3>Events attended</h3>
                <ul className="attended">
                  {impact.attended.map((a) => (
                    <li key={a.eventId}>
                      <strong>{a.title}</strong>, {a.organization.name}, {a.date_text}: {hoursText(a.hours)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </section>
      {impact ? <MyProgress impact={impact} onChanged={load} /> : null}
    </>
  )
}

function BadgeList({ title, badges, empty }: { title: string; badges: Badge[]; empty: string }) {
  return (
    <>
      <h4>{title}</h4>
      {badges.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="badges">
          {badges.map((b) => (
            <li key={b.id} className={`badge${b.earned ? '' : ' badge-locked'}`}>
              <img src={svgDataUrl(b.svg)} alt={b.earned ? `${b.name} badge` : `${b.name} badge, not yet earned`} width={64} height={64} />
              <span>
                <strong>{b.name}</strong>
                <br />
                <span className="muted">
                  {b.description}
                  {b.earned && b.earnedAt ? ` Earned ${longDate(b.earnedAt)}.` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
