import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/login')
}
export type Data = ReturnType<typeof data>
