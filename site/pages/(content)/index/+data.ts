import { loadEvents, loadHome, loadSite } from '../../../src/content/load'
import { shell, siteFeed } from '../../../src/content/pageData'
import { buttonChoices } from '../../../src/events/featured'

export function data() {
  const home = loadHome()
  // The build's clock picks the button; src/nav.js picks again from the same choices with the browser's.
  const choices = buttonChoices(loadEvents().events, home.featured, home.rsvp_button, Date.now())
  const feed = siteFeed(loadSite().name)
  return { ...shell('/', { title: home.title, description: home.description, feed }), home, choices }
}
export type Data = ReturnType<typeof data>
