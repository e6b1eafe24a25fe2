import type { PageContextServer } from 'vike/types'
import { loadEvents, loadHome, loadOrganizationIndex, loadSite } from '../../../src/content/load'
import { englishMarker } from '../../../src/content/inEnglish'
import { shell, siteFeed } from '../../../src/content/pageData'
import { buttonChoices, pickChoice } from '../../../src/events/featured'
import { groupBySeries, hasEnded } from '../../../src/events/schedule'

// The hero lists this many events, soonest first, and the partners' row this many logos: both fit a phone's
// first screen with the hero's words and button.
const NEXT_EVENTS = 3
const PARTNER_LOGOS = 12

export function data(pageContext: PageContextServer) {
  const { locale } = pageContext
  const home = loadHome(locale)
  const now = Date.now()
  const { events } = loadEvents(locale)
  // The build's clock picks the button; src/nav.js picks again from the same choices with the browser's.
  const choices = buttonChoices(events, home.featured, home.rsvp_button, now)
  const [, href, label] = pickChoice(choices, now)!
  // An event's title shown in English on another language's page says so (lang="en").
  const titleLang = (e: (typeof events)[number]) => englishMarker(e.in_english, locale)('title')
  // One line per event or series (its next date), in events.json's order: by start.
  const next = groupBySeries(events.filter((e) => !hasEnded(e.end, now)))
    .slice(0, NEXT_EVENTS)
    .map(({ first: e }) => ({ path: e.path, title: e.title, date: e.date_text, time: e.time_text, host: e.host.name, ...titleLang(e) }))
  const organizations = loadOrganizationIndex()
  const partners = organizations.slice(0, PARTNER_LOGOS).map((o) => ({ name: o.name, link: o.link, logo: o.logo.src }))
  const feed = siteFeed(loadSite().name)
  return {
    ...shell('/', { title: home.title, description: home.description, feed }),
    home,
    choices,
    button: { href, label },
    next,
    partners,
    partnerCount: organizations.length,
  }
}
export type Data = ReturnType<typeof data>
