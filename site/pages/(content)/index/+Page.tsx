import { useLingui } from '@lingui/react/macro'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { englishMarker } from '../../../src/content/inEnglish'
import { useLocalize } from '../../../src/i18n/useLocalize'
import type { Data } from './+data'

export default function Page() {
  const { home, choices, button, next, partners, partnerCount } = useData<Data>()
  const { locale = 'en' } = usePageContext()
  const local = useLocalize()
  const { t } = useLingui()
  const en = englishMarker(home.in_english, locale)
  return (
    <div className="container">
      <section className="hero home-hero" aria-labelledby="home-title">
        <div className="home-intro">
          <h1 id="home-title" {...en('hero.heading')}>{home.hero.heading}</h1>
          <p {...en('hero.text')}>{home.hero.text}</p>
          <a className="btn" href={local(button.href)}
            data-choices={JSON.stringify(choices.map(([end, href, ...rest]) => [end, local(href), ...rest]))}>
            {button.label}
          </a>
        </div>
        <section className="next-events" aria-labelledby="next-title">
          <h2 id="next-title">{t`Next events`}</h2>
          {next.length === 0 ? <p>{t`No upcoming events right now. Check back soon!`}</p> : null}
          <ol>
            {next.map((e) => (
              <li key={e.path}>
                <a href={local(e.path)} lang={e.lang}>{e.title}</a>
                <span className="muted">
                  {e.date}
                  <span className="next-more"> · {e.time} · {e.host}</span>
                </span>
              </li>
            ))}
          </ol>
          <a href={local('/features')}>{t`All upcoming events`}</a>
        </section>
      </section>
      <section className="section partners" aria-labelledby="partners-title">
        <div className="partners-head">
          <h2 id="partners-title">{t`Our partners`}</h2>
          <a href={local('/organizations')}>{t`All ${partnerCount} partners`}</a>
        </div>
        <ul>
          {partners.map((p) => (
            <li key={p.link}>
              <a href={local(p.link)} title={p.name}>
                <img src={p.logo} alt={p.name} width={48} height={48} />
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-label={t`Highlights`}>
        <div className="grid grid-3">
          {home.cards.map((card, i) => (
            <a className="card card-link" href={local(card.href)} key={card.title}>
              <h2 {...en(`cards[${i}].title`)}>{card.title}</h2>
              <p {...en(`cards[${i}].text`)}>{card.text}</p>
            </a>
          ))}
        </div>
      </section>
      <section className="section card" aria-labelledby="organizers-title">
        <h2 id="organizers-title" {...en('organizers.heading')}>{home.organizers.heading}</h2>
        <p {...en('organizers.text')}>{home.organizers.text}</p>
      </section>
    </div>
  )
}
