// Calendar links: a webcal:// subscription (calendar apps refresh it) and a plain download.

/** The subscribe (webcal://) and download (https) addresses of a calendar file of the site. */
export function calendarLinks(siteUrl: string, path: string): { webcal: string; href: string } {
  const url = new URL(path, siteUrl)
  return { webcal: `webcal://${url.host}${url.pathname}`, href: path }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** "2027-03" -> "March 2027". */
export function monthLabel(yearMonth: string): string {
  const [year, month] = yearMonth.split('-')
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`
}
