import type { Config } from 'vike/types'

// HTML only, like the content pages: no client hooks, hence no framework JavaScript and no serialized page
// context (the feed is in the HTML once). +client.ts loads the small enhancement of its forms.
export default {
  clientHooks: false,
  contentPage: true,
} satisfies Config
