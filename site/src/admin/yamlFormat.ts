// The web editor's file format: reads content YAML and writes it back keeping what people wrote.
//
// Decap CMS's own YAML format parses a file into data and prints the data afresh: comments, the
// schema modeline, quoting and `>-` text blocks are lost. This format keeps the text it loaded
// (under SOURCE_KEY, a key of the entry's data that no form field shows) and, on save, rewrites
// only the top-level fields whose values changed; every other line stays byte for byte. A
// changed field keeps the comments and styles inside it (yaml's document model carries them).
// A new file gets the fields in the form's order, after the comments the configuration gives
// (the first field's comment is the schema modeline).
import {
  Document,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  Pair,
  parseDocument,
  Scalar,
  YAMLMap,
  type DocumentOptions,
  type Node as YamlNode,
  type ParseOptions,
  type SchemaOptions,
  type ToStringOptions,
} from 'yaml'

/** What the format knows of a file's fields: their order, which hold dates, what is inside. */
export interface Shape {
  keys: string[]
  children: Record<string, Shape>
  item?: Shape
  date?: boolean
}

/** A field of the CMS configuration, as far as the format reads it. */
export interface FieldConfig {
  name: string
  widget?: string
  field?: FieldConfig
  fields?: FieldConfig[]
  /** A year-month-day date typed as text (generator/cms_config.py): written unquoted. */
  date?: boolean
}

/** Decap's custom format interface. */
export interface Formatter {
  fromFile(content: string): Record<string, unknown>
  toFile(data: Record<string, unknown>, sortedKeys?: string[], comments?: Record<string, string>): string
}

/** The entry data key that carries the file's text from loading to saving. */
export const SOURCE_KEY = '__civicstlSource'

type Options = DocumentOptions & ParseOptions & SchemaOptions
// The generator reads files with PyYAML, a YAML 1.1 parser: `yes` is true and 1:30 a number there
// too. Dates stay text, as the editor's date fields hold them.
const OPTIONS: Options = {
  version: '1.1',
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
}
// Our files: `[a, b]` lists, `- ` items indented under their key, long lines left long.
const PRINT: ToStringOptions = { flowCollectionPadding: false, indentSeq: true, lineWidth: 0 }
// `>-` text is folded about where editors wrap it.
const FOLDED_WIDTH = 96

// Text PyYAML would read as something else (its implicit resolvers): written in quotes.
const PYYAML_OTHER = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:<<|=)$/,
]
const PYYAML_DATE =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/

/** The shape of a collection's fields (for a file collection, of all its files' fields). */
export function shapeOf(fields: FieldConfig[]): Shape {
  const shape: Shape = { keys: [], children: {} }
  for (const field of fields) {
    if (!shape.keys.includes(field.name)) shape.keys.push(field.name)
    shape.children[field.name] = merge(shape.children[field.name], fieldShape(field))
  }
  return shape
}

function fieldShape(field: FieldConfig): Shape {
  if (field.date === true) return { keys: [], children: {}, date: true }
  if (field.widget === 'list') {
    const item = field.fields ? shapeOf(field.fields) : field.field ? fieldShape(field.field) : undefined
    return { keys: [], children: {}, ...(item ? { item } : {}) }
  }
  return field.fields ? shapeOf(field.fields) : { keys: [], children: {} }
}

function merge(a: Shape | undefined, b: Shape): Shape {
  if (!a) return b
  const keys = [...a.keys, ...b.keys.filter((k) => !a.keys.includes(k))]
  const children = { ...a.children }
  for (const [k, v] of Object.entries(b.children)) children[k] = merge(children[k], v)
  return { ...a, ...b, keys, children }
}

/** The format for one collection; `fileNameKey` is the form field that only names a new file. */
export function contentFormat(shape: Shape, fileNameKey?: string): Formatter {
  return {
    fromFile(content) {
      const doc = parseDocument(content, OPTIONS)
      const data = doc.errors.length ? undefined : (doc.toJS() ?? {})
      if (!isPlainObject(data)) {
        const why = doc.errors.map((e) => e.message).join(' ') || 'it does not hold `key: value` lines at its top level.'
        throw new Error(`The editor cannot open this file: ${why} Fix it in GitHub's file editor (content/README.md says how), then reload this page.`)
      }
      return { ...data, [SOURCE_KEY]: content }
    },
    toFile(data, _sortedKeys, comments = {}) {
      const { [SOURCE_KEY]: source, ...values } = data
      if (fileNameKey) delete values[fileNameKey]
      return typeof source === 'string' && source.trim() ? patch(source, values, shape) : fresh(values, shape, comments)
    },
  }
}

