// The calendar-leaf date on event cards: month and day at a glance. The header's text says the full date,
// so the badge is hidden from screen readers rather than read twice.

/** Month (3 letters) and day of the generator's date text ("December 2, 2026"); null for any other text. */
export function badgeParts(dateText: string): { month: string; day: string } | null {
  const m = /^([A-Z][a-z]{2})[a-z]* (\d{1,2}), \d{4}$/.exec(dateText)
  return m ? { month: m[1]!, day: m[2]! } : null
}

export function DateBadge({ dateText }: { dateText: string }) {
  const parts = badgeParts(dateText)
  return parts ? (
    <span className="date-badge" aria-hidden="true">
      <span className="date-badge-month">{parts.month}</span>
      <span className="date-badge-day">{parts.day}</span>
    </span>
  ) : null
}
