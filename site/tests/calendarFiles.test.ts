// Every .ics the generator publishes, read by a second, independent parser (Mozilla's ical.js, what
// Thunderbird reads calendars with) for what a calendar app relies on. The build comes first
// (`make content`), as for the other tests that read build output.
import fs from 'node:fs'
import path from 'node:path'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { contentDir } from '../scripts/content-dir.mjs'

type Component = InstanceType<typeof ICAL.Component>
type SeriesDate = { slug: string; path: string; date: string; start: string; cancelled: boolean }
type Series = { path: string; dates: SeriesDate[] }

const publicDir = path.join(contentDir as string, 'public')
const events = JSON.parse(fs.readFileSync(path.join(contentDir as string, 'events.json'), 'utf8')) as {
  site_url: string
  series: Series[]
}
const routes = new Set(
  (JSON.parse(fs.readFileSync(path.join(contentDir as string, 'routes.json'), 'utf8')) as { path: string }[]).map((r) => r.path),
)
const files = (fs.readdirSync(publicDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ics')).sort()
// The subscribable feeds: the site's and each organization's; the rest are one event's own file.
const isFeed = (file: string) => file === 'calendar.ics' || file.startsWith('organizations/')
const calendars = new Map(
  files.map((file) => [file, new ICAL.Component(ICAL.parse(fs.readFileSync(path.join(publicDir, file), 'utf8')) as unknown[])]),
)
const vevents = (file: string): Component[] => calendars.get(file)!.getAllSubcomponents('vevent')
const value = (c: Component, name: string) => c.getFirstPropertyValue(name)
const time = (c: Component, name: string) => (value(c, name) as InstanceType<typeof ICAL.Time>).toJSDate().getTime()
const site = vevents('calendar.ics')

describe('published calendar files, as ical.js reads them', () => {
  it('finds the site feed, organization feeds and event files', () => {
    expect(files).toContain('calendar.ics')
    expect(files.filter((f) => f.startsWith('organizations/')).length).toBeGreaterThan(0)
    expect(files.filter((f) => f.startsWith('events/')).length).toBeGreaterThan(0)
  })

  it.each(files)('%s is a published VCALENDAR with at least one event', (file) => {
    const cal = calendars.get(file)!
    expect(cal.name).toBe('vcalendar')
    expect(value(cal, 'version')).toBe('2.0')
    expect(value(cal, 'prodid')).toBeTruthy()
    expect(value(cal, 'method')).toBe('PUBLISH')
    expect(vevents(file).length).toBeGreaterThan(0)
  })

  it.each(files.filter(isFeed))('%s tells subscribers how often to fetch it again', (file) => {
    const cal = calendars.get(file)!
    const refresh = cal.getFirstProperty('refresh-interval')
    expect(refresh?.type).toBe('duration')
    const seconds = (refresh!.getFirstValue() as InstanceType<typeof ICAL.Duration>).toSeconds()
    expect(seconds).toBeGreaterThan(0)
    expect(ICAL.Duration.fromString(String(value(cal, 'x-published-ttl'))).toSeconds()).toBe(seconds)
  })

  it.each(files)('%s: each event has a UID of its own, a stamp, a sequence, a status and ends after it starts', (file) => {
    const uids = vevents(file).map((v) => value(v, 'uid'))
    expect(uids.every((uid) => typeof uid === 'string' && uid.includes('@'))).toBe(true)
    expect(new Set(uids).size).toBe(uids.length)
    for (const v of vevents(file)) {
      const uid = value(v, 'uid')
      const sequence: unknown = value(v, 'sequence')
      expect(Number.isInteger(sequence) && (sequence as number) >= 0, `${uid} SEQUENCE ${sequence}`).toBe(true)
      expect(['CONFIRMED', 'CANCELLED'], `${uid} STATUS`).toContain(value(v, 'status'))
      expect(time(v, 'dtstart'), `${uid} DTSTART < DTEND`).toBeLessThan(time(v, 'dtend'))
      expect(time(v, 'dtstamp'), `${uid} DTSTAMP is LAST-MODIFIED`).toBe(time(v, 'last-modified'))
    }
  })

  it('stamps every event with the one time the build made its files, not a time to come', () => {
    const stamps = new Set(files.flatMap((file) => vevents(file).map((v) => time(v, 'dtstamp'))))
    expect(stamps.size).toBe(1)
    const [stamp] = stamps
    // A file is written after its stamp is taken: a stamp later than the file is one copied from elsewhere.
    for (const file of files) expect(stamp!, file).toBeLessThanOrEqual(fs.statSync(path.join(publicDir, file)).mtimeMs)
  })

  it('holds each event of any file in the site feed, with the same UID, times and status', () => {
    const bySite = new Map(site.map((v) => [value(v, 'uid'), v]))
    for (const file of files) {
      for (const v of vevents(file)) {
        const same = bySite.get(value(v, 'uid'))
        expect(same, `${file}: ${value(v, 'uid')}`).toBeDefined()
        for (const name of ['dtstart', 'dtend']) expect(time(same!, name)).toBe(time(v, name))
        expect(value(same!, 'status')).toBe(value(v, 'status'))
      }
    }
  })

  it('links each confirmed event to a page the site has', () => {
    for (const v of site.filter((v) => value(v, 'status') === 'CONFIRMED')) {
      const url = new URL(String(value(v, 'url')))
      expect(url.origin).toBe(new URL(events.site_url).origin)
      expect(routes.has(url.pathname), url.pathname).toBe(true)
    }
  })

  it('keeps each cancelled series date in the feeds as CANCELLED, linked to its series page', () => {
    const cancelled = events.series.flatMap((s) => s.dates.filter((d) => d.cancelled).map((d) => ({ series: s, date: d })))
    expect(cancelled.length).toBeGreaterThan(0)
    const byStart = new Map(cancelled.map((c) => [new Date(c.date.start).getTime(), c]))
    const marked = site.filter((v) => value(v, 'status') === 'CANCELLED')
    expect(marked).toHaveLength(cancelled.length)
    for (const v of marked) {
      const listed = byStart.get(time(v, 'dtstart'))
      expect(listed, String(value(v, 'uid'))).toBeDefined()
      expect(String(value(v, 'uid'))).toBe(`${listed!.date.slug}@${new URL(events.site_url).hostname}`)
      const url = new URL(String(value(v, 'url')))
      expect(url.pathname).toBe(listed!.series.path)
      expect(routes.has(url.pathname), url.pathname).toBe(true)
    }
    // The date's own page is not built, so no file of its own offers it for import.
    for (const c of cancelled) expect(files).not.toContain(`${c.date.path.slice(1)}/calendar.ics`)
  })
})
