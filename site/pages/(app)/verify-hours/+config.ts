import type { Config } from 'vike/types'

// HTML only, like the feed (issue 39): a teacher opens it once, so no framework JavaScript; +client.ts loads
// the small enhancement that checks the code of the address and shows the record.
export default {
  clientHooks: false,
  // Links to it are plain page loads (a printed link, the dashboard's "Open the record"): no client router,
  // hence no index.pageContext.json.
  clientRouting: false,
  contentPage: true,
} satisfies Config
