import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/organizations')
}
export type Data = ReturnType<typeof data>
