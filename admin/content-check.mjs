// The content check on a save, before decap-server writes it: the web editor's local backend
// (local-backend.mjs) refuses an entry that `make check` would refuse, in the check's own words.
//
// The check runs on a copy of content/ with the saved files (and their new pictures) in place,
// as `python -m generator check --format github` (the annotations CI shows on a pull request,
// one per line, with the file named). Only errors in the saved files refuse the save: a mistake
// elsewhere is not this entry's, and warnings still build.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The repository the generator is imported from (this file's parent folder).
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// The Python with the generator's requirements: CHECK_PYTHON, else the project's virtualenv.
const PYTHON = process.env.CHECK_PYTHON || path.join(PROJECT, '.venv', 'bin', 'python')
const CHECK_SECONDS = 120
const ANNOTATION = /^::error ([^:]*)::(.*)$/

/** Undo the Actions toolkit's escapes (generator/errors.py): `%` last, as it was escaped first. */
function unescape(text) {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%')
}

/** The files of an error annotation's properties (`file=content/events/x.yaml,line=2,...`). */
function fileOf(properties) {
  const file = properties.split(',').find((p) => p.startsWith('file='))
  return file === undefined ? undefined : unescape(file.slice('file='.length))
}

function run(folder) {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      ['-m', 'generator', 'check', '--content', 'content', '--format', 'github'],
      // From the copy's folder, so the annotations name files as content/...; the generator
      // imported from the project.
      { cwd: folder, env: { ...process.env, PYTHONPATH: PROJECT, GITHUB_ACTIONS: '' }, timeout: CHECK_SECONDS * 1000 },
      (error, stdout, stderr) => {
        // Exit status 1 is the check refusing the content; anything else is the check failing.
        if (error && error.code !== 1) reject(new Error(`The content check could not run: ${stderr || error.message}`))
        else resolve(stdout)
      },
    )
  })
}

/**
 * The check's sentences for the errors in the files a persistEntry request saves, none if it
 * passes. `contentRoot` is content/ on disk; `dataFiles` and `assets` are decap-server's.
 */
export async function refusals(contentRoot, dataFiles, assets) {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'civicstl-editor-check-'))
  try {
    const copy = path.join(folder, 'content')
    await fs.promises.cp(contentRoot, copy, { recursive: true })
    const saved = new Set()
    for (const file of dataFiles) {
      const target = file.newPath ?? file.path
      if (file.newPath !== undefined) await fs.promises.rm(path.join(folder, file.path), { force: true })
      await fs.promises.mkdir(path.dirname(path.join(folder, target)), { recursive: true })
      await fs.promises.writeFile(path.join(folder, target), file.raw)
      saved.add(target)
    }
    for (const asset of assets) {
      await fs.promises.mkdir(path.dirname(path.join(folder, asset.path)), { recursive: true })
      await fs.promises.writeFile(path.join(folder, asset.path), Buffer.from(asset.content, asset.encoding))
    }
    const output = await run(folder)
    return output
      .split('\n')
      .map((line) => ANNOTATION.exec(line))
      .filter((match) => match && saved.has(fileOf(match[1])))
      .map((match) => unescape(match[2]))
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true })
  }
}
