import type { Config } from 'vike/types'

// Not in `vike build`'s prerender, which holds every page until the end: scripts/prerender-profiles.mjs
// renders the profiles one by one from the built server after it (`vike dev` renders them on demand).
export default { prerender: false } satisfies Config
