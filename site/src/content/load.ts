// Server-side (build-time) loader for the generator's JSON. Never imported by client code.
import fs from 'node:fs'
import path from 'node:path'
import type {
  AboutPage,
  CivicIndex,
  EventsFile,
  HomePage,
  Organization,
  OrganizationIndex,
  OrganizationProfiles,
  RedirectsFile,
  RoutesFile,
  ShareImages,
  SiteInfo,
  TornadoPage,
} from './types'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'

export function contentDir(): string {
  const fromDefine = import.meta.env.CIVIC_CONTENT_DIR as string | undefined
  return fromDefine || path.resolve(process.cwd(), process.env.CONTENT_DIR || '../build/content')
}

const cache = new Map<string, unknown>()

// Another language's files sit in <content>/<locale>/, in the English files' shape, the translation merged over
// the English (each record's in_english names what stayed English).
function localeDir(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? contentDir() : path.join(contentDir(), locale)
}

function readJson<T>(rel: string, locale: Locale = DEFAULT_LOCALE): T {
  const file = path.join(localeDir(locale), rel)
  // `vike dev` re-reads on every request so a saved YAML file shows on the next reload.
  if (import.meta.env.DEV || !cache.has(file)) {
    cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')))
  }
  return cache.get(file) as T
}

export const loadSite = (locale?: Locale) => readJson<SiteInfo>('site.json', locale)
export const loadHome = (locale?: Locale) => readJson<HomePage>('pages/home.json', locale)
export const loadAbout = (locale?: Locale) => readJson<AboutPage>('pages/about.json', locale)
export const loadTornado = (locale?: Locale) => readJson<TornadoPage>('pages/tornado.json', locale)
export const loadOrganizationIndex = (locale?: Locale) => readJson<OrganizationIndex>('organizations.json', locale)
export const loadCivicIndex = () => readJson<CivicIndex>('civic-index.json')
export const loadEvents = (locale?: Locale) => readJson<EventsFile>('events.json', locale)
export const loadRoutes = () => readJson<RoutesFile>('routes.json')
export const loadRedirects = () => readJson<RedirectsFile>('redirects.json')
/** Each event, series and profile page's preview picture (og:image), by the page's path. */
export const loadShareImages = () => readJson<ShareImages>('share.json')

/** One organization's profile data in `locale`, or null when there is no such slug. */
export function loadOrganization(slug: string, locale: Locale = DEFAULT_LOCALE): Organization | null {
  const rel = profileFiles().get(slug)
  if (!rel) return null
  const file = path.join(localeDir(locale), rel)
  // Only the file in hand is kept: a prerender run renders its profiles in routes.json order, a file's
  // profiles one after another, and keeping every file would hold every organization.
  if (import.meta.env.DEV || lastProfiles?.file !== file) {
    lastProfiles = { file, profiles: JSON.parse(fs.readFileSync(file, 'utf8')) }
  }
  return lastProfiles.profiles[slug] ?? null
}

let lastProfiles: { file: string; profiles: OrganizationProfiles } | undefined

/** slug -> the generator's organizations/profiles-<n>.json holding that profile (routes.json says). */
function profileFiles(): Map<string, string> {
  const routes = loadRoutes()
  if (profileFilesOf?.routes !== routes) {
    const files = new Map(routes.flatMap((r) => (r.kind === 'profile' && r.slug && r.data ? [[r.slug, r.data] as const] : [])))
    profileFilesOf = { routes, files }
  }
  return profileFilesOf.files
}

let profileFilesOf: { routes: RoutesFile; files: Map<string, string> } | undefined
