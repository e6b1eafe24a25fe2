// Start-up of the web editor at /admin: Decap CMS with CivicSTL's YAML format.
//
// Loaded as a classic script before Decap's bundle: it stops Decap's automatic start, then, once
// the bundle is there, registers one format per collection (src/admin/yamlFormat.ts, told the
// collection's fields by the generated config.yml), refuses a save the content check would
// refuse for a required list left empty (src/admin/requiredLists.ts) and starts Decap with that
// configuration.
import { parse } from 'yaml'
import { ownFolder, withEntryPictures, type Widget } from './entryPictures'
import { refuseEmptyLists } from './requiredLists'
import { contentFormat, shapeOf, type FieldConfig, type Formatter } from './yamlFormat'

interface CollectionConfig {
  name: string
  description?: string
  public_folder?: string
  format?: string
  slug?: string
  identifier_field?: string
  fields?: FieldConfig[]
  files?: { name: string; fields: FieldConfig[] }[]
}

interface EntryMap {
  get(key: string): unknown
  set(key: string, value: unknown): EntryMap
}

interface Cms {
  registerCustomFormat(name: string, extension: string, formatter: Formatter): void
  registerEventListener(listener: { name: string; handler: (event: { entry: EntryMap }) => unknown }): void
  getWidget(name: string): Widget | undefined
  registerLocale(locale: string, phrases: Phrases): void
  registerWidget(widget: Record<string, unknown>): void
  init(options: { config: Record<string, unknown> }): void
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean
    CMS?: Cms
  }
}

type Phrases = { [key: string]: string | Phrases }

const CONFIG_URL = '/admin/config.yml'
// Decap merges a locale's phrases over its English ones: ours are English with a few changes.
const LOCALE = 'en-civicstl'
const PHRASES: Phrases = {
  // Decap's "＋" before "Organization" is a character few fonts have (an empty box on Debian's).
  collection: { collectionTop: { newButton: 'New %{collectionLabel}' } },
  editor: {
    // The configuration's pattern messages are whole sentences (generator/cms_config.py):
    // Decap's "<field> didn't match the pattern: <sentence>." would wrap them in another.
    editorControlPane: { widget: { regexPattern: '%{pattern}' } },
    // Decap says "Changes saved" for a new entry nobody has saved yet.
    editorToolbar: { changesSaved: 'No unsaved changes' },
  },
}
// Decap writes a field's errors in capitals, which makes a sentence hard to read.
// (ul[...] outweighs the single class of Decap's own rule, which comes later.)
const STYLE = 'ul[class*="-ControlErrorsList"]{text-transform:none}'
// Where Decap looks for decap-server (decap-cms-core's detectProxyServer).
const LOCAL_HOSTS = ['localhost', '127.0.0.1']

/** What saving does, told under each collection's title and on the buttons. */
const SAVING = {
  // The editorial workflow: GitHub, or decap-server in git mode (tests/e2e/editor.py).
  pullRequests: {
    sentence: 'Save opens a pull request, which the content check runs on; Publish merges it.',
    phrases: {},
  },
  // decap-server in file mode (`make admin`): no workflow, and Decap's one button, "Publish",
  // writes the file into the working copy, which is saving, not publishing.
  files: {
    sentence: 'Save writes the file into content/ on this computer: then run make check and commit it.',
    phrases: {
      editor: {
        editorToolbar: {
          publish: 'Save',
          publishing: 'Saving...',
          publishNow: 'Save now',
          publishAndCreateNew: 'Save and create new',
          publishAndDuplicate: 'Save and duplicate',
          published: 'Saved',
        },
      },
    },
  },
} satisfies Record<string, { sentence: string; phrases: Phrases }>

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
  const saving = (await writesFiles(config)) ? SAVING.files : SAVING.pullRequests
  for (const collection of config.collections) {
    collection.description = [collection.description, saving.sentence].filter(Boolean).join(' ')
  }
  cms.registerLocale(LOCALE, merged(PHRASES, saving.phrases))
  const style = document.createElement('style')
  style.textContent = STYLE
  document.head.append(style)
  for (const collection of config.collections) {
    if (!collection.format?.startsWith('civicstl-')) continue
    const fields = collection.fields ?? (collection.files ?? []).flatMap((file) => file.fields)
    cms.registerCustomFormat(collection.format, 'yaml', contentFormat(shapeOf(fields), fileNameField(collection)))
  }
  const image = cms.getWidget('image')
  if (image) cms.registerWidget(withEntryPictures(image))
  // Decap runs these in order; an error thrown stops the save and is shown to the editor.
  cms.registerEventListener({ name: 'preSave', handler: ({ entry }) => refuseEmptyLists(entry, config.collections) })
  cms.registerEventListener({ name: 'preSave', handler: ({ entry }) => newEntryData(entry, config.collections) })
  cms.init({ config: { ...config, locale: LOCALE, load_config_file: false } })
}

