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
  // No `favicon`: +Head.tsx links the icon files the generator draws (generator/well_known.py).
  passToClient: [],
  meta: {
    // true on HTML-only pages: the shell renders the static nav auth link that the nav script (src/nav.js) switches.
    contentPage: { env: { server: true, client: true } },
    // true on pages a search engine should not list (+noindex.ts beside them): +Head.tsx adds the robots meta,
    // and scripts/postbuild.mjs leaves them out of sitemap.xml.
    noindex: { env: { server: true } },
  },
  contentPage: false,
} satisfies Config

declare global {
  namespace Vike {
    interface Config {
      contentPage?: boolean
      noindex?: boolean
    }
  }
}
