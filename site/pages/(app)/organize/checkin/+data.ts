import { appShell } from '../../../../src/content/pageData'

export function data() {
  return appShell('/organize/checkin')
}
export type Data = ReturnType<typeof data>
