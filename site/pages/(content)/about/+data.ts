import type { PageContextServer } from 'vike/types'
import { loadAbout } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data(pageContext: PageContextServer) {
  const about = loadAbout(pageContext.locale)
  return { ...shell('/about', { title: about.title, description: about.description }), about }
}
export type Data = ReturnType<typeof data>
