import { appShell } from '../../src/content/pageData'

export function data() {
  return appShell('/404')
}