/** A new file: the fields in the form's order, each after its configured comment lines. */
function fresh(values: Record<string, unknown>, shape: Shape, comments: Record<string, string>): string {
  const doc = new Document(undefined, OPTIONS)
  const lines: string[] = []
  for (const key of ordered(Object.keys(values), shape.keys)) {
    const value = prune(values[key])
    if (value === undefined) continue
    for (const line of (comments[key] ?? '').split('\n').filter(Boolean)) lines.push(`# ${line}`)
    lines.push(...pairLines(doc.createPair(key, null), value, shape.children[key]))
  }
  return lines.join('\n') + '\n'
}

interface Segment {
  key: string
  pair: Pair
  leading: string[] // the comment lines right above the key
  body: string[] // the key's line and its value's
  trailing: string[] // blank lines and comments at the left edge after the value
}

/** An existing file: unchanged fields keep their lines; changed ones are rewritten in place. */
function patch(source: string, values: Record<string, unknown>, shape: Shape): string {
  const eol = source.includes('\r\n') ? '\r\n' : '\n'
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { ...OPTIONS, lineCounter, keepSourceTokens: true })
  const root = doc.contents
  if (doc.errors.length || !isMap(root)) throw new Error('The file this entry came from can no longer be read. Reload the page and make the change again.')
  const before = (doc.toJS() ?? {}) as Record<string, unknown>
  const lines = source.split(/\r?\n/)
  const finalNewline = lines[lines.length - 1] === ''
  if (finalNewline) lines.pop()
  const pairs = root.items as Pair[]
  const keyLines = pairs.map((p) => lineCounter.linePos((p.key as YamlNode).range![0]).line - 1)
  const starts = keyLines.map((line, i) => {
    let start = line
    while (i > 0 && start - 1 > keyLines[i - 1]! && lines[start - 1]!.startsWith('#')) start -= 1
    return start
  })
  const header = lines.slice(0, keyLines[0] ?? lines.length)
  const segments: Segment[] = pairs.map((pair, i) => {
    const end = i + 1 < pairs.length ? starts[i + 1]! : lines.length
    let bodyEnd = end
    while (bodyEnd > keyLines[i]! + 1 && isGap(lines[bodyEnd - 1]!)) bodyEnd -= 1
    return {
      key: keyOf(pair),
      pair,
      leading: lines.slice(starts[i], keyLines[i]),
      body: lines.slice(keyLines[i], bodyEnd),
      trailing: lines.slice(bodyEnd, end),
    }
  })
  const kept: Segment[] = []
  for (const segment of segments) {
    const { key } = segment
    const value = key in values && !deepEqual(before[key], values[key]) ? prune(values[key]) : values[key]
    if (value === undefined) {
      // A field emptied in the form goes with the comments above it; what follows it (notes at
      // the left edge, often about the next fields) stays.
      ;(kept.length ? kept[kept.length - 1]!.trailing : header).push(...segment.trailing)
      continue
    }
    if (!deepEqual(before[key], value)) segment.body = pairLines(segment.pair, value, shape.children[key])
    kept.push(segment)
  }
  const present = new Set(kept.map((s) => s.key))
  for (const key of ordered(Object.keys(values), shape.keys)) {
    const value = prune(values[key])
    if (present.has(key) || value === undefined) continue
    const added = { key, pair: doc.createPair(key, null), leading: [], trailing: [], body: [] as string[] }
    added.body = pairLines(added.pair, value, shape.children[key])
    const rank = shape.keys.indexOf(key)
    const after = rank < 0 ? kept.length - 1 : findLastIndex(kept, (s) => { const r = shape.keys.indexOf(s.key); return r >= 0 && r < rank })
    kept.splice(after + 1, 0, added)
    present.add(key)
  }
  const out = [...header, ...kept.flatMap((s) => [...s.leading, ...s.body, ...s.trailing])]
  return out.join(eol) + (finalNewline ? eol : '')
}

function keyOf(pair: Pair): string {
  return String(isScalar(pair.key) ? pair.key.value : pair.key)
}

function isGap(line: string): boolean {
  return line.trim() === '' || line.startsWith('#')
}

/** `key: value` as lines, the value applied onto the pair's existing node to keep its styles. */
function pairLines(pair: Pair, value: unknown, shape: Shape | undefined): string[] {
  const doc = new Document(undefined, OPTIONS)
  pair.value = apply(doc, pair.value, value, shape)
  const key = pair.key as YamlNode
  // The comments above the key are kept as lines of the file, not printed again.
  key.commentBefore = undefined
  key.spaceBefore = false
  const map = new YAMLMap(doc.schema)
  map.items.push(pair)
  doc.contents = map
  const text = doc.toString({ ...PRINT, lineWidth: hasFolded(pair.value) ? FOLDED_WIDTH : 0 })
  const lines = text.replace(/\n$/, '').split('\n')
  // A comment after the value belongs to the file's lines after it, which are kept as they are.
  while (lines.length > 1 && isGap(lines[lines.length - 1]!)) lines.pop()
  return lines
}

