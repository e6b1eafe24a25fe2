// Legacy paths -> profile routes, from the generator's redirects.json (prerendered as redirect pages;
// the Python service applies them as real 301s).
import { loadRedirects } from '../src/content/load'

const redirects: Record<string, string> = Object.fromEntries(loadRedirects().map((r) => [r.from, r.to]))
export default redirects