/**
 * Whether Decap will save through decap-server in file mode, straight into content/.
 *
 * Decap tells nobody which publish mode it chose, and chooses before anything of ours can run
 * again: this asks decap-server as Decap does (decap-cms-core's detectProxyServer and
 * getPublishMode), on localhost only, and Decap falls back to its simple mode when the server
 * lacks the configured workflow. tests/e2e/test_web_editor.py sees the words in both modes.
 */
async function writesFiles(config: Record<string, unknown>): Promise<boolean> {
  const url = (config.local_backend as { url?: string } | undefined)?.url
  if (!url || !LOCAL_HOSTS.includes(location.hostname)) return false
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
    })
    const info = (await response.json()) as { publish_modes?: string[] }
    return !(info.publish_modes ?? []).includes(String(config.publish_mode))
  } catch {
    // No decap-server: Decap uses GitHub, with pull requests.
    return false
  }
}

/** `extra`'s phrases over `base`'s, part by part. */
function merged(base: Phrases, extra: Phrases): Phrases {
  const result: Phrases = { ...base }
  for (const [key, value] of Object.entries(extra)) {
    const under = result[key]
    result[key] = typeof value === 'string' || typeof under !== 'object' ? value : merged(under, value)
  }
  return result
}

/** The form field a collection names new files after (`slug: '{{fields.slug}}'`), if any. */
function fileNameField(collection: CollectionConfig): string | undefined {
  return /^\{\{fields\.(\w+)\}\}$/.exec(collection.slug ?? '')?.[1]
}

/**
 * A new entry's data as saved: an address made from its name if it was left empty, and its
 * pictures in its own folder.
 *
 * Decap uploads a new entry's pictures into the collection's folder (its file name, in the
 * media folder's {{filename}}, is not known yet) and moves them into the entry's own folder when
 * it saves, without changing the values that name them: so the values are moved here too.
 */
function newEntryData(entry: EntryMap, collections: CollectionConfig[]): unknown {
  const collection = collections.find((c) => c.name === entry.get('collection'))
  const field = collection && fileNameField(collection)
  if (!field || !entry.get('newRecord')) return undefined
  let data = entry.get('data') as EntryMap
  let address = String(data.get(field) ?? '')
  if (!address) {
    address = addressOf(String(data.get(collection.identifier_field ?? 'title') ?? ''))
    data = data.set(field, address)
  }
  const root = ownFolder(collection.public_folder ?? '', '')
  if (!collection.public_folder?.includes('{{filename}}') || !root) return data
  return movePictures(data, `${root}/`, `${root}/${address}/`)
}

interface Mappable {
  map(update: (value: unknown) => unknown): unknown
}

/** Every value naming a picture directly in `from` now names it in `to` (Immutable maps and lists). */
function movePictures(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') {
    const name = value.slice(from.length)
    return value.startsWith(from) && name && !name.includes('/') ? to + name : value
  }
  if (value && typeof (value as Partial<Mappable>).map === 'function') {
    return (value as Mappable).map((item) => movePictures(item, from, to))
  }
  return value
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
