import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/verify')
}
export type Data = ReturnType<typeof data>
