// The web editor refuses a required list left empty in the content check's sentence, before
// Decap saves (on GitHub, where no local backend runs the check).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { NotSaved, refuseEmptyLists, type EntryData, type FieldsOf } from '../src/admin/requiredLists'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// The generator's configuration for its test content, with the check's sentences in it.
const config = parse(fs.readFileSync(path.join(root, 'tests/generator/fixtures/golden/public/admin/config.yml'), 'utf8')) as {
  collections: FieldsOf[]
}
// What `python -m generator check` says of an event saved without slots, after its location.
const NO_SLOTS = 'slots: expected the required field `slots`, found no such field in this block. Add `slots:` here (see content/README.md for what it holds).'

/** Decap's entry as preSave gets it: Immutable maps, with lists that have a size. */
function entry(collection: string, data: Record<string, unknown>, slug = ''): EntryData {
  const values = new Map(Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? { size: v.length } : v]))
  const fields = new Map<string, unknown>([['collection', collection], ['slug', slug], ['data', { get: (k: string) => values.get(k) }]])
  return { get: (key: string) => fields.get(key) }
}

const EVENT = { title: 'River Clean-up Paddle', host: 'keenstl', date: '2026-06-13', location: 'Alton Marina' }

describe('refuseEmptyLists', () => {
  it("throws the check's sentence for an event with no slots, empty or left out", () => {
    for (const data of [{ ...EVENT, slots: [] }, EVENT]) {
      const refuse = () => refuseEmptyLists(entry('events', data), config.collections)
      expect(refuse).toThrow(NotSaved)
      expect(refuse).toThrow(NO_SLOTS)
      try {
        refuse()
      } catch (error) {
        // Decap shows String(error) after "Failed to persist entry: ".
        expect(String(error)).toBe(NO_SLOTS)
      }
    }
  })

  it('lets an event with one slot be saved, unchanged', () => {
    expect(refuseEmptyLists(entry('events', { ...EVENT, slots: [{ time: '9:00-11:00 AM' }] }), config.collections)).toBeUndefined()
  })

  it("finds a page's fields by its file name", () => {
    const fields = config.collections.find((c) => c.name === 'pages')!.files!.find((f) => f.name === 'home')!.fields
    const lists = fields.filter((f) => f.empty_message)
    expect(lists.length).toBeGreaterThan(0)
    expect(() => refuseEmptyLists(entry('pages', {}, 'home'), config.collections)).toThrow(lists[0]!.empty_message!)
  })
})
