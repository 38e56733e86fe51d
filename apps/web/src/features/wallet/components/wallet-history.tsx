import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatMoney } from '@parley/domain/money';
import type { WalletEntry } from '@parley/domain/payments';
import { errorMessage } from '../../../shared/lib/http';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useWalletHistory, WALLET_HISTORY_PAGE_SIZE } from '../api/get-wallet-history';
import { PageNav, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';
import { ZoneNote } from '../../../shared/ui/zone-note';

const kinds: Record<WalletEntry['kind'], { label: string; variant: BadgeVariant; sign: '+' | '−' }> = {
  credit: { label: 'Credit', variant: 'success', sign: '+' },
  cashback: { label: 'Cashback', variant: 'accent', sign: '+' },
  debit: { label: 'Debit', variant: 'error', sign: '−' },
};

/** An instant from the server (UTC ISO) in the user's timezone. */
export function formatEntryDate(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), 'd MMM yyyy, h:mm a');
}

/** The ledger, newest first, each entry with its closing balance; paginated (the page in `?history=`). */
export function WalletHistory({ timeZone, onAddMoney }: { timeZone: string; onAddMoney: () => void }) {
  const [page, setPage] = usePageParam('history');
  const { startRef, turn } = usePageTurn(setPage);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useWalletHistory(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / WALLET_HISTORY_PAGE_SIZE)) : 1;
  useLastPageWhenPast(page, data && !isPlaceholderData ? pages : undefined, setPage);

  return (
    <section aria-labelledby="wallet-history" className="space-y-3">
      <h2 id="wallet-history" ref={startRef} tabIndex={-1} className="text-lg font-semibold">
        History
      </h2>
      {isPending ? (
        <div role="status" aria-label="Loading history" className="space-y-2">
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
        </div>
      ) : null}
      {isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {/* Empty only as last heard: a history that could not load again may hold a payment since. */}
      {data && data.total === 0 && !isError ? (
        <EmptyState
          level={3}
          title="No wallet activity yet"
          icon="wallet"
          action={
            <button type="button" className="btn btn-primary btn-sm" onClick={onAddMoney}>
              Add Money
            </button>
          }
        >
          Top-ups, cashback and session purchases are listed here with your closing balance.
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <ul aria-label="Wallet history" className={`divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.items.map((entry) => {
              const kind = kinds[entry.kind];
              return (
                <li key={entry._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  <div className="min-w-0 flex-1 basis-48">
                    {/* The whole description wraps (a course's long name), never cut off on a phone. */}
                    <p className="flex items-start gap-2">
                      <span className="mt-1 flex shrink-0">
                        <Badge variant={kind.variant} size="xs">
                          {kind.label}
                        </Badge>
                      </span>
                      <span className="min-w-0 font-medium break-words">{entry.description}</span>
                    </p>
                    <p className="mt-0.5 text-xs text-base-content/60">
                      <time dateTime={entry.createdAt}>{formatEntryDate(entry.createdAt, timeZone)}</time>
                    </p>
                  </div>
                  <div className="ml-auto text-right">
                    <p className={`font-semibold tabular-nums ${entry.kind === 'debit' ? 'text-error' : 'text-success'}`}>
                      {kind.sign}
                      {formatMoney(entry.amount)}
                    </p>
                    <p className="text-xs text-base-content/60 tabular-nums">Balance {formatMoney(entry.closingBalance)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <ZoneNote timeZone={timeZone} />
          {pages > 1 ? (
            <PageNav page={page} pageCount={pages} onPage={turn} label="History pages" loading={isPlaceholderData} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
