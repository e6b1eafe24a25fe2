import type { ShellData } from './pageData'

/** "<page title> | <site name>", or just the title when it already names the site. */
export function documentTitle(data: unknown): string {
  const d = data as ShellData | undefined
  if (!d?.meta) return 'CivicSTL'
  const { title } = d.meta
  const name = d.site.name
  return title.includes(name) ? title : `${title} | ${name}`
}
