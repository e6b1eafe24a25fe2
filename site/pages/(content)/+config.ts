import type { Config } from 'vike/types'

// HTML-only pages: no client hooks, hence no framework JavaScript. The nav works through the
// inline script of the shell.
export default {
  clientHooks: false,
  // Nothing on the client renders these pages, so a link to one is a plain page load and no
  // index.pageContext.json is ever fetched: without client routing the prerender writes none
  // (4,000 files of a 4,000-organization build, serialized for nobody).
  clientRouting: false,
  contentPage: true,
} satisfies Config
