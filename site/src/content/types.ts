// Content types, all derived from the types generated from the generator's JSON Schemas
// (npm run gen:types -> src/types/generated). Nothing here is written by hand.
import type {
  OutputCivicIndex,
  OutputEvents,
  OutputOrganization,
  OutputOrganizationProfiles,
  OutputOrganizationIndex,
  OutputPageAbout,
  OutputPageHome,
  OutputPageTornado,
  OutputRedirects,
  OutputRoutes,
  OutputSearchChunk,
  OutputShare,
  OutputSite,
} from '../types/generated'

export type SiteInfo = OutputSite
export type HomePage = OutputPageHome
export type AboutPage = OutputPageAbout
export type TornadoPage = OutputPageTornado
export type Organization = OutputOrganization
export type OrganizationProfiles = OutputOrganizationProfiles
export type OrganizationIndex = OutputOrganizationIndex
export type OrganizationEntry = OrganizationIndex[number]
export type CivicIndex = OutputCivicIndex
export type Cause = CivicIndex['causes'][number]
export type SearchChunkRef = CivicIndex['search'][number]
export type SearchChunk = OutputSearchChunk
export type OrganizationCard = SearchChunk['organizations'][number]
export type EventsFile = OutputEvents
// The plain-text description and the place feed only the head rendered on the server (meta tags, JSON-LD):
// pages hand the browser events and series without them (pageData.ts forBrowser).
export type HeadOnly = 'description_text' | 'place'
export type EventRecord = EventsFile['events'][number]
export type EventItem = Omit<EventRecord, HeadOnly>
export type Slot = EventItem['slots'][number]
export type BeforeYouGo = NonNullable<EventItem['before_you_go']>
export type SeriesRecord = EventsFile['series'][number]
export type SeriesItem = Omit<SeriesRecord, HeadOnly>
export type Image = Organization['logo']
export type RoutesFile = OutputRoutes
export type RedirectsFile = OutputRedirects
export type ShareImages = OutputShare
export type ShareImage = NonNullable<ShareImages[string]>
export type NavLink = SiteInfo['nav'][number]
export type PageMeta = { title: string; description: string }
