import { appShell } from '../../../src/content/pageData'

export function data() {
  return appShell('/hours-request')
}
export type Data = ReturnType<typeof data>
