import { loadHome } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data() {
  const home = loadHome()
  return { ...shell('/', { title: home.title, description: home.description }), home }
}
export type Data = ReturnType<typeof data>
