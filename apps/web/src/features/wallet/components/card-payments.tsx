import { formatMoney } from '@parley/domain/money';
import type { CardPayment } from '@parley/domain/payments';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Pager, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { ZoneNote } from '../../../shared/ui/zone-note';
import { CARD_PAYMENTS_PAGE_SIZE, useCardPayments, type CardPayer } from '../api/get-card-payments';
import { formatEntryDate } from './wallet-history';

/**
 * What the user paid by card or UPI through the checkout, newest first: top-ups, demos, plans and
 * courses, with what was refunded and what our support team still has to refund. The wallet's
 * history lists wallet money only; this is where a card payment can be found again.
 */
export function CardPayments({ as, timeZone }: { as: CardPayer; timeZone: string }) {
  const [page, setPage] = usePageParam('payments');
  const { startRef, turn } = usePageTurn(setPage);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useCardPayments(as, page);
  useLastPageWhenPast(page, data && !isPlaceholderData ? Math.max(1, Math.ceil(data.total / CARD_PAYMENTS_PAGE_SIZE)) : undefined, setPage);

  return (
    <section aria-labelledby="card-payments" className="space-y-3">
      <div>
        <h2 id="card-payments" ref={startRef} tabIndex={-1} className="text-lg font-semibold">
          Card payments
        </h2>
        <p className="text-sm text-base-content/70">What you paid by card or UPI, and what it bought.</p>
      </div>
      {isPending ? (
        <div role="status" aria-label="Loading card payments" className="space-y-2">
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
        </div>
      ) : null}
      {isError ? <RetryAlert message={errorMessage(error)} onRetry={() => void refetch()} retrying={isFetching} /> : null}
      {data && data.total === 0 ? (
        <EmptyState level={3} title="No card payments yet" icon="wallet">
          Payments you make by card or UPI are listed here with what they bought.
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <ul aria-label="Card payments" className={`divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.items.map((payment) => (
              <PaymentRow key={payment._id} payment={payment} timeZone={timeZone} />
            ))}
          </ul>
          <ZoneNote timeZone={timeZone} />
          <Pager page={page} total={data.total} pageSize={CARD_PAYMENTS_PAGE_SIZE} onPage={turn} />
        </>
      ) : null}
    </section>
  );
}

function PaymentRow({ payment, timeZone }: { payment: CardPayment; timeZone: string }) {
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words">{payment.description}</p>
        <p className="mt-0.5 text-xs text-base-content/60">
          <time dateTime={payment.paidAt}>{formatEntryDate(payment.paidAt, timeZone)}</time>
        </p>
        {payment.notApplied ? (
          <p className="mt-1 rounded-box bg-warning/15 px-2 py-1 text-sm">
            {formatMoney(payment.notApplied)} of it could not be used. Our support team has been told and will refund it.
          </p>
        ) : null}
      </div>
      <div className="ml-auto text-right">
        <p className="font-semibold tabular-nums">{formatMoney(payment.amount)}</p>
        {payment.refunded ? <p className="text-xs text-base-content/70 tabular-nums">Refunded {formatMoney(payment.refunded)}</p> : null}
      </div>
    </li>
  );
}
