// The web editor's YAML format: what it keeps and what it changes when it saves a content file.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { contentFormat, prune, readsAsOther, shapeOf, SOURCE_KEY, type FieldConfig, type Formatter } from '../src/admin/yamlFormat'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const content = path.join(root, 'content')
// The configuration the generator writes for the build (`make content` runs before these tests).
const config = parse(fs.readFileSync(path.join(root, 'build/content/public/admin/config.yml'), 'utf8')) as {
  collections: { name: string; slug?: string; fields?: FieldConfig[]; files?: { fields: FieldConfig[] }[] }[]
}

function format(name: string): Formatter {
  const collection = config.collections.find((c) => c.name === name)!
  const fields = collection.fields ?? collection.files!.flatMap((f) => f.fields)
  const fileName = /^\{\{fields\.(\w+)\}\}$/.exec(collection.slug ?? '')?.[1]
  return contentFormat(shapeOf(fields), fileName)
}

function files(folder: string): string[] {
  return fs.readdirSync(path.join(content, folder)).filter((f) => f.endsWith('.yaml')).map((f) => path.join(content, folder, f))
}

const organizations = format('organizations')
const events = format('events')
const pages = format('pages')
const cases: [Formatter, string][] = [
  ...files('organizations').map((f) => [organizations, f] as [Formatter, string]),
  ...files('events').map((f) => [events, f] as [Formatter, string]),
  ...files('pages').map((f) => [pages, f] as [Formatter, string]),
]

/** Load as the CMS does, let `edit` change the data as a form would, and save. */
function roundTrip(fmt: Formatter, text: string, edit: (data: Record<string, any>) => void = () => {}): string {
  const data = structuredClone(fmt.fromFile(text))
  edit(data)
  return fmt.toFile(data)
}

describe('saving a file the form did not change', () => {
  it.each(cases.map(([fmt, file]) => [path.relative(content, file), fmt, file] as const))('%s comes back byte for byte', (_name, fmt, file) => {
    const text = fs.readFileSync(file, 'utf8')
    expect(roundTrip(fmt, text)).toBe(text)
  })
})

