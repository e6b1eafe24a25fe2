import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'

// The generator's output: $CONTENT_DIR, default ../build/content (relative to site/).
const siteDir = path.dirname(fileURLToPath(import.meta.url))
const contentDir = path.resolve(siteDir, process.env.CONTENT_DIR || '../build/content')
const publicDir = path.join(contentDir, 'public')
// The site's own code, where a Lingui macro may be (this checkout's, wherever it is: the benchmarks build a copy).
const ownSources = new RegExp(`^${siteDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(components|pages|src)/.*\\.[jt]sx?$`)

export default defineConfig(({ command }) => ({
  // Lingui's macros (t`...`, msg`...`) become catalog lookups at compile time: plugin-react 6 runs no Babel, so
  // Babel runs here, on the site's own sources only (those that may import a macro).
  plugins: [vike(), react(), babel({ include: ownSources, plugins: ['@lingui/babel-plugin-lingui-macro'] }), reloadOnContentChange()],
  // `vike dev` serves the generator's images (build/content/public/...) at the site root. A build
  // leaves them to scripts/postbuild.mjs, so that it reads no content and can run beside the generator.
  publicDir: command === 'serve' && fs.existsSync(publicDir) ? publicDir : false,
  // A build runs beside the generator: warnings only, so that its table of chunks does not bury the content
  // errors (scripts/check-budget.mjs reports the weights that matter).
  logLevel: command === 'build' ? 'warn' : 'info',
  define: {
    // Exposed to server-side code (+data hooks, +onBeforePrerenderStart, +redirects) as import.meta.env.
    'import.meta.env.CIVIC_CONTENT_DIR': JSON.stringify(contentDir),
  },
  server: {
    host: process.env.HOST || '127.0.0.1',
    port: Number(process.env.PORT) || 8000,
    strictPort: true,
    // `vike dev`: the API runs separately (the Makefile's dev target starts uvicorn on PORT+1).
    proxy: { '/api': process.env.API_PROXY || 'http://127.0.0.1:8001' },
  },
  build: {
    // Modern browsers only: smaller output.
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and its Vike binding are one unit every interactive page loads whole (light and content pages load
          // none of it): one chunk. Left to the automatic split, a lazy panel that imports React but not react-dom
          // splits React into a chunk of its own, which every interactive page then loads as one more file.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|vike-react)[\\/]/ }],
        },
      },
    },
  },
  // Vike's server entry plugin records where this build's dist/server/entry.mjs is in a file inside node_modules
  // (its "auto importer"), which the prerender then imports. Every checkout sharing node_modules (a bench's or a
  // test's copy of site/, a second worktree) overwrote it, and its guard against another project's entry fails
  // when the two live under different top-level folders (/tmp and /work): a prerender could render another
  // checkout's build. Without it, the prerender finds the entry in its own build.outDir (dist/server/).
  vitePluginServerEntry: { disableAutoImport: true },
}))

/** In `vike dev`, reloads the browser whenever the generator rewrites build/content. */
function reloadOnContentChange(): Plugin {
  return {
    name: 'civicstl-content-reload',
    apply: 'serve',
    configureServer(server) {
      let timer: ReturnType<typeof setTimeout> | undefined
      server.watcher.add(contentDir)
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir)) return
        // One rebuild rewrites many files: reload once, after the burst.
        clearTimeout(timer)
        timer = setTimeout(() => server.ws.send({ type: 'full-reload', path: '*' }), 150)
      }
      server.watcher.on('change', onChange)
      server.watcher.on('add', onChange)
    },
  }
}
