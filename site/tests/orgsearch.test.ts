import { describe, expect, it } from 'vitest'
import { pageWindow } from '../components/Pagination'
import type { OrganizationCard, SearchChunk } from '../src/content/types'
import { addChunk, createSearchIndex, findOrganizations, nameMatches } from '../src/orgs/search'

const NAMES = [
  'Arch Grants',
  'COCA (Center of Creative Arts)',
  'Forest Park Forever',
  'Girl Scouts of Eastern Missouri',
  'KEEN St. Louis',
  'Saint Louis University',
  'University of Missouri–St. Louis',
]
const card = (name: string, causes: string[]): OrganizationCard => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  link: `/${name.length}`,
  logo: { src: '/logo.svg', alt: '', width: 1, height: 1 },
  causes,
})
const chunks: SearchChunk[] = [
  { start: 0, organizations: NAMES.slice(0, 4).map((n, i) => card(n, i % 2 ? ['youth'] : ['arts'])) },
  { start: 4, organizations: NAMES.slice(4).map((n, i) => card(n, i % 2 ? ['arts'] : ['youth'])) },
]

/** Search `loaded` chunks, of which the first `indexedCount` are in the index and the rest not yet. */
async function indexOf(loaded: SearchChunk[], indexedCount = loaded.length) {
  const index = await createSearchIndex()
  const cards: OrganizationCard[] = []
  for (const chunk of loaded) chunk.organizations.forEach((card, i) => (cards[chunk.start + i] = card))
  for (const chunk of loaded.slice(0, indexedCount)) await addChunk(index, chunk)
  const unindexed = loaded.slice(indexedCount)
  return (query: string, cause = '') => findOrganizations(index, cards, unindexed, query, cause).map((c) => c.name)
}

describe('civic index search', () => {
  it("is the spec's case-insensitive substring match on the name", async () => {
    const find = await indexOf(chunks)
    for (const query of ['forest', 'FOREST', 'rest', 'louis', 'st. l', ' Park Fore ', '(center', '–st', 'i', 'zzz', '<script>']) {
      expect(find(query), query).toEqual(NAMES.filter((name) => nameMatches(name, query)))
    }
    expect(find('forest')).toEqual(['Forest Park Forever'])
    expect(find('rest')).toEqual(['Forest Park Forever'])
    expect(find('louis')).toEqual(['KEEN St. Louis', 'Saint Louis University', 'University of Missouri–St. Louis'])
    expect(find('zzz')).toEqual([])
  })

  it('keeps the words of a query together and in order, as a substring', async () => {
    const find = await indexOf(chunks)
    expect(find('park forest')).toEqual([]) // both words are in the name, but not as one substring
    expect(find('louis univ')).toEqual(['Saint Louis University'])
  })

  it('lists everyone in name order without a query, and filters by cause', async () => {
    const find = await indexOf(chunks)
    expect(find('')).toEqual(NAMES)
    expect(find('', 'youth')).toEqual(['COCA (Center of Creative Arts)', 'Girl Scouts of Eastern Missouri', 'KEEN St. Louis', 'University of Missouri–St. Louis'])
    expect(find('louis', 'youth')).toEqual(['KEEN St. Louis', 'University of Missouri–St. Louis'])
  })

  it('reads chunks not yet indexed card by card, with the same results', async () => {
    for (const indexedCount of [0, 1]) {
      const find = await indexOf(chunks, indexedCount)
      for (const query of ['forest', 'louis', 'st. l', 'zzz', '']) {
        expect(find(query), `${query} with ${indexedCount} chunk(s) indexed`).toEqual(NAMES.filter((n) => nameMatches(n, query)))
      }
    }
  })

  it('searches what has arrived, in name order whichever chunk came first', async () => {
    expect((await indexOf([chunks[1]!]))('louis')).toEqual(['KEEN St. Louis', 'Saint Louis University', 'University of Missouri–St. Louis'])
    expect((await indexOf([chunks[1]!, chunks[0]!]))('')).toEqual(NAMES)
  })
})

describe('civic index pages', () => {
  it('links the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10])
    expect(pageWindow(6, 521)).toEqual([1, null, 4, 5, 6, 7, 8, null, 521])
    expect(pageWindow(521, 521)).toEqual([1, null, 519, 520, 521])
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
