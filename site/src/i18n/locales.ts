// The site's languages and their URLs (issue 41): English at today's URLs, the others under /<locale>/. Pure
// functions, used by the router hook, the prerender, the shell and the sitemap alike.
// locales/locales.json lists them for every reader (Lingui's config, the build's scripts), the default first.
import list from '../../locales/locales.json'

export type Locale = 'en' | 'es' | 'bs'
export const LOCALES = list as readonly Locale[]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language's name in that language, as the switcher shows it. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- each name is in its own language, never translated
export const AUTONYMS: Record<Locale, string> = { en: 'English', es: 'Español', bs: 'Bosanski' }

/** Open Graph's language_TERRITORY form: the site serves St. Louis. */
export const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_US', bs: 'bs_BA' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The language of a URL path and the path without it: '/es/about' -> es, '/about'; '/about' -> en, '/about'. */
export function extractLocale(pathname: string): { locale: Locale; pathname: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname)
  const locale = match?.[1]
  if (!match || !isLocale(locale) || locale === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, pathname }
  return { locale, pathname: match[2] ?? '/' }
}

/** A site path or href in `locale`: '/about', es -> '/es/about'; '/', es -> '/es/'. The one function every
 * internal link goes through; external, protocol-relative ('//host'), hash-only and relative hrefs, and paths
 * already in a language, are left as they are. */
export function localizePath(href: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/') || href.startsWith('//')) return href
  if (extractLocale(href.split(/[?#]/, 1)[0]!).locale !== DEFAULT_LOCALE) return href
  return `/${locale}${href}`
}

/** The generator's rendered Markdown with its internal links in `locale`. markdown-it writes every link as
 * `<a href="...">`, double-quoted and first, so this reads its output, never the site's. */
export function localizeLinks(html: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return html
  // eslint-disable-next-line lingui/no-unlocalized-strings -- HTML markup, no words
  return html.replace(/<a href="([^"]*)"/g, (_, href: string) => `<a href="${localizePath(href, locale)}"`)
}

/** The same page in every language, for the switcher and the hreflang alternates. */
export function alternates(pathname: string): { locale: Locale; href: string }[] {
  return LOCALES.map((locale) => ({ locale, href: localizePath(pathname, locale) }))
}
