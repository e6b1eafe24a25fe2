import type { Config } from 'vike/types'

// HTML only, like /verify-hours (issue 39): a supervisor opens it once from an email, so no framework
// JavaScript; its form posts to its own URL without JavaScript, and +client.ts loads the small enhancement
// that shows what is asked and answers through the JSON endpoints.
export default {
  clientHooks: false,
  // Reached from an email link only: a plain page load, no client router (no index.pageContext.json).
  clientRouting: false,
  contentPage: true,
} satisfies Config
