import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/dashboard')
}
export type Data = ReturnType<typeof data>
