// One batch of scripts/prerender.mjs: Vike's documented prerender() (vike/api) in a process of its own, the batch
// named by CIVIC_PRERENDER_BATCH.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { prerender } from 'vike/api'
import { siteRoot } from './content-dir.mjs'

// This build's server entry, imported by hand (vite-plugin-server-entry's documented manual import) before Vike
// looks for it. Otherwise Vike imports the entry that the last `vike build` of ANY checkout sharing this
// node_modules recorded in it (its autoImporter.js), whose guard against another project's entry fails when the
// two live under different top-level folders (/tmp and /work): a bench's snapshot or a second checkout's build
// then prerendered the other site's pages into the other site's dist/.
await import(pathToFileURL(path.join(siteRoot, 'dist/server/entry.mjs')).href)
await prerender()
// As `vike prerender` does: the IPC channel to scripts/prerender.mjs would keep the process alive.
process.exit(0)
