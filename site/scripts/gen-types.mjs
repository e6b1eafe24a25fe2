// Generates TypeScript types for the generator's output files from its JSON Schemas
// (build/content/schemas/output-*.schema.json) into src/types/generated/ (gitignored).
import fs from 'node:fs'
import path from 'node:path'
import { compile } from 'json-schema-to-typescript'
import { contentDir, siteRoot } from './content-dir.mjs'

const schemaDir = path.join(contentDir, 'schemas')
const target = path.join(siteRoot, 'src/types/generated')

if (!fs.existsSync(schemaDir)) {
  console.error(`gen:types: no schemas at ${schemaDir} (build the content first, or set CONTENT_DIR)`)
  process.exit(1)
}
const files = fs.readdirSync(schemaDir).filter((f) => /^output-.*\.schema\.json$/.test(f)).sort()
if (files.length === 0) {
  console.error(`gen:types: no output-*.schema.json in ${schemaDir}`)
  process.exit(1)
}
fs.rmSync(target, { recursive: true, force: true })
fs.mkdirSync(target, { recursive: true })

const pascal = (s) => s.replace(/(^|[-_.])(\w)/g, (_m, _sep, c) => c.toUpperCase())
const index = []
for (const file of files) {
  const base = file.replace(/\.schema\.json$/, '')
  const name = pascal(base) // output-site -> OutputSite
  const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, file), 'utf8'))
  // The root type gets a stable name derived from the file name, whatever title the generator gives it.
  schema.title = name
  const ts = await compile(schema, name, {
    cwd: schemaDir,
    bannerComment: `/* Generated from ${file} by scripts/gen-types.mjs. Do not edit. */`,
    additionalProperties: false,
    strictIndexSignatures: true,
    style: { singleQuote: true, semi: false },
    format: false,
  })
  fs.writeFileSync(path.join(target, `${base}.ts`), ts)
  index.push(`export type { ${name} } from './${base}'`)
}
fs.writeFileSync(path.join(target, 'index.ts'), index.join('\n') + '\n')
console.log(`gen:types: ${files.length} schemas -> ${path.relative(siteRoot, target)}`)
