import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/reset-password')
}
export type Data = ReturnType<typeof data>
