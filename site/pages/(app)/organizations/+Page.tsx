import { useEffect, useMemo, useRef, useState } from 'react'
import { useData } from 'vike-react/useData'
import { OrganizationCard } from '../../../components/OrganizationCard'
import { Pagination } from '../../../components/Pagination'
import { queryParam } from '../../../src/lib/query'
import { useOrganizationSearch } from '../../../src/orgs/useOrganizationSearch'
import type { Data } from './+data'

// Results shown at first, and added by each "Show more": as many as a page of the index holds.
const STEP = 48
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** Put the cause in the address (?cause=youth), so a filtered index can be shared. */
function keepCauseInUrl(cause: string) {
  const params = new URLSearchParams(window.location.search)
  if (cause) params.set('cause', cause)
  else params.delete('cause')
  const query = params.toString()
  window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''))
}

export default function Page() {
  const { heading, meta, cards, page, pages, total, causes, search } = useData<Data>()
  const orgSearch = useOrganizationSearch(search, total)
  const { load } = orgSearch
  // Uncontrolled fields, read after hydration: what a visitor typed or chose in the prerendered form stays.
  const queryInput = useRef<HTMLInputElement>(null)
  const causeSelect = useRef<HTMLSelectElement>(null)
  const [query, setQuery] = useState('')
  const [cause, setCause] = useState('')
  const [limit, setLimit] = useState(STEP)

  useEffect(() => {
    const known = (slug: string | null | undefined) => (slug && causes.some((c) => c.slug === slug) ? slug : '')
    const typed = queryInput.current?.value ?? ''
    const chosen = known(causeSelect.current?.value) || known(queryParam('cause'))
    if (causeSelect.current) causeSelect.current.value = chosen
    setQuery(typed)
    setCause(chosen)
    keepCauseInUrl(chosen)
    if (typed.trim() || chosen) load()
  }, [causes, load])

  const searching = query.trim() !== '' || cause !== ''
  const { find, complete, failed } = orgSearch
  const results = useMemo(() => (searching ? find(query, cause) : []), [searching, find, query, cause])
  const causeLabel = causes.find((c) => c.slug === cause)?.label

  const changeQuery = (value: string) => {
    setQuery(value)
    setLimit(STEP)
    if (value.trim()) load()
  }
  const changeCause = (value: string) => {
    setCause(value)
    setLimit(STEP)
    keepCauseInUrl(value)
    if (value) load()
  }

  let status = ''
  if (results.length > 0) status = `${count(results.length, 'organization', 'organizations')} found${complete ? '' : ' so far'}`
  else if (!complete) status = `Searching ${count(total, 'organization', 'organizations')}...`
  else {
    const among = causeLabel ? ` among those working on ${causeLabel}` : ''
    status = query.trim() ? `No organizations found matching "${query}"${among}` : `No organizations found${among}.`
  }

  return (
    <div className="container">
      <h1>{heading}</h1>
      <p className="muted">{meta.description}</p>
      <form className="filters org-filters" role="search" aria-label="Search organizations" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="org-search">Search organizations</label>
          <input
            id="org-search"
            type="search"
            placeholder="Search organizations..."
            ref={queryInput}
            onChange={(e) => changeQuery(e.target.value)}
            onFocus={load}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="org-cause">Cause</label>
          <select id="org-cause" name="cause" ref={causeSelect} onChange={(e) => changeCause(e.target.value)}>
            <option value="">All causes</option>
            {causes.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label} ({c.count.toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </div>
      </form>
      {/* Always in the page, so screen readers announce what it says once the visitor searches. */}
      <p className="org-status" role="status">
        {searching ? status : ''}
      </p>
      {searching ? (
        <>
          {failed ? (
            <p className="error" role="alert">
              Some organizations could not be loaded, so they may be missing from these results. Check your connection,
              then search again.
            </p>
          ) : null}
          {results.length > 0 ? (
            <ul className="org-grid" aria-label="Matching organizations">
              {results.slice(0, limit).map((org, i) => (
                <OrganizationCard key={org.id} org={org} lazy={i >= 8} />
              ))}
            </ul>
          ) : null}
          {results.length > limit ? (
            <button type="button" className="btn btn-secondary show-more" onClick={() => setLimit(limit + STEP)}>
              Show more organizations
            </button>
          ) : null}
        </>
      ) : (
        <>
          <p className="muted">
            {pages > 1
              ? `Page ${page} of ${pages}: ${count(total, 'organization', 'organizations')}, by name.`
              : `${count(total, 'organization', 'organizations')}, by name.`}
          </p>
          <ul className="org-grid" aria-label="Organizations">
            {cards.map((org, i) => (
              <OrganizationCard key={org.id} org={org} lazy={i >= 8} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  )
}
