import { Trans, useLingui } from '@lingui/react/macro'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { tornado } = useData<Data>()
  const { t } = useLingui()
  const { locale = 'en' } = usePageContext()
  // The content's date (ISO, a calendar day) in the page's language: "May 16, 2025", "16 de mayo de 2025".
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(tornado.date))
  return (
    <div className="container">
      <section className="hero" aria-labelledby="tornado-title">
        <h1 id="tornado-title">{tornado.hero.heading}</h1>
        <p className="muted">
          <Trans>Written <time dateTime={tornado.date}>{date}</time>.</Trans>
        </p>
        <p>{tornado.hero.text}</p>
      </section>
      <section className="section" aria-labelledby="resources-title">
        <h2 id="resources-title" className="visually-hidden">{t`Resources`}</h2>
        <div className="grid">
          {tornado.links.map((link) => (
            <article className="card" key={link.href}>
              <h3>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden">{t` (opens in a new tab)`}</span>
                </a>
              </h3>
              <p>{link.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section card" aria-labelledby="message-title">
        <h2 id="message-title">{tornado.message.heading}</h2>
        <p>{tornado.message.text}</p>
      </section>
    </div>
  )
}
