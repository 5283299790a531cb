/**
 * Page numbers around the current page, plus skip-to-first and
 * skip-to-last buttons when there are 3 or more pages after the first (lastPage >= 4).
 */
export function Pagination({
  page,
  lastPage,
  onChange,
  around = 2,
  label = 'Pagination',
}: {
  page: number;
  lastPage: number;
  onChange(page: number): void;
  /** How many page numbers to show on each side of the current one. */
  around?: number;
  label?: string;
}) {
  if (lastPage < 2) return null;
  const current = Math.min(Math.max(1, page), lastPage);
  const first = Math.max(1, current - around);
  const last = Math.min(lastPage, current + around);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const skips = lastPage >= 4;
  return (
    <nav className="vv-pagination" aria-label={label}>
      {skips && (
        <button type="button" className="vv-page-button" aria-label="First page" disabled={current === 1} onClick={() => onChange(1)}>
          «
        </button>
      )}
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className="vv-page-button"
          aria-label={`Page ${p}`}
          aria-current={p === current ? 'page' : undefined}
          onClick={() => p !== current && onChange(p)}
        >
          {p}
        </button>
      ))}
      {skips && (
        <button
          type="button"
          className="vv-page-button"
          aria-label="Last page"
          disabled={current === lastPage}
          onClick={() => onChange(lastPage)}
        >
          »
        </button>
      )}
    </nav>
  );
}
