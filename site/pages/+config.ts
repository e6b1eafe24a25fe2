import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

// Global config. Content pages override `clientHooks: false` + `contentPage: true` (HTML-only, no framework JS).
export default {
  extends: [vikeReact],
  // Prerendered by scripts/prerender.mjs after `vike build` (`vike prerender` in batches: see there why), and
  // kept dist/server between the batches. `partial`: a batch renders only its share of the parameterized pages;
  // scripts/postbuild.mjs checks that every route of the generator's routes.json got its HTML.
  prerender: { partial: true, redirects: true, disableAutoRun: true, keepDistServer: true },
  lang: 'en',
  // No favicon request (a 404 would be logged as a console error). Spaces are %20 and quotes single: a raw space
  // or double quote makes the URL invalid HTML (the Nu Html Checker's test, tests/e2e/test_valid_html.py).
  favicon: "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2016%2016'%3E%3Crect%20width='16'%20height='16'%20rx='3'%20fill='%231d4e89'/%3E%3C/svg%3E",
  passToClient: [],
  meta: {
    // true on HTML-only pages: the shell renders the static nav auth link that the nav script (src/nav.js) switches.
    contentPage: { env: { server: true, client: true } },
  },
  contentPage: false,
} satisfies Config

declare global {
  namespace Vike {
    interface Config {
      contentPage?: boolean
    }
  }
}
