// site.yaml's words of the shell (the nav, the account link, the footer) in a page's language: from that
// language's site.json (content/<locale>/site.yaml merged over site.yaml by the generator), each left in English
// marked lang="en".
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { englishMarker } from './inEnglish'
import { loadSite } from './load'

/** One of site.yaml's texts in the shell; lang "en" where the language's site.json left it in English. */
export type SiteText = { text: string; lang?: 'en' }
/** A link of the nav or the account link. */
export type SiteLink = { href: string; label: string; lang?: 'en' }
/** The shell's site.yaml words in one language. */
export type SiteWords = {
  nav: SiteLink[]
  account_nav: { signed_in: SiteLink; signed_out: SiteLink }
  footer: { copyright: SiteText; tagline: SiteText }
}

/** The shell's site.yaml words in `locale`. */
export function siteWordsOf(locale: Locale = DEFAULT_LOCALE): SiteWords {
  const site = loadSite(locale)
  const en = englishMarker(site.in_english, locale)
  const text = (field: string, value: string): SiteText => ({ text: value, ...en(field) })
  const link = (field: string, { href, label }: { href: string; label: string }): SiteLink => ({ href, label, ...en(`${field}.label`) })
  // The year the site was built (pages are rendered at build time; the nightly rebuild moves it on).
  const year = String(new Date().getFullYear())
  return {
    nav: site.nav.map((l, i) => link(`nav[${i}]`, l)),
    account_nav: {
      signed_in: link('account_nav.signed_in', site.account_nav.signed_in),
      signed_out: link('account_nav.signed_out', site.account_nav.signed_out),
    },
    footer: {
      copyright: text('footer.copyright', site.footer.copyright.replaceAll('{year}', year)),
      tagline: text('footer.tagline', site.footer.tagline),
    },
  }
}
