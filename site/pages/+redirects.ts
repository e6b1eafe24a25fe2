// Legacy paths -> profile routes, from the generator's redirects.json, prerendered as redirect pages (the
// Python service answers them with real 301s first). A source that differs from a route or from another
// source only by case (/slu vs /Slu) is left to the service: on a case-insensitive file system its
// redirect page would overwrite the page it points to.
import { loadRedirects, loadRoutes } from '../src/content/load'

const taken = new Set(loadRoutes().map((r) => r.path.toLowerCase()))
const redirects: Record<string, string> = {}
for (const { from, to } of loadRedirects()) {
  const key = from.toLowerCase()
  if (taken.has(key)) continue
  taken.add(key)
  redirects[from] = to
}
export default redirects
