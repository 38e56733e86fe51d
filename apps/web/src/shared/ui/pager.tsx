/**
 * Previous / 'Page n of m' / Next. The ends are marked aria-disabled, not disabled: a disabled
 * button drops the focus it holds, so a keyboard user reaching the last page would be sent back
 * to the top of the document (WCAG 2.4.3). `loading` holds Next while the next page is fetched.
 */
export function PageNav({ page, pageCount, onPage, label = 'Pages', loading = false }: { page: number; pageCount: number; onPage: (page: number) => void; label?: string; loading?: boolean }) {
  const first = page <= 1;
  const last = page >= pageCount || loading;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button type="button" className={`btn btn-sm ${first ? 'btn-disabled' : ''}`} aria-disabled={first} onClick={() => (first ? undefined : onPage(page - 1))}>
        Previous
      </button>
      <span aria-live="polite" className="text-sm text-base-content/70 tabular-nums">
        Page {page} of {pageCount}
      </span>
      <button type="button" className={`btn btn-sm ${last ? 'btn-disabled' : ''}`} aria-disabled={last} onClick={() => (last ? undefined : onPage(page + 1))}>
        Next
      </button>
    </nav>
  );
}

/** A paginated list's PageNav from its total; hidden when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  if (total <= pageSize) return null;
  return <PageNav page={page} pageCount={Math.ceil(total / pageSize)} onPage={onPage} />;
}
