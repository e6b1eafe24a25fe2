// Lingui (issue 41): the site's sentences are marked in the code with Lingui's macros, extracted into gettext .po
// catalogs (locales/<locale>/messages.po, which translators edit and git keeps) by `make i18n-site`, and compiled
// into locales/<locale>/messages.ts (gitignored) by every build (package.json's i18n:compile).
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import locales from './locales/locales.json'

export default defineConfig({
  sourceLocale: locales[0]!,
  locales,
  // An untranslated sentence shows in English rather than as its id.
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/components', '<rootDir>/pages', '<rootDir>/src'] }],
  // No file:line origins: a moved line would change every catalog.
  format: formatter({ origins: false }),
})
