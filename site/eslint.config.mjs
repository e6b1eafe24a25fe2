// The site's lint (issue 41): a user-facing literal in the JSX of the files whose words are translated fails
// (eslint-plugin-lingui's no-unlocalized-strings), so a sentence added there cannot ship in English only. Its
// scope grows with the translated files (FILES); markup values (class names, ids, paths, attribute values) are
// not sentences. `npm run lint`; tests/lint.test.ts shows that an unmarked sentence fails.
import tsParser from '@typescript-eslint/parser'
import lingui from 'eslint-plugin-lingui'

/** The files whose every user-facing word is marked for translation. */
export const FILES = [
  'components/Shell.tsx',
  'components/LanguageSwitcher.tsx',
  'components/AuthNavLink.tsx',
  'components/OrganizeNavItem.tsx',
  'components/Translated.tsx',
  'pages/+Layout.tsx',
  'pages/(content)/*/+Page.tsx',
  'pages/_error/+Page.tsx',
  'src/i18n/*.ts',
]

export default [
  {
    files: FILES,
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // One "word" without spaces that does not start with a capital (a class name, a path, a key), and
          // UPPERCASE constants, are no sentences.
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'href', 'src', 'type', 'id', 'lang', 'hrefLang', 'rel', 'property', 'name', 'content', 'role', 'key',
          ],
          ignoreFunctions: ['Error', 'console.*', 'msg', 'localizePath', 'extractLocale'],
        },
      ],
    },
  },
]
