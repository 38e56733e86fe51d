import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

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

/**
 * A paged list's page turn: focus goes to where the new rows start (the list's heading with
 * tabIndex={-1}, or a focusable panel holding it), which also brings it into view; the button
 * pressed may now be disabled, and a keyboard user reads on from the first new row.
 */
export function usePageTurn<E extends HTMLElement = HTMLHeadingElement>(onPage: (page: number) => void) {
  const startRef = useRef<E>(null);
  const turn = (page: number) => {
    onPage(page);
    startRef.current?.focus();
  };
  return { startRef, turn };
}

type SetPage = (page: number, options?: { replace?: boolean }) => void;

/**
 * A page past the end (an old link or address, rows gone since) moves to the last page once the
 * list's answer for it is in: `pageCount` is undefined until then (and while a placeholder shows).
 * The move replaces the address, so Back does not return to the page that moved. Returns whether
 * the page is past the end, for the list to show loading meanwhile.
 */
export function useLastPageWhenPast(page: number, pageCount: number | undefined, setPage: SetPage): boolean {
  const past = pageCount !== undefined && page > pageCount;
  useEffect(() => {
    if (past) setPage(pageCount, { replace: true });
  }, [past, pageCount, setPage]);
  return past;
}

/** A list's page in the address (`?<name>=n`, none on page 1): Back, a reload and a shared link keep it. */
export function usePageParam(name: string): [number, SetPage] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (next > 1) search.set(name, String(next));
        else search.delete(name);
        return search;
      }, options),
    [name, setParams],
  );
  return [page, setPage];
}
