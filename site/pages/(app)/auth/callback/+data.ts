import { appShell } from '../../../../src/content/pageData'

export function data() {
  return appShell('/auth/callback')
}
export type Data = ReturnType<typeof data>
