// After `vike build` and prerender.mjs: move dist/client to build/site (or $SITE_OUT_DIR), add the generator's
// public/ files (images, feeds, icons, /admin/config.yml), check that every route of the manifest has its HTML, add
// sitemap.xml and robots.txt, and the web editor at /admin (build-admin.mjs). Of Vike's HTML, it rewrites only the
// refresh of its redirect pages (see there).
import fs from 'node:fs'
import path from 'node:path'
import { contentDir, outDir as finalDir, siteRoot } from './content-dir.mjs'
import { buildAdmin } from './build-admin.mjs'

const clientDir = path.join(siteRoot, 'dist/client')
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error(`postbuild: ${clientDir}/index.html missing: did scripts/prerender.mjs run?`)
  process.exit(1)
}
const site = JSON.parse(fs.readFileSync(path.join(contentDir, 'site.json'), 'utf8'))
const routes = JSON.parse(fs.readFileSync(path.join(contentDir, 'routes.json'), 'utf8'))
// The site's languages (issue 41), the default first: each page is prerendered in each, the others under /<locale>/
// (src/i18n/locales.ts).
const locales = JSON.parse(fs.readFileSync(path.join(siteRoot, 'locales/locales.json'), 'utf8'))
const localized = (p, locale) => (locale === locales[0] ? p : `/${locale}${p}`)

// Assembled next to the final folder, then swapped in with two renames (a server keeps serving meanwhile).
const outDir = `${finalDir}.tmp-${process.pid}`
fs.rmSync(outDir, { recursive: true, force: true })
fs.mkdirSync(path.dirname(outDir), { recursive: true })
// Moved, not copied (tens of thousands of files at scale); copied only across file systems.
try {
  fs.renameSync(clientDir, outDir)
} catch (err) {
  if (err.code !== 'EXDEV') throw err
  fs.cpSync(clientDir, outDir, { recursive: true })
}

// Added here, not by `vike build` (vite.config.ts): the bundle reads no content. Hard-linked, not copied: the
// generator's images, share cards and feeds (8,000 files and 120 MB at 4,000 organizations) were written a second
// time on every build, and the old site's copies freed again. The generator replaces a changed file by renaming a
// new one over it (generator/emit.py, write_tree), so a build never changes a file the served site links to.
const publicDir = path.join(contentDir, 'public')
if (fs.existsSync(publicDir)) linkTree(publicDir, outDir)

// A page whose first segment is a language's (an organization with the slug "es") would be read as that language.
const clashes = routes.filter((r) => locales.includes(r.path.split('/')[1]))
if (clashes.length) {
  fail(`${clashes.map((r) => r.path).join(', ')}: a page's address may not start with a language code (${locales.join(', ')}), which /es/ and /bs/ pages use; choose another slug.`)
}
// Every route of the manifest must have been prerendered, in every language.
const missing = routes.flatMap((r) => locales.map((l) => ({ path: localized(r.path, l) }))).filter((r) => !fs.existsSync(htmlFile(r.path)))
if (missing.length) {
  // The first few name the problem; thousands would bury it.
  const shown = missing.slice(0, 20).map((r) => r.path).join(', ')
  fail(`${missing.length} routes without HTML: ${shown}${missing.length > 20 ? ', ...' : ''}`)
}
if (!fs.existsSync(path.join(outDir, '404.html'))) {
  fail('404.html missing')
}
const editorFiles = await buildAdmin(outDir).catch((err) => fail(err.message))

// Pages that make no sense in a search index say so in their HTML (a +noindex.ts beside the page): only the app's
// pages may, so only theirs are read.
const NOINDEX = /<meta name="robots" content="noindex"\/?>/
const noIndex = new Set(
  routes.filter((r) => r.kind === 'page' && NOINDEX.test(fs.readFileSync(htmlFile(r.path), 'utf8'))).map((r) => r.path),
)
const base = site.url.replace(/\/+$/, '')
// Each page in each language, with its alternates in the others (hreflang, x-default the default language's).
const loc = (p) => escapeXml(base + p)
const urls = routes
  .filter((r) => !noIndex.has(r.path))
  .flatMap((r) => {
    const links = locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${loc(localized(r.path, l))}"/>`)
    links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${loc(r.path)}"/>`)
    return locales.map((l) => `  <url><loc>${loc(localized(r.path, l))}</loc>${links.join('')}</url>`)
  })
fs.writeFileSync(
  path.join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
)
fs.writeFileSync(
  path.join(outDir, 'robots.txt'),
  // Every page stays crawlable (a disallowed page fails Lighthouse's SEO audit); the sitemap lists the public ones.
  // Disallow first: parsers that take the first matching rule (Python's urllib.robotparser) would let Allow: / win.
  `User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`,
)
fixRedirectRefresh()
const oldDir = `${finalDir}.old-${process.pid}`
if (fs.existsSync(finalDir)) fs.renameSync(finalDir, oldDir)
fs.renameSync(outDir, finalDir)
fs.rmSync(oldDir, { recursive: true, force: true })
const profiles = routes.filter((r) => r.kind === 'profile').length
console.log(`postbuild: ${routes.length} routes (${profiles} profiles), /admin (${editorFiles} Decap CMS files) -> ${path.relative(process.cwd(), finalDir) || finalDir}`)

// Vike's redirect pages (pages/+redirects.ts) say content="0;url=…"; HTML's refresh syntax wants a space after the
// semicolon (the Nu Html Checker's error). The page's only such tag is Vike's, whose target it escaped.
function fixRedirectRefresh() {
  const source = JSON.parse(fs.readFileSync(path.join(contentDir, 'redirects.json'), 'utf8'))
  for (const { from } of source) {
    const file = htmlFile(from)
    if (!fs.existsSync(file)) continue // left to the service (see pages/+redirects.ts)
    const html = fs.readFileSync(file, 'utf8')
    const fixed = html.replace('<meta http-equiv="refresh" content="0;url=', '<meta http-equiv="refresh" content="0; url=')
    if (fixed !== html) fs.writeFileSync(file, fixed)
    else if (!html.includes('<meta http-equiv="refresh" content="0; url=')) {
      // Vike writes its redirect pages otherwise now: this edit no longer applies, say so.
      throw new Error(`postbuild: ${file} has no refresh tag of the form Vike wrote; update fixRedirectRefresh.`)
    }
  }
}

/** Hard-links every file under `from` into `to` (same relative paths), copying only across file systems. */
function linkTree(from, to) {
  fs.mkdirSync(to, { recursive: true })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) {
      linkTree(source, target)
      continue
    }
    try {
      fs.linkSync(source, target)
    } catch (err) {
      if (err.code === 'EEXIST') {
        fs.rmSync(target) // the generator's file wins, as cpSync's overwrite did
        fs.linkSync(source, target)
      } else if (err.code === 'EXDEV' || err.code === 'EPERM') fs.copyFileSync(source, target)
      else throw err
    }
  }
}

function htmlFile(p) {
  return p === '/' ? path.join(outDir, 'index.html') : path.join(outDir, p, 'index.html')
}
function escapeXml(s) {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c])
}

function fail(message) {
  console.error(`postbuild: ${message}`)
  fs.rmSync(outDir, { recursive: true, force: true })
  process.exit(1)
}
