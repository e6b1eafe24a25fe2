import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/consent')
}
export type Data = ReturnType<typeof data>
