import { useState } from 'react';
import { formatMoney } from '@parley/domain/money';
import { unappliedReasons, type UnappliedPayment } from '@parley/domain/moderation';
import { UNAPPLIED_PAYMENTS_PAGE_SIZE, useUnappliedPayments } from '../api/get-unapplied-payments';
import { Breakable, ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { WideTable } from '../../../shared/ui/wide-table';

const TITLE = 'Payments that could not be applied';

const purposeLabels: Record<UnappliedPayment['purpose'], string> = {
  Wallet: 'Wallet top-up',
  Demo: 'Demo session',
  Plan: 'Plan',
  Courses: 'Courses',
  CourseGift: 'Course gift',
  CourseSubscription: 'Course subscription',
};

/** Captured by the provider but not credited or activated: support refunds or applies them by hand. */
export function UnappliedPayments({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useUnappliedPayments(page);

  return (
    <ModerationSection
      headingId="unapplied-payments"
      title={TITLE}
      description="Captured by the payment provider but not credited or activated. Newest first."
      query={query}
      page={page}
      pageSize={UNAPPLIED_PAYMENTS_PAGE_SIZE}
      onPage={setPage}
      emptyTitle="No payments waiting"
      emptyBody="Every captured payment has been applied to its learner's account."
      icon="wallet"
    >
      {(items, pageLabel) => (
        <>
          <PaymentsTable items={items} timeZone={timeZone} caption={`${TITLE}, ${pageLabel}. Times in ${timeZone}.`} />
          <PaymentsCards items={items} timeZone={timeZone} />
        </>
      )}
    </ModerationSection>
  );
}

function PaymentsTable({ items, timeZone, caption }: { items: UnappliedPayment[]; timeZone: string; caption: string }) {
  return (
    <WideTable caption={caption} from="xl" columns={['When', 'Learner', 'Purpose', { label: 'Amount', className: 'text-right' }, 'Order id / payment id', 'Reason']}>
      {items.map((payment) => (
        <tr key={payment._id}>
          <th scope="row" className="font-normal">
            <TimeCell iso={payment.createdAt} timeZone={timeZone} />
          </th>
          <td>
            <PersonCell person={payment.learner} />
          </td>
          <td className="whitespace-nowrap">{purposeLabels[payment.purpose]}</td>
          <td className="text-right font-semibold whitespace-nowrap tabular-nums">{formatMoney(payment.amount)}</td>
          {/* One column for the pair: both ids name the same capture at the provider. */}
          <td>
            <span className="flex flex-col gap-1">
              <Identifier value={payment.orderId} wrap={false} />
              <Identifier value={payment.paymentId} wrap={false} />
            </span>
          </td>
          <td className="min-w-44">{unappliedReasons[payment.reason]}</td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below xl the seven columns don't fit beside the area menu: one card per payment, same facts. */
function PaymentsCards({ items, timeZone }: { items: UnappliedPayment[]; timeZone: string }) {
  return (
    <ul aria-label={TITLE} className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden">
      {items.map((payment) => (
        <li key={payment._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="text-lg font-semibold tabular-nums">{formatMoney(payment.amount)}</p>
            <p className="text-sm font-medium">{purposeLabels[payment.purpose]}</p>
          </div>
          <p className="mt-1 text-sm">{unappliedReasons[payment.reason]}</p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">When</dt>
            <dd>
              <TimeCell iso={payment.createdAt} timeZone={timeZone} />
            </dd>
            <dt className="text-base-content/80">Learner</dt>
            <dd>
              <PersonCell person={payment.learner} />
            </dd>
            <dt className="text-base-content/80">Order id</dt>
            <dd>
              <Identifier value={payment.orderId} />
            </dd>
            <dt className="text-base-content/80">Payment id</dt>
            <dd>
              <Identifier value={payment.paymentId} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** A provider id support pastes into the provider's dashboard: one click selects all of it. */
function Identifier({ value, wrap = true }: { value: string; wrap?: boolean }) {
  if (!wrap) return <code className="font-mono text-xs whitespace-nowrap select-all">{value}</code>;
  return (
    <code className="font-mono text-xs wrap-break-word select-all">
      <Breakable text={value} />
    </code>
  );
}
