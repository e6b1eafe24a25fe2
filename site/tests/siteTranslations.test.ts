// The shell's words from site.yaml (the nav, the account link, the footer) are shown in each language from its
// content/<locale>/site.yaml: a word added to site.yaml without its Spanish and Bosnian fails here, where the
// pages would otherwise show it in English on /es/ and /bs/.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
type Link = { label: string }
type ShellWords = { nav: Link[]; account_nav: { signed_in: Link; signed_out: Link }; footer: { copyright: string; tagline: string } }
const read = (name: string) => parse(fs.readFileSync(path.join(root, 'content', name), 'utf8')) as ShellWords
const words = (site: ShellWords) => [
  ...site.nav.map((l) => l.label),
  site.account_nav.signed_in.label,
  site.account_nav.signed_out.label,
  site.footer.copyright,
  site.footer.tagline,
]

describe("site.yaml's shell words", () => {
  const english = words(read('site.yaml'))
  it.each(['es', 'bs'])('%s/site.yaml translates every one', (locale) => {
    const translated = words(read(`${locale}/site.yaml`))
    expect(translated).toHaveLength(english.length)
    english.forEach((word, i) => {
      expect(translated[i], `${locale}: ${word}`).toBeTruthy()
      // Translated, not the English copied.
      expect(translated[i], `${locale}: ${word}`).not.toBe(word)
    })
    // The footer's year stays a placeholder the shell fills.
    expect(translated.some((w) => w?.includes('{year}'))).toBe(true)
  })
})
