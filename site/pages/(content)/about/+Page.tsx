import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { englishMarker } from '../../../src/content/inEnglish'
import type { Data } from './+data'

export default function Page() {
  const { about } = useData<Data>()
  const en = englishMarker(about.in_english, usePageContext().locale)
  return (
    <div className="container">
      <section className="hero" aria-labelledby="about-title">
        <h1 id="about-title" {...en('hero.heading')}>{about.hero.heading}</h1>
        <p {...en('hero.text')}>{about.hero.text}</p>
      </section>
      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title" {...en('why.heading')}>{about.why.heading}</h2>
        <p {...en('why.text')}>{about.why.text}</p>
      </section>
      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title" {...en('how_it_works.heading')}>{about.how_it_works.heading}</h2>
        <div className="grid grid-4">
          {about.how_it_works.cards.map((card, i) => (
            <article className="card" key={card.title}>
              <h3 {...en(`how_it_works.cards[${i}].title`)}>{card.title}</h3>
              <p {...en(`how_it_works.cards[${i}].text`)}>{card.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title" {...en('privacy.heading')}>{about.privacy.heading}</h2>
        <ul className="privacy-points">
          {about.privacy.points.map((point, i) => (
            <li key={point} {...en(`privacy.points[${i}]`)}>{point}</li>
          ))}
        </ul>
      </section>
    </div>
  )
}
