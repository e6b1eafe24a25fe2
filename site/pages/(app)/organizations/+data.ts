import { loadOrganizationIndex } from '../../../src/content/load'
import { appShell } from '../../../src/content/pageData'

export function data() {
  const shell = appShell('/organizations')
  const organizations = loadOrganizationIndex().map(({ id, name, link, logo }) => ({ id, name, link, logo }))
  return { ...shell, organizations }
}
export type Data = ReturnType<typeof data>
