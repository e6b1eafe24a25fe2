import type { Config } from 'vike/types'

export default { clientHooks: false, contentPage: true } satisfies Config
