import { useData } from 'vike-react/useData'
import type { Data } from './+data'

export default function Page() {
  const { about } = useData<Data>()
  return (
    <div className="container">
      <section className="hero" aria-labelledby="about-title">
        <h1 id="about-title">{about.hero.heading}</h1>
        <p>{about.hero.text}</p>
      </section>
      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title">{about.why.heading}</h2>
        <p>{about.why.text}</p>
      </section>
      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">{about.how_it_works.heading}</h2>
        <div className="grid grid-4">
          {about.how_it_works.cards.map((card) => (
            <article className="card" key={card.title}>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{about.privacy.heading}</h2>
        <ul className="privacy-points">
          {about.privacy.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
    </div>
  )
}
