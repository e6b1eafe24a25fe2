import { loadOrganizationIndex } from '../../../src/content/load'
import { appShell } from '../../../src/content/pageData'

export function data() {
  // A Follow link names an organization by its slug (?organization=keenstl): the page says its name.
  const organizations = Object.fromEntries(loadOrganizationIndex().map((o) => [o.id, o.name]))
  return { ...appShell('/follows'), organizations }
}
export type Data = ReturnType<typeof data>
