import { loadAbout } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data() {
  const about = loadAbout()
  return { ...shell('/about', { title: about.title, description: about.description }), about }
}
export type Data = ReturnType<typeof data>
