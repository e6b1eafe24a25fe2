import { loadOrganizationIndex } from '../../../../src/content/load'
import { appShell } from '../../../../src/content/pageData'

export function data() {
  const shell = appShell('/organize/roles')
  // The organizations a role can be for (the service checks the slug again), by name.
  const organizations = loadOrganizationIndex()
    .map(({ id, name }) => ({ slug: id, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return { ...shell, organizations }
}
export type Data = ReturnType<typeof data>
