import type { PageContext } from 'vike/types'
import type { ShellData } from '../src/content/pageData'

export default (pageContext: PageContext) => (pageContext.data as ShellData | undefined)?.meta?.description ?? ''
