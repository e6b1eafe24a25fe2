import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { CardLogo } from '../../../components/CardLogo'
import { filterByName } from '../../../src/lib/search'
import type { Data } from './+data'

export default function Page() {
  const { organizations, meta } = useData<Data>()
  const [query, setQuery] = useState('')
  const shown = filterByName(organizations, query)
  return (
    <div className="container">
      <h1>{meta.title}</h1>
      <p className="muted">{meta.description}</p>
      <div className="field form" role="search">
        <label htmlFor="org-search">Search organizations</label>
        <input
          id="org-search"
          type="search"
          placeholder="Search organizations..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      {shown.length === 0 ? (
        <p role="status">No organizations found matching "{query}"</p>
      ) : (
        <ul className="org-grid" aria-label="Organizations">
          {shown.map((org, i) => (
            <li key={org.id}>
              <a className="org-card" href={org.link}>
                <CardLogo image={org.logo} lazy={i >= 8} />
                <span>{org.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
