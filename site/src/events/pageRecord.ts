// Server-only: the event or series page a URL names, from events.json (the +data and +Head hooks of
// pages/(app)/events read it; a page file may export only its hook, see vike.dev/no-side-exports).
import { loadEvents } from '../content/load'
import type { Locale } from '../i18n/locales'
import type { EventRecord, EventsFile, SeriesRecord } from '../content/types'

/** One index per events.json (the file is read once per build; `vike dev` re-reads it on each request). */
type Index = { file: EventsFile; byPath: Map<string, EventRecord>; bySeries: Map<string, EventRecord[]>; seriesByPath: Map<string, SeriesRecord> }
let indexed: Index | null = null
export function index(file: EventsFile): Index {
  if (indexed?.file !== file) {
    const bySeries = new Map<string, EventRecord[]>()
    for (const e of file.events) {
      if (!e.series) continue
      const dates = bySeries.get(e.series)
      if (dates) dates.push(e)
      else bySeries.set(e.series, [e])
    }
    const seriesByPath = new Map(file.series.map((s) => [s.path, s]))
    indexed = { file, byPath: new Map(file.events.map((e) => [e.path, e])), bySeries, seriesByPath }
  }
  return indexed
}

/** The event or series at this URL (without its language), whole and in `locale` (the head's JSON-LD reads what the browser is not sent). */
export function pageRecord(urlPathname: string, locale?: Locale): { event: EventRecord } | { series: SeriesRecord } | null {
  const { byPath, seriesByPath } = index(loadEvents(locale))
  const path = urlPathname.replace(/\/+$/, '')
  const series = seriesByPath.get(path)
  if (series) return { series }
  const event = byPath.get(path)
  return event ? { event } : null
}
