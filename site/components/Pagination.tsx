/** The path of page `n` of the civic index: page 1 is /organizations itself. */
export const indexPagePath = (n: number) => (n === 1 ? '/organizations' : `/organizations/page/${n}`)

/** Which page numbers get a link: the first, the last and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b)
  // null stands for the pages left out between two shown ones.
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]))
}

/** Links between the pages of the civic index: plain links, so browsing works without JavaScript. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages of the civic index">
      {page > 1 ? (
        <a href={indexPagePath(page - 1)} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </a>
      ) : null}
      <ol>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">…</li>
          ) : (
            <li key={n}>
              <a href={indexPagePath(n)} aria-current={n === page ? 'page' : undefined}>
                <span className="visually-hidden">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <a href={indexPagePath(page + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
        </a>
      ) : null}
    </nav>
  )
}
