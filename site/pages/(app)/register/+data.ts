import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/register')
}
export type Data = ReturnType<typeof data>
