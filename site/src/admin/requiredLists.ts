// The content check's refusal of a required list left empty, before Decap saves the entry.
//
// Decap saves a required list with no items (decap-cms issues 5381 and 7383) and the format
// leaves it out of the file, which the check then refuses. The generated config.yml gives each
// such list its `empty_message`: the check's own sentence (generator/cms_config.py).
import type { FieldConfig } from './yamlFormat'

/** A list field of the generated configuration, with the check's sentence for none. */
export interface ListField extends FieldConfig {
  min?: number
  required?: boolean
  empty_message?: string
}

/** Decap's entry and data (Immutable maps): only what is read here. */
export interface EntryData {
  get(key: string): unknown
}

/** A collection as the configuration gives it: its fields, or its files' fields by name. */
export interface FieldsOf {
  name: string
  fields?: ListField[]
  files?: { name: string; fields: ListField[] }[]
}

/** Thrown from Decap's preSave: Decap then saves nothing and shows it after "Failed to persist entry: ". */
export class NotSaved extends Error {
  override toString(): string {
    return this.message
  }
}

/** Throws the check's sentences for the required lists `entry` leaves empty; returns nothing. */
export function refuseEmptyLists(entry: EntryData, collections: FieldsOf[]): undefined {
  const collection = collections.find((c) => c.name === entry.get('collection'))
  const fields = collection?.fields ?? collection?.files?.find((f) => f.name === entry.get('slug'))?.fields ?? []
  const data = entry.get('data') as EntryData
  const sentences = fields
    .filter((field) => field.empty_message && itemCount(data.get(field.name)) === 0)
    .map((field) => field.empty_message)
  if (sentences.length > 0) throw new NotSaved(sentences.join(' '))
  return undefined
}

/** How many items a list value holds: an Immutable List's size, an array's length, or none. */
function itemCount(value: unknown): number {
  if (Array.isArray(value)) return value.length
  const size = (value as { size?: unknown } | null | undefined)?.size
  return typeof size === 'number' ? size : 0
}
