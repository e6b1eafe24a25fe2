import { useCallback, useRef, useState } from 'react'
import type { OrganizationCard, SearchChunk, SearchChunkRef } from '../content/types'
import { addChunk, createSearchIndex, findOrganizations, preloadSearch, type SearchIndex } from './search'

type Store = {
  // Made by the first chunk's turn in the queue (MiniSearch loads then); null until then, or if that failed.
  index: SearchIndex | null
  cards: OrganizationCard[]
  // Chunk URL -> fetched or being fetched; a failed chunk is forgotten, so the next load() asks again.
  started: Set<string>
  // One chunk indexed at a time, in arrival order.
  queue: Promise<void>
}

/**
 * The whole civic index, fetched chunk by chunk the first time the visitor searches or filters (the page's HTML
 * holds only its own cards). `indexed` counts the organizations searchable so far: results show as soon as one
 * chunk is in, and "nothing found" only once every organization has been searched.
 */
export function useOrganizationSearch(chunks: readonly SearchChunkRef[], total: number) {
  const store = useRef<Store | null>(null)
  const [indexed, setIndexed] = useState(0)
  const [failed, setFailed] = useState(false)

  const load = useCallback(() => {
    const s = (store.current ??= { index: null, cards: [], started: new Set(), queue: Promise.resolve() })
    const missing = chunks.filter((ref) => !s.started.has(ref.url))
    if (missing.length === 0) return
    setFailed(false)
    if (!s.index) preloadSearch()
    for (const ref of missing) {
      s.started.add(ref.url)
      fetch(ref.url)
        .then((response) => {
          if (!response.ok) throw new Error(`${ref.url}: HTTP ${response.status}`)
          return response.json() as Promise<SearchChunk>
        })
        .then((chunk) => {
          const done = s.queue.then(async () => {
            s.index ??= await createSearchIndex()
            await addChunk(s.index, s.cards, chunk)
          })
          s.queue = done.catch(() => undefined) // a broken chunk must not stop the ones after it
          return done.then(() => setIndexed((n) => n + chunk.organizations.length))
        })
        .catch(() => {
          s.started.delete(ref.url)
          setFailed(true)
        })
    }
  }, [chunks])

  // `indexed` is a dependency on purpose: every chunk that lands gives new results.
  const find = useCallback(
    (query: string, cause: string): OrganizationCard[] =>
      store.current?.index && indexed > 0 ? findOrganizations(store.current.index, store.current.cards, query, cause) : [],
    [indexed],
  )
  return { load, find, indexed, complete: indexed >= total, failed }
}
