// Outside client.ts, which every page loads: only the pages that show such outcomes carry this.
import type { ApiResult, Said } from './client'

/** The sentence of an outcome whose answer carries a `message`: the service's on success, else why not. */
export const saidOf = (r: ApiResult<{ message: string }>): Said => ({ ok: r.ok, message: r.ok ? r.data.message : r.message })
