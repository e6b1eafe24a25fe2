import { useLingui } from '@lingui/react/macro'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { Img } from '../../../components/Img'
import { PhotoPlaces } from '../../../components/PhotoPlaces'
import { RichText } from '../../../components/RichText'
import { followHref } from '../../../src/api/follows'
import { englishMarker } from '../../../src/content/inEnglish'
import { useLocalize } from '../../../src/i18n/useLocalize'
import type { Data } from './+data'

export default function Page() {
  const { org, upcoming, calendar } = useData<Data>()
  const { t } = useLingui()
  const local = useLocalize()
  const en = englishMarker(org.in_english, usePageContext().locale)
  const name = org.name
  const newTab = t` (opens in a new tab)`
  return (
    <article className="container">
      <header className="org-header">
        <Img image={org.logo} />
        <h1>{org.name}</h1>
      </header>

      <section className="hero" aria-labelledby="tagline">
        <h2 id="tagline" {...en('tagline')}>{org.tagline}</h2>
        <RichText html={org.description_html} {...en('description')} />
        {org.cta ? <a className="btn" href={local(org.cta.href)} {...en('cta.label')}>{org.cta.label}</a> : null}
        {/* A link, not a button: profiles ship no framework JavaScript; /follows does the following. */}
        <p className="follow-links">
          <a className="btn btn-secondary" href={local(followHref({ kind: 'organization', target: org.slug }))}>
            {t`Follow ${name}`}
          </a>
          {org.causes.map((cause) => (
            <a key={cause} href={local(followHref({ kind: 'cause', target: cause }))}>
              {t`Follow ${cause}`}
            </a>
          ))}
        </p>
      </section>

      <div className="grid section">
        <section className="card" aria-labelledby="goals-title">
          <h2 id="goals-title">{t`Future Goals`}</h2>
          <ul>
            {org.future_goals.map((goal, i) => <li key={goal} {...en(`future_goals[${i}]`)}>{goal}</li>)}
          </ul>
        </section>
        <section className="card" aria-labelledby="programs-title">
          <h2 id="programs-title">{t`Programs`}</h2>
          <ul>
            {org.programs.map((program, i) => <li key={program} {...en(`programs[${i}]`)}>{program}</li>)}
          </ul>
        </section>
      </div>

      {org.events_card.length > 0 || upcoming.length > 0 || calendar ? (
        <section className="section card" aria-labelledby="events-title">
          <h2 id="events-title">{t`Events`}</h2>
          {org.events_card.map((item, i) => (
            <div key={item.title}>
              <h3 {...en(`events_card[${i}].title`)}>{item.title}</h3>
              <p {...en(`events_card[${i}].text`)}>{item.text}</p>
            </div>
          ))}
          {upcoming.length > 0 ? (
            <>
              <h3>{t`Upcoming events`}</h3>
              <ul>
                {upcoming.map((event) => (
                  <li key={event.slug}>
                    <a href={local(event.href)}>{event.title}</a>{' '}
                    <span className="muted">
                      {event.date_text}, {event.time_text}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : calendar ? (
            <p>{t`No upcoming events right now. Check back soon!`}</p>
          ) : null}
          {calendar ? (
            <p>
              <a href={calendar.webcal}>{t`Subscribe to ${name}'s calendar`}</a> ·{' '}
              <a href={calendar.href} download={`${org.slug}.ics`}>{t`Download (.ics)`}</a>
            </p>
          ) : null}
        </section>
      ) : null}

      <PhotoPlaces org={org} />

      <section className="section" aria-labelledby="impact-title">
        <h2 id="impact-title">{t`Core Impact`}</h2>
        <div className="grid grid-4">
          {org.core_impact.map((card, i) => (
            <div className="card" key={card.title}>
              <h3 {...en(`core_impact[${i}].title`)}>{card.title}</h3>
              <p {...en(`core_impact[${i}].text`)}>{card.text}</p>
            </div>
          ))}
        </div>
      </section>

      {org.impact_numbers.length > 0 ? (
        <section className="section" aria-labelledby="numbers-title">
          <h2 id="numbers-title">{t`Impact Numbers`}</h2>
          <ul className="numbers">
            {org.impact_numbers.map((n, i) => (
              <li className="card" key={`${n.value} ${n.label}`}>
                <strong>{n.value}</strong> <span {...en(`impact_numbers[${i}].label`)}>{n.label}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section" aria-labelledby="connect-title">
        <h2 id="connect-title">{t`Connect`}</h2>
        <ul className="links">
          {org.social.map((s) => (
            <li key={s.href}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                {s.label}
                <span className="visually-hidden">{newTab}</span>
              </a>
            </li>
          ))}
          {org.website ? (
            <li>
              <a href={org.website} target="_blank" rel="noopener noreferrer">
                {t`Website`}<span className="visually-hidden">{newTab}</span>
              </a>
            </li>
          ) : null}
          {org.phone ? (
            <li>
              <a href={`tel:${org.phone.replace(/[^\d+]/g, '')}`}>{org.phone}</a>
            </li>
          ) : null}
          {org.email ? (
            <li>
              <a href={`mailto:${org.email}`}>{org.email}</a>
            </li>
          ) : null}
        </ul>
      </section>
    </article>
  )
}
