import type { Ref } from 'react';
import { commissionStatusLabels, type AffiliateEarnings, type CommissionStatus } from '@parley/domain/affiliate-api';
import { AFFILIATE_COMMISSION_PERCENT, AFFILIATE_COMMISSION_WINDOW_DAYS } from '@parley/domain/affiliate';
import { formatMoney } from '@parley/domain/money';
import { affiliateDate } from '../lib/affiliate-date';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { Pager, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { EARNINGS_PAGE_SIZE, useAffiliateEarnings } from '../api/get-affiliate-earnings';

const statusVariant: Record<CommissionStatus, BadgeVariant> = {
  pending: 'warning',
  credited: 'success',
  'partly reversed': 'warning',
  reversed: 'error',
  'not eligible': 'neutral',
};

/** /affiliate/earnings: every commission line. */
export function AffiliateEarningsPage() {
  const [page, setPage] = usePageParam('page');
  const { startRef, turn } = usePageTurn<HTMLDivElement>(setPage);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useAffiliateEarnings(page);
  useLastPageWhenPast(page, data && !isPlaceholderData ? Math.max(1, Math.ceil(data.total / EARNINGS_PAGE_SIZE)) : undefined, setPage);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Earnings"
        subtitle={`You earn ${AFFILIATE_COMMISSION_PERCENT}% of what a learner you brought pays in their first ${AFFILIATE_COMMISSION_WINDOW_DAYS} days. A refund takes back its share.`}
      />
      {isPending ? (
        <PageSkeleton label="Loading your earnings" className="p-0" />
      ) : isError ? (
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      ) : (
        <>
          {/* Why a line earns less than the share, or nothing: the limit per learner and the window. */}
          <p className="text-sm text-base-content/80">
            One learner earns you up to {formatMoney(data.capPerLearner)} in all: a payment past that, or after their first {AFFILIATE_COMMISSION_WINDOW_DAYS} days, is{' '}
            {commissionStatusLabels['not eligible']}.
          </p>
          {data.total === 0 ? (
            <EmptyState title="No commission yet" icon="wallet">
              When a learner who signed up through your link or code pays, the commission appears here.
            </EmptyState>
          ) : (
            <EarningsTable earnings={data} onPage={turn} startRef={startRef} />
          )}
        </>
      )}
    </div>
  );
}

/** `startRef` goes on the table's region, where a new page's rows start. */
function EarningsTable({ earnings, onPage, startRef }: { earnings: AffiliateEarnings; onPage: (page: number) => void; startRef: Ref<HTMLDivElement> }) {
  return (
    <>
      {/* Fits a phone as the payout history does (compact; the date under the learner, the payment under the
          commission); whatever still overflows scrolls, so the region is focusable for the keyboard. */}
      <div ref={startRef} className="overflow-x-auto rounded-box border border-base-300 bg-base-100" role="region" aria-label="Commission lines" tabIndex={0}>
        <table className="table table-sm sm:table-md">
          <caption className="sr-only">Commission lines, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Learner</th>
              <th scope="col" className="hidden sm:table-cell">
                Paid on
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Payment
              </th>
              <th scope="col">Commission</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {earnings.items.map((line) => (
              <tr key={line.id} data-testid="commission-line">
                <th scope="row" className="font-normal">
                  {line.learner}
                  <span className="block text-xs whitespace-nowrap text-base-content/70 sm:hidden">{affiliateDate(line.paidAt)}</span>
                </th>
                <td className="hidden sm:table-cell">{affiliateDate(line.paidAt)}</td>
                <td className="hidden tabular-nums sm:table-cell">{formatMoney(line.payment)}</td>
                <td className="tabular-nums">
                  {line.commission ? formatMoney(line.commission) : '—'}
                  <span className="block text-xs text-base-content/70 sm:hidden">of {formatMoney(line.payment)} paid</span>
                  {line.reversed ? <span className="block text-xs text-base-content/70">−{formatMoney(line.reversed)} refunded</span> : null}
                </td>
                <td>
                  {/* "partly reversed" takes two lines in a phone's narrow column, inside its pill. */}
                  <Badge variant={statusVariant[line.status]} wraps>
                    {commissionStatusLabels[line.status]}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={earnings.page} total={earnings.total} pageSize={EARNINGS_PAGE_SIZE} onPage={onPage} />
    </>
  );
}
