// site.yaml's words of the shell (the nav, the account link, the footer) are translated through the site's catalogs
// (src/i18n/server.ts, SITE_WORDS): a word changed or added in site.yaml without its translations fails here, where
// the pages would otherwise show it in English on /es/ and /bs/.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { messages as bs } from '../locales/bs/messages'
import { messages as es } from '../locales/es/messages'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
type Link = { label: string }
const site = parse(fs.readFileSync(path.join(root, 'content/site.yaml'), 'utf8')) as {
  nav: Link[]
  account_nav: { signed_in: Link; signed_out: Link }
  footer: { copyright: string; tagline: string }
}
const words = [
  ...site.nav.map((l) => l.label),
  site.account_nav.signed_in.label,
  site.account_nav.signed_out.label,
  site.footer.copyright,
  site.footer.tagline,
]

describe("site.yaml's shell words", () => {
  it.each(words)('"%s" has its Spanish and Bosnian translation', (word) => {
    const id = generateMessageId(word)
    expect(es[id], `es: ${word}`).toBeDefined()
    expect(bs[id], `bs: ${word}`).toBeDefined()
    // Translated, not the English copied.
    expect(JSON.stringify(es[id])).not.toBe(JSON.stringify([word]))
  })
})
