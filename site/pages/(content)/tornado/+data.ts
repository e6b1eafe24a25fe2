import type { PageContextServer } from 'vike/types'
import { loadTornado } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data(pageContext: PageContextServer) {
  const tornado = loadTornado(pageContext.locale)
  return { ...shell('/tornado', { title: tornado.title, description: tornado.description }), tornado }
}
export type Data = ReturnType<typeof data>
