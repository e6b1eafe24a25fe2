import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/verify-hours')
}
export type Data = ReturnType<typeof data>
