import { Trans, useLingui } from '@lingui/react/macro'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { englishMarker } from '../../../src/content/inEnglish'
import type { Data } from './+data'

export default function Page() {
  const { tornado } = useData<Data>()
  const { t } = useLingui()
  const { locale = 'en' } = usePageContext()
  const en = englishMarker(tornado.in_english, locale)
  // The content's date (ISO, a calendar day) in the page's language: "May 16, 2025", "16 de mayo de 2025".
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(tornado.date))
  return (
    <div className="container">
      <section className="hero" aria-labelledby="tornado-title">
        <h1 id="tornado-title" {...en('hero.heading')}>{tornado.hero.heading}</h1>
        <p className="muted">
          <Trans>Written <time dateTime={tornado.date}>{date}</time>.</Trans>
        </p>
        <p {...en('hero.text')}>{tornado.hero.text}</p>
      </section>
      <section className="section" aria-labelledby="resources-title">
        <h2 id="resources-title" className="visually-hidden">{t`Resources`}</h2>
        <div className="grid">
          {tornado.links.map((link, i) => (
            <article className="card" key={link.href}>
              <h3>
                <a href={link.href} target="_blank" rel="noopener noreferrer" {...en(`links[${i}].label`)}>
                  {link.label}
                  <span className="visually-hidden">{t` (opens in a new tab)`}</span>
                </a>
              </h3>
              <p {...en(`links[${i}].text`)}>{link.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section card" aria-labelledby="message-title">
        <h2 id="message-title" {...en('message.heading')}>{tornado.message.heading}</h2>
        <p {...en('message.text')}>{tornado.message.text}</p>
      </section>
    </div>
  )
}
