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
  RedirectsFile,
  RoutesFile,
  SiteInfo,
  TornadoPage,
} from './types'

export function contentDir(): string {
  const fromDefine = import.meta.env.CIVIC_CONTENT_DIR as string | undefined
  return fromDefine || path.resolve(process.cwd(), process.env.CONTENT_DIR || '../build/content')
}

const cache = new Map<string, unknown>()

function readJson<T>(rel: string): T {
  const file = path.join(contentDir(), rel)
  // `vike dev` re-reads on every request so a saved YAML file shows on the next reload.
  if (import.meta.env.DEV || !cache.has(file)) {
    cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')))
  }
  return cache.get(file) as T
}

export const loadSite = () => readJson<SiteInfo>('site.json')
export const loadHome = () => readJson<HomePage>('pages/home.json')
export const loadAbout = () => readJson<AboutPage>('pages/about.json')
export const loadTornado = () => readJson<TornadoPage>('pages/tornado.json')
export const loadOrganizationIndex = () => readJson<OrganizationIndex>('organizations.json')
export const loadCivicIndex = () => readJson<CivicIndex>('civic-index.json')
export const loadEvents = () => readJson<EventsFile>('events.json')
export const loadRoutes = () => readJson<RoutesFile>('routes.json')
export const loadRedirects = () => readJson<RedirectsFile>('redirects.json')

/** One organization's profile data, or null when there is no such slug. */
export function loadOrganization(slug: string): Organization | null {
  if (!/^[A-Za-z0-9_-]+$/.test(slug)) return null
  const file = path.join(contentDir(), 'organizations', `${slug}.json`)
  if (!fs.existsSync(file)) return null
  // Not cached: each profile is rendered once per build, and a cache would hold every organization.
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Organization
}
