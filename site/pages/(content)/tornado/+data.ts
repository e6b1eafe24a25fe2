import { loadTornado } from '../../../src/content/load'
import { shell } from '../../../src/content/pageData'

export function data() {
  const tornado = loadTornado()
  return { ...shell('/tornado', { title: tornado.title, description: tornado.description }), tornado }
}
export type Data = ReturnType<typeof data>
