// Decap CMS's prebuilt bundle alone, for the site's build (site/scripts/build-admin.mjs): `npm pack` of the
// version admin/package-lock.json pins, checked against the lock's integrity hash, unpacked into
// admin/decap-cms (package.json, dist/) without its dependency tree (603 packages), which no
// install brings: decap-server's (`npm ci --omit=dev`) leaves out Decap CMS, a dev dependency
// only so that the lock pins it.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const adminDir = path.dirname(fileURLToPath(import.meta.url))
const lock = JSON.parse(fs.readFileSync(path.join(adminDir, 'package-lock.json'), 'utf8'))
const { version, integrity } = lock.packages['node_modules/decap-cms']
const target = path.join(adminDir, 'decap-cms')

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'decap-cms-'))
try {
  execFileSync('npm', ['pack', `decap-cms@${version}`, '--pack-destination', scratch, '--silent'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = path.join(scratch, `decap-cms-${version}.tgz`)
  const [algorithm, expected] = integrity.split(/-(.*)/s)
  const actual = crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64')
  if (actual !== expected) {
    console.error(
      `decap-cms-${version}.tgz does not match the integrity hash in admin/package-lock.json ` +
        `(${algorithm}-${actual}); the download is not the locked package. Run \`npm cache verify\` and try again.`,
    )
    process.exit(1)
  }
  fs.rmSync(target, { recursive: true, force: true })
  fs.mkdirSync(target, { recursive: true })
  // Its source maps (54 of its 66 MB) are left out: the site ships none of them.
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1', '--exclude=*.map', 'package/package.json', 'package/dist'])
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}
