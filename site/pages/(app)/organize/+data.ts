import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/organize')
}
export type Data = ReturnType<typeof data>
