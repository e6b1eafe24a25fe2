import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/features')
}
export type Data = ReturnType<typeof data>
