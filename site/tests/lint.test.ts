// The lint of translated files (eslint.config.mjs): an unmarked sentence in their JSX fails it, a marked one passes,
// and the translated files themselves pass it (so `npm test` fails where `npm run lint` would).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const siteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const eslint = new ESLint({ cwd: siteRoot })
// Linted as if it were the shell's file, which the rule covers.
const shell = path.join(siteRoot, 'components/Shell.tsx')

async function problems(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: shell })
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

// ESLint loads its parser and rules on the first call: seconds on a busy machine, past vitest's 5 s default.
describe('the lint of translated files', { timeout: 60_000 }, () => {
  it('fails on a sentence added to their JSX unmarked', async () => {
    const found = await problems(`export const Footer = () => <p className="muted">Made in St. Louis</p>\n`)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^lingui\/no-unlocalized-strings: String not marked for translation/)
  })

  it('fails on an unmarked label in an attribute', async () => {
    expect(await problems(`export const Nav = () => <nav aria-label="Main menu" />\n`)).toHaveLength(1)
  })

  it('passes the same sentence marked, and markup values', async () => {
    const code = `import { useLingui } from '@lingui/react/macro'
export function Footer() {
  const { t } = useLingui()
  return <p className="muted" id="made-in">{t\`Made in St. Louis\`}</p>
}
`
    expect(await problems(code)).toEqual([])
  })

  it('passes on every translated file as it is', async () => {
    const results = await eslint.lintFiles(['components', 'pages', 'src'])
    const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(siteRoot, r.filePath)}:${m.line}: ${m.message}`))
    expect(found).toEqual([])
    // The scope is the translated files, not nothing: the shell is among them.
    expect(results.map((r) => path.relative(siteRoot, r.filePath))).toContain('components/Shell.tsx')
  })
})
