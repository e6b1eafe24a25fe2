// The web editor at /admin: its page, src/admin/cms.ts bundled by Vite as one classic script, and Decap CMS's
// prebuilt bundle from npm (../admin/decap-cms, installed by `make install`; never a CDN). The configuration,
// admin/config.yml, is the generator's (build/content/public/admin/config.yml) and is already in place.
//
// Run alone (`npm run bundle`, after `vike build`), it bundles cms.ts into dist/admin/: that reads no content, so
// it runs beside the generator rather than after the prerender. postbuild.mjs then calls buildAdmin().
//
// Decap CMS rather than Sveltia CMS: Sveltia works on a local folder only through the browser's
// File System Access API picker, which a headless test cannot drive, while Decap's local backend
// (decap-server, an HTTP server over a git repository) lets tests/e2e/test_web_editor.py run the
// whole journey, drafts and publishing included, in Chromium.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { siteRoot } from './content-dir.mjs'

const bundled = path.join(siteRoot, 'dist/admin')
const SCRIPT = 'civicstl-cms.js'

const decapDist = path.resolve(siteRoot, '../admin/decap-cms/dist')
// Decap's entry loads its numbered chunks and WebAssembly from beside itself; the source maps
// stay out.
const DECAP_FILE = /^(decap-cms\.js|\d+\.decap-cms\.js|[0-9a-f]+\.wasm|decap-cms\.js\.LICENSE\.txt)$/

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2016%2016'%3E%3Crect%20width='16'%20height='16'%20rx='3'%20fill='%231d4e89'/%3E%3C/svg%3E">
<title>Content editor | CivicSTL</title>
</head>
<body>
<noscript>The content editor needs JavaScript.</noscript>
<script src="/admin/civicstl-cms.js"></script>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`

/** Bundles src/admin/cms.ts into dist/admin/civicstl-cms.js. */
export async function bundleAdmin() {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      lib: {
        entry: path.join(siteRoot, 'src/admin/cms.ts'),
        formats: ['iife'],
        name: 'civicstlCms',
        fileName: () => SCRIPT,
      },
      outDir: bundled,
      emptyOutDir: true,
      target: 'es2022',
    },
  })
}

/** Writes admin/index.html, admin/civicstl-cms.js (from bundleAdmin) and Decap's files into the site folder `outDir`. */
export async function buildAdmin(outDir) {
  const adminDir = path.join(outDir, 'admin')
  if (!fs.existsSync(path.join(decapDist, 'decap-cms.js'))) {
    throw new Error(`the web editor's Decap CMS bundle is missing (${decapDist}): run \`make install\`.`)
  }
  if (!fs.existsSync(path.join(adminDir, 'config.yml'))) {
    throw new Error(`${adminDir}/config.yml is missing: build the content first (\`make content\`).`)
  }
  if (!fs.existsSync(path.join(bundled, SCRIPT))) {
    throw new Error(`${bundled}/${SCRIPT} is missing: bundle the site first (\`make site-bundle\`).`)
  }
  fs.copyFileSync(path.join(bundled, SCRIPT), path.join(adminDir, SCRIPT))
  let copied = 0
  for (const name of fs.readdirSync(decapDist)) {
    if (!DECAP_FILE.test(name)) continue
    fs.copyFileSync(path.join(decapDist, name), path.join(adminDir, name))
    copied += 1
  }
  fs.writeFileSync(path.join(adminDir, 'index.html'), PAGE)
  return copied
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleAdmin()
