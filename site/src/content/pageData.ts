// The data every page gets: the site's name and address plus its own head metadata. The shell's words (nav,
// footer) come in the page's language from pages/+onBeforeRender.ts.
import type { HeadOnly, ShareImage, SiteInfo } from './types'
import { loadShareImages, loadSite } from './load'

/** An Atom feed of the events a page shows, announced in its head (the generator writes it: generator/atom.py). */
export type Feed = { href: string; title: string }

export type ShellData = {
  site: Pick<SiteInfo, 'name' | 'tagline' | 'url'>
  // image: the picture shown where the page's link is shared (share.json: events, series, profiles).
  meta: { title: string; description: string; path: string; image?: ShareImage | undefined; feed?: Feed | undefined }
}

/** The site's feed of upcoming events. */
export function siteFeed(siteName: string): Feed {
  return { href: '/events.atom', title: `Upcoming events on ${siteName}` }
}

export function shell(path: string, meta: { title: string; description: string; feed?: Feed }): ShellData {
  const site = loadSite()
  return {
    site: { name: site.name, tagline: site.tagline, url: site.url },
    meta: { ...meta, path, image: loadShareImages()[path] },
  }
}

/** A page's meta description from plain text (a description's description_text): one line, at most 300 characters. */
export function metaDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300)
}

/** Shell data for an app route, titled from site.json app_pages. */
export function appShell(path: string, feed?: Feed): ShellData {
  const site = loadSite()
  const meta = site.app_pages[path] ?? { title: site.name, description: site.description }
  return shell(path, feed ? { ...meta, feed } : meta)
}

/** An event or series as the browser gets it: without what only the server-rendered head uses. */
export function forBrowser<T extends Record<HeadOnly, unknown>>(item: T): Omit<T, HeadOnly> {
  const { description_text: _text, place: _place, ...rest } = item
  return rest
}
