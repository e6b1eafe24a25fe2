import { loadEvents } from '../../../src/content/load'
import { appShell } from '../../../src/content/pageData'

export function data() {
  const events = loadEvents()
  return {
    ...appShell('/features'),
    events: events.events,
    guestEvent: events.guest_rsvp_event,
    // The build's clock: the prerendered HTML is decided with it, then re-decided in the browser.
    builtAt: Date.now(),
  }
}
export type Data = ReturnType<typeof data>
