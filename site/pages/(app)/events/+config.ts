import type { Config } from 'vike/types'

// HTML only, like the content pages: no client hooks, hence no framework JavaScript and no serialized page
// context (the feed is in the HTML once). +client.ts loads the small enhancement of its forms.
export default {
  clientHooks: false,
  // Links to it are plain page loads (its +client.ts enhances the HTML, no client router), so the
  // prerender writes no index.pageContext.json for it.
  clientRouting: false,
  contentPage: true,
} satisfies Config
