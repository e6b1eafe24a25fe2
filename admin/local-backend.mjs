// The web editor's local backend for `make admin`: decap-server's own request handlers, run in
// this process behind a guard, on 127.0.0.1:PORT only.
//
// decap-server checks neither Host nor Origin, so a page whose name rebinds to 127.0.0.1 could
// read and write any file in the repository (.git/hooks, Makefile). Here every request must name
// this server by a loopback name (Host) and, from a browser, come from the site serving /admin
// (Origin, SITE_ORIGIN); every file path in it must stay inside content/ (the collections and
// the media folder the generated CMS config names), symlinks resolved. decap-server never
// listens: there is no second port a rebinding page could reach instead.
//
// A save the content check refuses is not written: the editor shows the check's own sentences
// (content-check.mjs), so nothing reaches content/ or a pull request that `make check` refuses.
//
// Environment: PORT (8081), SITE_ORIGIN (http://HOST:PORT of the site), MODE (fs or git),
// GIT_REPO_DIRECTORY (the repository; content/ in it), CHECK_PYTHON (content-check.mjs),
// LOG_LEVEL.
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { refusals } from './content-check.mjs'

const require = createRequire(import.meta.url)
// decap-server's own express, the version its handlers were built against.
const express = createRequire(require.resolve('decap-server'))('express')
const { registerLocalFs, registerLocalGit } = require('decap-server/dist/middlewares')

const CONTENT_FOLDER = 'content'
const API_PATH = '/api/v1'
// decap-server's own body limit (express.json in its common middlewares).
const BODY_LIMIT = 50 * 1024 * 1024
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]']

const port = Number.parseInt(process.env.PORT || '8081', 10)
const mode = process.env.MODE || 'fs'
const repo = path.resolve(process.env.GIT_REPO_DIRECTORY || process.cwd())
const siteOrigin = process.env.SITE_ORIGIN
if (!siteOrigin) {
  console.error('Set SITE_ORIGIN to the address /admin is served from (http://HOST:PORT).')
  process.exit(2)
}
if (mode !== 'fs' && mode !== 'git') {
  console.error(`MODE must be fs or git, not ${mode}.`)
  process.exit(2)
}

/** The origins /admin may call from: SITE_ORIGIN, and its port on every loopback name. */
function allowedOrigins(origin) {
  const url = new URL(origin)
  // HOST=0.0.0.0 serves the site on every address, loopback among them.
  const local = [...LOOPBACK_HOSTS, '0.0.0.0', '[::]'].includes(url.hostname)
  if (!local) return new Set([url.origin])
  return new Set(LOOPBACK_HOSTS.map((name) => `${url.protocol}//${name}:${url.port}`))
}

const origins = allowedOrigins(siteOrigin)
const hosts = new Set(LOOPBACK_HOSTS.map((name) => `${name}:${port}`))
const contentRoot = fs.realpathSync(path.join(repo, CONTENT_FOLDER))

const REFUSED = {
  host: 'This editor backend answers only at localhost; open the editor from this computer.',
  origin: `This editor backend answers only the web editor at ${siteOrigin}/admin; open it there.`,
  path: `The web editor may read and write files only inside ${CONTENT_FOLDER}/; this request named another file, so nothing was read or written.`,
  action: 'The web editor asked for something this backend does not do; nothing was changed.',
  notFound: `This editor backend answers only POST ${API_PATH}; nothing is here.`,
  tooLarge: 'The request is larger than 50 MB; save smaller files.',
  badJson: 'The request was not valid JSON; reload the editor and try again.',
  checkFailed: 'The content check could not run, so nothing was saved; the editor backend\'s log says why.',
  check: (sentences) => `Not saved, because the content check refuses it: ${sentences.join(' ')}`,
}

