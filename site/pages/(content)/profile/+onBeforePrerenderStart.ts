import { loadRoutes } from '../../../src/content/load'

export function onBeforePrerenderStart() {
  return loadRoutes()
    .filter((r) => r.kind === 'profile')
    .map((r) => r.path)
}
