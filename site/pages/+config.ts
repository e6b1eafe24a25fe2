import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import type { I18n } from '@lingui/core'
import type { Locale } from '../src/i18n/locales'
import type { Language, ShellText } from '../src/i18n/server'

// Global config. Content pages override `clientHooks: false` + `contentPage: true` (HTML-only, no framework JS).
export default {
  extends: [vikeReact],
  // Prerendered by scripts/prerender.mjs after `vike build` (`vike prerender` in batches: see there why), and
  // kept dist/server between the batches. `partial`: a batch renders only its share of the parameterized pages;
  // scripts/postbuild.mjs checks that every route of the generator's routes.json got its HTML.
  prerender: { partial: true, redirects: true, disableAutoRun: true, keepDistServer: true },
  // No `favicon`: +Head.tsx links the icon files the generator draws (generator/well_known.py).
  // The page's language, the shell's words in it and the switcher's links (pages/+onBeforeRender.ts).
  passToClient: ['locale', 'shellText', 'languages'],
  meta: {
    // true on HTML-only pages: the shell renders the static nav auth link that the nav script (src/nav.js) switches.
    contentPage: { env: { server: true, client: true } },
    // true on pages a search engine should not list (+noindex.ts beside them): +Head.tsx adds the robots meta,
    // and scripts/postbuild.mjs leaves them out of sitemap.xml.
    noindex: { env: { server: true } },
    // The URL of the page's first script (+navScript.ts files): through Vite's `?worker&url` (documented: the URL
    // of a separately bundled script), Vite bundles it as an IIFE, minifies and hashes it. It is no worker: a
    // classic <script defer>, so it runs before the app's modules arrive. HTML-only pages load src/nav.js alone
    // (no framework JavaScript), interactive ones src/app-nav.js, which also keeps what is done before the app starts.
    navScript: { env: { server: true } },
  },
  contentPage: false,
} satisfies Config

declare global {
  namespace Vike {
    interface PageContext {
      /** The page's language (pages/+onBeforeRoute.ts; pages/+onPrerenderStart.ts when prerendering). */
      locale?: Locale
      /** The shell's words in it (pages/+onBeforeRender.ts). */
      shellText?: ShellText
      /** The same page in every language (pages/+onBeforeRender.ts). */
      languages?: Language[]
      /** The language's Lingui instance, on the server only (pages/+onBeforeRender.ts). */
      i18n?: I18n
    }
    interface Config {
      contentPage?: boolean
      noindex?: boolean
      navScript?: string
    }
  }
}
