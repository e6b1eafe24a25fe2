// Where the generator's JSON lives: $CONTENT_DIR, else ../build/content (relative to site/).
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const siteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const contentDir = path.resolve(siteRoot, process.env.CONTENT_DIR || '../build/content')
export const outDir = path.resolve(siteRoot, process.env.SITE_OUT_DIR || '../build/site')