/** Every file or folder path a decap-server request names, by action (undefined: unknown). */
function pathsOf(action, params) {
  const p = params ?? {}
  const files = (list) => (Array.isArray(list) ? list : [])
  const dataFiles = [...files(p.dataFiles), ...(p.entry ? [p.entry] : [])]
  switch (action) {
    case 'info':
    case 'unpublishedEntries':
    case 'unpublishedEntry':
    case 'deleteUnpublishedEntry':
    case 'updateUnpublishedEntryStatus':
    case 'publishUnpublishedEntry':
    case 'getDeployPreview':
      return []
    case 'entriesByFolder':
      return [p.folder]
    case 'entriesByFiles':
      return files(p.files).map((file) => file?.path)
    case 'getEntry':
    case 'getMediaFile':
    case 'deleteFile':
    case 'unpublishedEntryDataFile':
    case 'unpublishedEntryMediaFile':
      return [p.path]
    case 'persistEntry':
      return [
        ...dataFiles.flatMap((file) => (file?.newPath === undefined ? [file?.path] : [file?.path, file.newPath])),
        ...files(p.assets).map((asset) => asset?.path),
      ]
    case 'getMedia':
      return [p.mediaFolder]
    case 'persistMedia':
      return [p.asset?.path]
    case 'deleteFiles':
      return files(p.paths)
    default:
      return undefined
  }
}

/** The real path of `target`'s deepest existing ancestor (itself if it exists). */
function realExisting(target) {
  let current = target
  for (;;) {
    try {
      return fs.realpathSync(current)
    } catch (error) {
      if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') throw error
      const parent = path.dirname(current)
      if (parent === current) throw error
      current = parent
    }
  }
}

function inside(folder, target) {
  const relative = path.relative(folder, target)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** Whether a path from a request stays inside content/, as written and once symlinks resolve. */
function confined(name) {
  if (typeof name !== 'string' || name === '' || name.includes('\0') || name.includes('\\')) return false
  if (path.posix.isAbsolute(name)) return false
  const normal = path.posix.normalize(name)
  if (normal !== CONTENT_FOLDER && !normal.startsWith(`${CONTENT_FOLDER}/`)) return false
  if (normal.split('/').includes('.git')) return false
  try {
    return inside(contentRoot, realExisting(path.join(repo, normal)))
  } catch {
    return false
  }
}

/** Answer with a sentence; `origin`, once checked, may read it (the editor shows it). */
function refuse(res, status, sentence, origin) {
  const body = JSON.stringify({ error: sentence })
  const readable = origin === undefined ? {} : { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...readable })
  res.end(body)
}

/** Read the whole body, or undefined when it passes the limit. */
async function readBody(req) {
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > BODY_LIMIT) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const app = express()
await (mode === 'fs' ? registerLocalFs : registerLocalGit)(app, { logLevel: process.env.LOG_LEVEL })

const server = http.createServer(async (req, res) => {
  if (!hosts.has((req.headers.host ?? '').toLowerCase())) return refuse(res, 403, REFUSED.host)
  // Browsers send Origin with every POST and preflight; a client without one is no web page.
  const origin = req.headers.origin
  if (origin !== undefined && !origins.has(origin)) return refuse(res, 403, REFUSED.origin)
  // express would also route /API/V1/ here: only the exact path goes through.
  if (req.url !== API_PATH) return refuse(res, 404, REFUSED.notFound)
  if (req.method === 'OPTIONS') return app(req, res)
  if (req.method !== 'POST') return refuse(res, 404, REFUSED.notFound)
  const raw = await readBody(req)
  if (raw === undefined) return refuse(res, 413, REFUSED.tooLarge)
  let body
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    return refuse(res, 400, REFUSED.badJson)
  }
  const paths = pathsOf(body?.action, body?.params)
  if (paths === undefined) return refuse(res, 403, REFUSED.action)
  if (!paths.every(confined)) return refuse(res, 403, REFUSED.path)
  if (body.action === 'persistEntry') {
    const { entry, dataFiles = [entry], assets = [] } = body.params
    let sentences
    try {
      sentences = await refusals(contentRoot, dataFiles, assets)
    } catch (error) {
      console.error(error)
      return refuse(res, 500, REFUSED.checkFailed, origin)
    }
    if (sentences.length) return refuse(res, 422, REFUSED.check(sentences), origin)
  }
  // body-parser skips a request already read: decap-server's handlers get this body as checked.
  req.body = body
  req._body = true
  return app(req, res)
})

server.listen(port, '127.0.0.1', () => {
  console.log(`The web editor's backend (${mode}) listens on 127.0.0.1:${port} for ${siteOrigin}/admin; it writes into ${contentRoot} only.`)
})