function apply(doc: Document, node: unknown, value: unknown, shape: Shape | undefined): unknown {
  if (isScalar(node) && !isObject(value)) {
    if (node.value !== value) {
      node.value = value
      style(node, shape)
    }
    return node
  }
  if (isMap(node) && isPlainObject(value)) {
    const items: Pair[] = []
    for (const pair of node.items as Pair[]) {
      const key = keyOf(pair)
      if (!(key in value)) continue
      pair.value = apply(doc, pair.value, value[key], shape?.children[key])
      items.push(pair)
    }
    const present = new Set(items.map((p) => keyOf(p)))
    for (const key of ordered(Object.keys(value), shape?.keys ?? [])) {
      if (present.has(key)) continue
      const pair = doc.createPair(key, null) as Pair
      pair.value = build(doc, value[key], shape?.children[key])
      const rank = shape?.keys.indexOf(key) ?? -1
      const after = rank < 0 ? items.length - 1 : findLastIndex(items, (p) => {
        const r = shape!.keys.indexOf(keyOf(p))
        return r >= 0 && r < rank
      })
      items.splice(after + 1, 0, pair)
    }
    node.items = items
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    // yaml keeps a comment above a list's first item on the list: give it to the item, so it
    // goes wherever the item goes.
    const first = node.items[0]
    if (node.commentBefore && !node.flow && isNode(first)) {
      first.commentBefore = [node.commentBefore, first.commentBefore].filter(Boolean).join('\n')
      node.commentBefore = undefined
    }
    node.items = matchItems(doc, node.items, value, shape?.item)
    return node
  }
  return build(doc, value, shape)
}

/** A list's new nodes: an item kept as it was keeps its node (and its comments), an edited one
 * is changed in place, an added one is new; items left out are dropped. */
function matchItems(doc: Document, nodes: unknown[], values: unknown[], shape: Shape | undefined): unknown[] {
  const old = nodes.map((n) => (isNode(n) ? n.toJSON() : n))
  const items: unknown[] = []
  let next = 0
  values.forEach((value, i) => {
    const same = old.findIndex((v, j) => j >= next && deepEqual(v, value))
    const stillWanted = (j: number) => values.slice(i + 1).some((v) => deepEqual(v, old[j]))
    if (same >= 0) {
      items.push(nodes[same])
      next = same + 1
    } else if (next < nodes.length && !stillWanted(next)) {
      items.push(apply(doc, nodes[next], value, shape))
      next += 1
    } else {
      items.push(build(doc, value, shape))
    }
  })
  return items
}

/** A new node for a value: maps in the form's key order, strings styled for PyYAML. */
function build(doc: Document, value: unknown, shape: Shape | undefined): unknown {
  const node = doc.createNode(sortKeys(value, shape))
  restyle(node, shape)
  return node
}

function sortKeys(value: unknown, shape: Shape | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, shape?.item))
  if (!isPlainObject(value)) return value
  return Object.fromEntries(ordered(Object.keys(value), shape?.keys ?? []).map((k) => [k, sortKeys(value[k], shape?.children[k])]))
}

function restyle(node: unknown, shape: Shape | undefined): void {
  if (isScalar(node)) style(node, shape)
  else if (isMap(node)) for (const pair of node.items as Pair[]) restyle(pair.value, shape?.children[keyOf(pair)])
  else if (isSeq(node)) for (const item of node.items) restyle(item, shape?.item)
}

function style(node: Scalar, shape: Shape | undefined): void {
  const value = node.value
  if (typeof value !== 'string') {
    node.type = Scalar.PLAIN
    return
  }
  if (value.includes('\n')) node.type = Scalar.BLOCK_LITERAL
  else if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) return
  else if (readsAsOther(value, shape?.date === true)) {
    if (node.type !== Scalar.QUOTE_SINGLE) node.type = Scalar.QUOTE_DOUBLE
  }
}

/** Whether PyYAML would read this text as something else (a date is meant as one in date fields). */
export function readsAsOther(text: string, dateField = false): boolean {
  return PYYAML_OTHER.some((re) => re.test(text)) || (!dateField && PYYAML_DATE.test(text))
}

function hasFolded(node: unknown): boolean {
  if (isScalar(node)) return node.type === Scalar.BLOCK_FOLDED
  if (isMap(node)) return (node.items as Pair[]).some((p) => hasFolded(p.value))
  if (isSeq(node)) return node.items.some(hasFolded)
  return false
}

/** Drops what a form leaves empty (blank text, empty lists and blocks): absent means the default. */
export function prune(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((v) => v !== undefined)
    return items.length ? items : undefined
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([k, v]) => [k, prune(v)] as const).filter(([, v]) => v !== undefined)
    return entries.length ? Object.fromEntries(entries) : undefined
  }
  return value
}

function ordered(keys: string[], order: string[]): string[] {
  const known = order.filter((k) => keys.includes(k))
  return [...known, ...keys.filter((k) => !order.includes(k))]
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i]!)) return i
  return -1
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !Array.isArray(value)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]))
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]))
  }
  return false
}
