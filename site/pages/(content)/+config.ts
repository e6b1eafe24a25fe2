import type { Config } from 'vike/types'

// HTML-only pages: no client hooks, hence no framework JavaScript. The nav works through the
// inline script of the shell.
export default {
  clientHooks: false,
  contentPage: true,
} satisfies Config
