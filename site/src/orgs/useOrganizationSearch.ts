import { useCallback, useRef, useState } from 'react'
import type { OrganizationCard, SearchChunk, SearchChunkRef } from '../content/types'
import { addChunk, createSearchIndex, findOrganizations, preloadSearch, type SearchIndex } from './search'

type Store = {
  // Made by the first chunk's turn in the queue (MiniSearch loads then); null until then, or if that failed.
  index: SearchIndex | null
  // Every card that has arrived, by its position in the index.
  cards: OrganizationCard[]
  // Chunks that have arrived but are not yet (wholly) in the index.
  unindexed: Set<SearchChunk>
  // Chunk URLs fetched or being fetched; a failed chunk is forgotten, so the next load() asks again.
  started: Set<string>
  // One chunk indexed at a time, in arrival order.
  queue: Promise<void>
}

/**
 * The whole civic index, fetched chunk by chunk the first time the visitor searches or filters (the page's HTML
 * holds only its own cards). `arrived` counts the organizations searchable so far: results show as soon as the
 * chunk holding them is in, and "nothing found" only once every organization has been searched.
 */
export function useOrganizationSearch(chunks: readonly SearchChunkRef[], total: number) {
  const store = useRef<Store | null>(null)
  const [arrived, setArrived] = useState(0)
  // Bumped when a chunk has been indexed: the same results, now from the index.
  const [indexed, setIndexed] = useState(0)
  const [failed, setFailed] = useState(false)

  const load = useCallback(() => {
    const s = (store.current ??= { index: null, cards: [], unindexed: new Set(), started: new Set(), queue: Promise.resolve() })
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
          chunk.organizations.forEach((card, i) => (s.cards[chunk.start + i] = card))
          s.unindexed.add(chunk)
          setArrived((n) => n + chunk.organizations.length)
          const done = s.queue.then(async () => {
            s.index ??= await createSearchIndex()
            await addChunk(s.index, chunk)
            s.unindexed.delete(chunk)
            setIndexed((n) => n + 1)
          })
          // A chunk that could not be indexed stays searchable card by card; the next ones still get their turn.
          s.queue = done.catch(() => undefined)
        })
        .catch(() => {
          s.started.delete(ref.url)
          setFailed(true)
        })
    }
  }, [chunks])

  // `arrived` and `indexed` are dependencies on purpose: each chunk that lands, or is indexed, renews the results.
  const find = useCallback(
    (query: string, cause: string): OrganizationCard[] => {
      const s = store.current
      return s && arrived + indexed > 0 ? findOrganizations(s.index, s.cards, [...s.unindexed], query, cause) : []
    },
    [arrived, indexed],
  )
  return { load, find, complete: arrived >= total, failed }
}