describe('saving a changed field', () => {
  const keen = fs.readFileSync(path.join(content, 'organizations/keenstl.yaml'), 'utf8')
  const series = fs.readFileSync(path.join(content, 'events/keen-sports-saturdays.yaml'), 'utf8')

  it('rewrites only the lines of that field', () => {
    const saved = roundTrip(organizations, keen, (d) => { d.tagline = 'Sports for every athlete: free, one-to-one.' })
    const before = keen.split('\n')
    const after = saved.split('\n')
    expect(after.length).toBe(before.length)
    const changed = after.map((line, i) => [line, before[i]]).filter(([a, b]) => a !== b)
    expect(changed).toEqual([['tagline: "Sports for every athlete: free, one-to-one."', before.find((l) => l.startsWith('tagline:'))]])
  })

  it('keeps the comments above and inside other fields and the modeline', () => {
    const saved = roundTrip(events, series, (d) => { d.capacity = 16 })
    expect(saved).toBe(series.replace('capacity: 14', 'capacity: 16'))
    expect(saved.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/event.schema.json')
  })

  it('keeps a list written in brackets in brackets, and the quotes an editor chose', () => {
    const saved = roundTrip(organizations, keen, (d) => { d.causes.push('coaching'); d.colors.accent = '#ffcc00' })
    expect(saved).toContain('causes: [disability, youth, sports, volunteering, coaching]\n')
    expect(saved).toContain('colors:\n  primary: "#1f4e8c"\n  accent: "#ffcc00"\n')
  })

  it('keeps a `>-` text block folded, and turns text with line breaks into a `|-` block', () => {
    const folded = roundTrip(organizations, keen, (d) => { d.description = d.description.replace('KEEN St. Louis', 'KEEN STL') })
    expect(folded).toMatch(/\ndescription: >-\n {2}KEEN STL \(Kids Enjoy Exercise Now\)/)
    const block = folded.slice(folded.indexOf('description: >-'), folded.indexOf('future_goals:')).split('\n')
    expect(block.length).toBeGreaterThan(3)
    expect(block.every((line) => line.length <= 100)).toBe(true)
    const literal = roundTrip(organizations, keen, (d) => { d.description = 'First paragraph.\n\n- one\n- two' })
    expect(literal).toContain('\ndescription: |-\n  First paragraph.\n\n  - one\n  - two\nfuture_goals:\n')
  })

  it('puts a new optional field in the form\'s order and drops a field emptied in the form', () => {
    const saved = roundTrip(organizations, keen, (d) => { d.email = 'info@keenstlouis.org'; d.cta = { label: '', href: '' } })
    expect(saved).toContain('website: https://www.keenstlouis.org\nemail: info@keenstlouis.org\nevents_card:\n')
    expect(saved).not.toContain('cta:')
  })

  it('quotes text PyYAML would read as a number, a yes/no or a date, but not a date field', () => {
    const saved = roundTrip(events, series, (d) => {
      d.location = 'yes'
      d.thank_you = '2027-01-01'
      d.until = '2027-12-18'
      d.except.push('2027-08-21')
      d.slots[0].capacity = 3
    })
    expect(saved).toContain('location: "yes"\n')
    expect(saved).toContain('thank_you: "2027-01-01"\n')
    expect(saved).toContain('until: 2027-12-18\n')
    expect(saved).toContain('except: [2027-07-17, 2027-08-21]\n')
    expect(saved).toContain('slots:\n  - time: 9:30-10:20 AM\n    capacity: 3\n  - time: 10:30-11:20 AM\n')
  })

  it('writes a before-you-go block in the form\'s order, its yes and no quoted, an untouched switch kept', () => {
    const saved = roundTrip(events, series, (d) => {
      d.before_you_go = { setting: 'indoor', wheelchair: { note: '', access: 'yes' }, guardian_consent: false, bring: [] }
    })
    expect(saved.endsWith('before_you_go:\n  wheelchair:\n    access: "yes"\n  guardian_consent: false\n  setting: indoor\n')).toBe(true)
  })
})

describe('a file with notes between its fields, as `make new-org` writes them', () => {
  const scaffold = [
    '# yaml-language-server: $schema=../schemas/organization.schema.json',
    '# Profile of River Crew.',
    '',
    '# The organization\'s name as it appears on the site.',
    'name: River Crew',
    '# Optional: 1-4 letters for the monogram.',
    'initials: RC',
    '# One short sentence shown under the name.',
    'tagline: Rowing for every teenager.',
    '# Optional: the website (https:// only).',
    '# website: https://www.example.org',
    '# Optional: a public contact email.',
    '# email: info@example.org',
    '',
  ].join('\n')

  it('drops an emptied field with its note, keeps the notes after it, and adds a field in order', () => {
    const saved = roundTrip(organizations, scaffold, (d) => {
      d.initials = ''
      d.website = 'https://rivercrew.org'
    })
    expect(saved).toBe([
      '# yaml-language-server: $schema=../schemas/organization.schema.json',
      '# Profile of River Crew.',
      '',
      '# The organization\'s name as it appears on the site.',
      'name: River Crew',
      '# One short sentence shown under the name.',
      'tagline: Rowing for every teenager.',
      '# Optional: the website (https:// only).',
      '# website: https://www.example.org',
      '# Optional: a public contact email.',
      '# email: info@example.org',
      'website: https://rivercrew.org',
      '',
    ].join('\n'))
  })

  it('keeps each list item\'s comment with it when another item is removed or added', () => {
    const listed = 'programs:\n  # the oldest\n  - Rowing camp\n  # new this year\n  - Regatta\n  - Coaching\n'
    const removed = roundTrip(organizations, listed, (d) => { d.programs.splice(0, 1) })
    expect(removed).toBe('programs:\n  # new this year\n  - Regatta\n  - Coaching\n')
    const added = roundTrip(organizations, listed, (d) => { d.programs.splice(1, 0, 'Open day') })
    expect(added).toBe('programs:\n  # the oldest\n  - Rowing camp\n  - Open day\n  # new this year\n  - Regatta\n  - Coaching\n')
    const edited = roundTrip(organizations, listed, (d) => { d.programs[1] = 'Spring regatta' })
    expect(edited).toBe(listed.replace('- Regatta', '- Spring regatta'))
  })

  it('keeps the header when the first field changes', () => {
    const saved = roundTrip(organizations, scaffold, (d) => { d.name = 'River Crew STL' })
    expect(saved).toBe(scaffold.replace('name: River Crew\n', 'name: River Crew STL\n'))
  })
})

describe('a new file', () => {
  it('starts with the modeline and lists the fields in the form\'s order, without its address field', () => {
    const comments = { name: 'yaml-language-server: $schema=../schemas/organization.schema.json' }
    const saved = organizations.toFile({
      tagline: 'Rowing on the river.', slug: 'rivercrew', name: 'River Crew', kind: 'nonprofit',
      colors: { accent: '#f2b705', primary: '#1f4e8c' }, causes: ['sports'], logo: { src: '', alt: '' },
      photos: [{ alt: 'Boats', src: '/images/organizations/boats.jpg' }],
      impact_numbers: [{ value: '79', label: 'rowers' }], social: {},
    }, [], comments)
    expect(saved).toBe([
      '# yaml-language-server: $schema=../schemas/organization.schema.json',
      'name: River Crew',
      'kind: nonprofit',
      'causes:',
      '  - sports',
      'colors:',
      '  primary: "#1f4e8c"',
      '  accent: "#f2b705"',
      'tagline: Rowing on the river.',
      'photos:',
      '  - src: /images/organizations/boats.jpg',
      '    alt: Boats',
      'impact_numbers:',
      '  - value: "79"',
      '    label: rowers',
      '',
    ].join('\n'))
    expect(saved).not.toContain(SOURCE_KEY)
  })
})

describe('the configuration', () => {
  it('has patterns that are JavaScript regular expressions accepting the examples they give', () => {
    let checked = 0
    const visit = (fields: (FieldConfig & { pattern?: [string, string] })[]): void => {
      for (const field of fields) {
        if (field.pattern) {
          const [pattern, message] = field.pattern
          const re = new RegExp(pattern) // how Decap reads it
          if (message.startsWith('Write it like ')) {
            for (const example of message.slice('Write it like '.length, -1).split(' or ')) {
              expect(re.test(example), `${field.name}: ${example}`).toBe(true)
              checked += 1
            }
          }
        }
        visit((field.fields ?? []) as typeof fields)
        if (field.field) visit([field.field])
      }
    }
    for (const collection of config.collections) visit([...(collection.fields ?? []), ...(collection.files ?? []).flatMap((f) => f.fields)])
    expect(checked).toBeGreaterThanOrEqual(20)
  })
})

describe('a file the editor cannot read', () => {
  it('is refused with a sentence saying what to do', () => {
    expect(() => organizations.fromFile('name: "River Crew\nkind: nonprofit\n')).toThrow(/^The editor cannot open this file: .+ Fix it in GitHub's file editor \(content\/README.md says how\), then reload this page\.$/s)
    expect(() => organizations.fromFile('- a list\n')).toThrow("The editor cannot open this file: it does not hold `key: value` lines at its top level. Fix it")
  })
})

describe('helpers', () => {
  it('prune keeps zero and false but drops blanks', () => {
    expect(prune({ a: '', b: 0, c: false, d: [], e: { f: null }, g: ['', 'x'] })).toEqual({ b: 0, c: false, g: ['x'] })
  })

  it('readsAsOther follows PyYAML', () => {
    for (const text of ['yes', 'Off', '79', '1:30', '0x1f', '1_000', '.5', '~', '', '2025-07-27']) expect(readsAsOther(text)).toBe(true)
    for (const text of ['y', 'KEEN', '1:00-1:50 PM', '#1f4e8c x', '1,200+']) expect(readsAsOther(text)).toBe(false)
    expect(readsAsOther('2025-07-27', true)).toBe(false)
  })
})
