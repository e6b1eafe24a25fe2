import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/follows')
}
export type Data = ReturnType<typeof data>
