import { useData } from 'vike-react/useData'
import type { Data } from './+data'

export default function Page() {
  const { home, choices } = useData<Data>()
  const [, href, label] = choices[0]!
  return (
    <div className="container">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{home.hero.heading}</h1>
        <p>{home.hero.text}</p>
        <a className="btn" href={href} data-choices={JSON.stringify(choices)}>{label}</a>
      </section>
      <section className="section" aria-label="Highlights">
        <div className="grid grid-3">
          {home.cards.map((card) => (
            <article className="card" key={card.title}>
              <h2>{card.title}</h2>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section card" aria-labelledby="organizers-title">
        <h2 id="organizers-title">{home.organizers.heading}</h2>
        <p>{home.organizers.text}</p>
      </section>
    </div>
  )
}
