import type { Config } from 'vike/types'

// Not in `vike build`'s prerender: scripts/prerender-profiles.mjs renders the profiles one by one from the
// built server after it (`vike dev` renders them on demand). Measured both ways (issue 11): Vike's prerender
// with +onBeforePrerenderStart keeps every prerendered page (HTML and pageContext) in memory until it ends,
// so at 25,000 organizations it peaked at 2.8 GB and ran out of a 1.4 GB heap, against 0.8 GB for the
// streaming render; at 4,000 it took 18.6 s against 28.9 s on the same loaded machine. The build must fit
// 2 GB at 25,000, so the streaming render stays until Vike's prerender can stream.
export default { prerender: false } satisfies Config
