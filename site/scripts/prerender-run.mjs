// One batch of scripts/prerender.mjs: Vike's documented prerender() (vike/api) in a process of its own, the batch
// named by CIVIC_PRERENDER_BATCH.
import { prerender } from 'vike/api'

await prerender()
// As `vike prerender` does: the IPC channel to scripts/prerender.mjs would keep the process alive.
process.exit(0)
