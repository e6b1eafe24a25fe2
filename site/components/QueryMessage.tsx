import { useEffect, useState, type ReactNode } from 'react'

/**
 * A message the URL's query decides, such as the OAuth failure on /login?error=oauth_error. The page is
 * prerendered without a query, so the message is in the HTML hidden, marked data-query="name=value", and
 * The nav script (src/app-nav.js) shows it when the query matches, before the app starts: it paints with the page instead of after
 * hydration, and nothing below it moves when the app takes over. Once mounted, `shown` decides (the app
 * reads the same query in an effect, and may show other text in the same place, such as a form error);
 * a message not shown then leaves the page.
 */
export function QueryMessage({ query, shown, className, role, children }: {
  query: `${string}=${string}`
  shown: boolean
  className: string
  role: 'alert' | 'status'
  children: ReactNode
}) {
  // Set in the same effects pass as the page's query-driven state: one render, so a shown message never blinks.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (mounted && !shown) return null
  return (
    // The nav script may have removed `hidden` before hydration: an expected difference, not a mismatch.
    <p className={className} role={role} hidden={!shown} data-query={query} suppressHydrationWarning>
      {children}
    </p>
  )
}
