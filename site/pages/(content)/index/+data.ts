import { loadEvents, loadHome } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'
import { buttonChoices } from '../../../src/events/featured'

export function data() {
  const home = loadHome()
  // The build's clock picks the button; src/nav.js picks again from the same choices with the browser's.
  const choices = buttonChoices(loadEvents().events, home.featured, home.rsvp_button, Date.now())
  return { ...shell('/', { title: home.title, description: home.description }), home, choices }
}
export type Data = ReturnType<typeof data>
