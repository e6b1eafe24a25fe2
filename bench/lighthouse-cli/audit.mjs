// Audits URLs one after another through an already running Chromium, in one Node process
// (the CLI would pay its ~3 s start-up per page). Usage: node audit.mjs PORT URL...
// Prints one JSON line per URL: {url, scores, finalUrl, error, fcpMs, lcpMs, tbtMs, seoFailing}
// (seoFailing: the ids of the SEO category's audits that did not pass).
// AUDIT_KEEP_STORAGE=1 keeps the browser's cookies and storage (pages audited signed in).
import lighthouse from 'lighthouse'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const [port, ...urls] = process.argv.slice(2)

for (const url of urls) {
  const flags = {
    port: Number(port),
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // The back/forward-cache audit navigates away and back (seconds per page) and the
    // full-page screenshot only feeds the HTML report; neither changes a judged score.
    skipAudits: ['bf-cache'],
    disableFullPageScreenshot: true,
    disableStorageReset: process.env.AUDIT_KEEP_STORAGE === '1',
  }
  try {
    let { lhr } = await lighthouse(url, flags)
    // A runtime error (such as NO_NAVSTART) is Lighthouse failing to trace, not the page: retry once.
    if (lhr.runtimeError) ({ lhr } = await lighthouse(url, flags))
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]))
    const value = (id) => lhr.audits[id]?.numericValue ?? null
    const seoFailing = (lhr.categories.seo?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id)
    console.log(JSON.stringify({
      url, scores, finalUrl: lhr.finalDisplayedUrl, error: lhr.runtimeError?.code ?? null,
      fcpMs: value('first-contentful-paint'), lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'), seoFailing,
    }))
  } catch (error) {
    console.log(JSON.stringify({ url, error: String(error).slice(0, 200) }))
  }
}
