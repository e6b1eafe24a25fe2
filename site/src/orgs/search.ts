// The civic index search: the spec's case-insensitive substring match on the name, over every organization.
//
// Why MiniSearch (small, typed, maintained) and not the others the issue names: Pagefind matches word
// prefixes after stemming and, when a word is not in its index, backtracks to the longest prefix that is (its
// issue #599, open #780), so "zzz" may list every name with a "z..." word and "rest" never finds "Forest": not
// the spec's substring match. FlexSearch's substring mode ("full") indexes every substring of every word, an
// index several times larger. MiniSearch does exact prefix search in a radix tree: indexing every suffix of
// every word turns it into substring search (a substring of a word is a prefix of one of its suffixes), and a
// final check on the whole name keeps the spec's exact rule for queries of several words. Indexing costs about a
// microsecond per letter (25,000 names: most of a second, several on a slow phone), so a chunk is read card by
// card with that same rule until it is in the index: a result shows as soon as its chunk has arrived.
import type MiniSearch from 'minisearch'
import type { OrganizationCard, SearchChunk } from '../content/types'

/** A document of the index: its position in the civic index (name order) and its name. */
type SearchDoc = { id: number; name: string }

export type SearchIndex = MiniSearch<SearchDoc>

const words = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean)

function suffixes(text: string): string[] {
  const out: string[] = []
  for (const word of words(text)) {
    for (let i = 0; i < word.length; i++) out.push(word.slice(i))
  }
  return out
}

/** The spec's rule: the name contains the query, ignoring case (and the query's outer spaces). */
export function nameMatches(name: string, query: string): boolean {
  return name.toLowerCase().includes(query.trim().toLowerCase())
}

/** Start fetching MiniSearch early (with the first chunk), so neither waits for the other. */
export function preloadSearch(): void {
  import('minisearch').catch(() => undefined) // a failure shows when the index is made
}

/** A new, empty index. MiniSearch is fetched then, on first search: the page's own JavaScript stays as it was. */
export async function createSearchIndex(): Promise<SearchIndex> {
  const { default: MiniSearch } = await import('minisearch')
  return new MiniSearch<SearchDoc>({
    fields: ['name'],
    tokenize: suffixes,
    // Already lowercased by the tokenizers; MiniSearch's default would also drop nothing, but costs a call.
    processTerm: (term) => term,
    searchOptions: { tokenize: words, prefix: true, combineWith: 'AND' },
  })
}

/**
 * Add one chunk of the civic index to the search index. In slices with a pause between them (MiniSearch's
 * addAllAsync): a slow phone keeps answering the visitor while it indexes.
 */
export async function addChunk(index: SearchIndex, chunk: SearchChunk): Promise<void> {
  await index.addAllAsync(
    chunk.organizations.map((card, i) => ({ id: chunk.start + i, name: card.name })),
    { chunkSize: 250 },
  )
}

/**
 * The cards matching the query (none: every card) and the cause (none: any), in the index's name order. `cards`
 * holds every card that has arrived, by position; `unindexed` the chunks not yet (wholly) in the index, which
 * are read card by card meanwhile, so a result shows as soon as its chunk has arrived.
 */
export function findOrganizations(
  index: SearchIndex | null,
  cards: readonly (OrganizationCard | undefined)[],
  unindexed: readonly SearchChunk[],
  query: string,
  cause: string,
): OrganizationCard[] {
  const inCause = (card: OrganizationCard) => !cause || card.causes.includes(cause)
  if (!query.trim()) return cards.filter((card): card is OrganizationCard => card !== undefined && inCause(card))
  const positions = new Set(index ? index.search(query).map((hit) => hit.id as number) : [])
  for (const chunk of unindexed) {
    chunk.organizations.forEach((card, i) => nameMatches(card.name, query) && positions.add(chunk.start + i))
  }
  return [...positions]
    .sort((a, b) => a - b)
    .map((position) => cards[position])
    .filter((card): card is OrganizationCard => card !== undefined && inCause(card) && nameMatches(card.name, query))
}
