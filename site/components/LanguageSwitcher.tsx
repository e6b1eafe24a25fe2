import type { Locale } from '../src/i18n/locales'
import type { Language } from '../src/i18n/server'

/**
 * The header's languages: plain links to this page in each language, each named in its own. src/nav.js remembers
 * the one chosen (data-lang) and shows a note (data-lang-note) where the remembered or browser's language is
 * another than the page's: a suggestion, never a redirect.
 */
export function LanguageSwitcher({ languages, locale, label }: { languages: Language[]; locale: Locale; label: string }) {
  return (
    <nav className="lang-switch" aria-label={label}>
      <ul>
        {languages.map((l) => (
          <li key={l.locale}>
            <a href={l.href} hrefLang={l.locale} lang={l.locale} data-lang={l.locale} aria-current={l.locale === locale ? 'true' : undefined}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The first-visit notes, one per other language, in that language; hidden until src/nav.js picks one. */
export function LanguageNotes({ languages, locale }: { languages: Language[]; locale: Locale }) {
  return (
    <div className="container">
      {languages.filter((l) => l.locale !== locale).map((l) => (
        <p key={l.locale} className="lang-note" lang={l.locale} data-lang-note={l.locale} hidden>
          <a href={l.href} hrefLang={l.locale} data-lang={l.locale}>{l.note}</a>
        </p>
      ))}
    </div>
  )
}
