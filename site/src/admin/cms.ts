// Start-up of the web editor at /admin: Decap CMS with CivicSTL's YAML format.
//
// Loaded as a classic script before Decap's bundle: it stops Decap's automatic start, then, once
// the bundle is there, registers one format per collection (src/admin/yamlFormat.ts, told the
// collection's fields by the generated config.yml) and starts Decap with that configuration.
import { parse } from 'yaml'
import { contentFormat, shapeOf, type FieldConfig, type Formatter } from './yamlFormat'

interface CollectionConfig {
  name: string
  format?: string
  slug?: string
  identifier_field?: string
  fields?: FieldConfig[]
  files?: { fields: FieldConfig[] }[]
}

interface EntryMap {
  get(key: string): unknown
  set(key: string, value: unknown): EntryMap
}

interface Cms {
  registerCustomFormat(name: string, extension: string, formatter: Formatter): void
  registerEventListener(listener: { name: string; handler: (event: { entry: EntryMap }) => unknown }): void
  init(options: { config: Record<string, unknown> }): void
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean
    CMS?: Cms
  }
}

const CONFIG_URL = '/admin/config.yml'

window.CMS_MANUAL_INIT = true
document.addEventListener('DOMContentLoaded', () => {
  start().catch((error: unknown) => showError(error instanceof Error ? error.message : String(error)))
})

async function start(): Promise<void> {
  const response = await fetch(CONFIG_URL, { credentials: 'same-origin' })
  if (!response.ok) {
    throw new Error(`The editor's settings (${CONFIG_URL}) could not be loaded (HTTP ${response.status}). Rebuild the site with \`make build\` and reload this page.`)
  }
  const config = parse(await response.text()) as { collections: CollectionConfig[] } & Record<string, unknown>
  const cms = window.CMS
  if (!cms) throw new Error("The editor's program did not load. Reload this page; if it happens again, rebuild the site with `make build`.")
  for (const collection of config.collections) {
    if (!collection.format?.startsWith('civicstl-')) continue
    const fields = collection.fields ?? (collection.files ?? []).flatMap((file) => file.fields)
    cms.registerCustomFormat(collection.format, 'yaml', contentFormat(shapeOf(fields), fileNameField(collection)))
  }
  cms.registerEventListener({ name: 'preSave', handler: ({ entry }) => addressFromName(entry, config.collections) })
  cms.init({ config: { ...config, load_config_file: false } })
}

/** The form field a collection names new files after (`slug: '{{fields.slug}}'`), if any. */
function fileNameField(collection: CollectionConfig): string | undefined {
  return /^\{\{fields\.(\w+)\}\}$/.exec(collection.slug ?? '')?.[1]
}

/** A new entry whose address was left empty gets one made from its name. */
function addressFromName(entry: EntryMap, collections: CollectionConfig[]): unknown {
  const collection = collections.find((c) => c.name === entry.get('collection'))
  const field = collection && fileNameField(collection)
  const data = entry.get('data') as EntryMap
  if (!field || !entry.get('newRecord') || data.get(field)) return undefined
  const name = String(data.get(collection.identifier_field ?? 'title') ?? '')
  return data.set(field, addressOf(name))
}

/** `St. Louis Rowing Club` -> `st-louis-rowing-club`: letters, digits and dashes, as file names must be. */
function addressOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

function showError(message: string): void {
  const box = document.createElement('p')
  box.setAttribute('role', 'alert')
  box.style.cssText = 'max-width:40rem;margin:3rem auto;font:1rem/1.5 system-ui,sans-serif'
  box.textContent = message
  document.body.prepend(box)
}
