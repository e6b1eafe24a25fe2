// Which texts of a translated record fell back to English (the generator's `in_english`: field paths such as
// "tagline", "core_impact[2].title", "privacy.points"), so that their elements say lang="en" and screen readers
// read them with an English voice.
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'

/** The attribute an element showing one field gets: lang="en" when that field is in English on another language's page. */
export type LangAttr = { lang?: 'en' }

/** For a record's `in_english` on a page in `locale`: the attribute of the element that shows `field`. */
export function englishMarker(inEnglish: readonly string[] | undefined, locale: Locale | undefined): (field: string) => LangAttr {
  const fields = (locale ?? DEFAULT_LOCALE) === DEFAULT_LOCALE ? [] : inEnglish ?? []
  // A list or object in English covers each of its items: "programs" marks "programs[1]".
  const covers = (f: string, field: string) => field === f || field.startsWith(`${f}.`) || field.startsWith(`${f}[`)
  return (field) => (fields.some((f) => covers(f, field)) ? { lang: 'en' } : {})
}
