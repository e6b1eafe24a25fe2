import type { PageContext } from 'vike/types'
import { documentTitle } from '../src/content/meta'

export default (pageContext: PageContext) => documentTitle(pageContext.data)
