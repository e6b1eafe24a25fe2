import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/cancel')
}
export type Data = ReturnType<typeof data>
