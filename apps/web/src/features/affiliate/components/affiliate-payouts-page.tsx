import { useRef, useState, type FormEvent } from 'react';
import { payoutRefusal, payoutTexts } from '@parley/domain/affiliate';
import type { BankDetailsView, Payout, PayoutsOverview } from '@parley/domain/affiliate-api';
import { formatMoney, majorToMinor, minorToMajorText } from '@parley/domain/money';
import { affiliateDate } from '../lib/affiliate-date';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { PageHeader } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBankDetails } from '../api/get-bank-details';
import { usePayouts } from '../api/get-payouts';
import { useRequestPayout } from '../api/request-payout';
import { BankDetailsForm } from './bank-details-form';

const statusBadge: Record<Payout['status'], { variant: BadgeVariant; label: string }> = {
  requested: { variant: 'warning', label: 'Requested' },
  processing: { variant: 'secondary', label: 'Processing' },
  paid: { variant: 'success', label: 'Paid' },
  failed: { variant: 'error', label: 'Failed' },
};

/** Paid with its date; failed with the reason (the amount is back in the available balance). */
function PayoutStatus({ payout }: { payout: Payout }) {
  const { variant, label } = statusBadge[payout.status];
  return (
    <div className="space-y-1">
      {/* The badge is one line high: only the word goes in it, the date wraps as plain text. */}
      <Badge variant={variant}>{label}</Badge>
      {payout.status === 'paid' && payout.paidAt ? <p className="text-xs text-base-content/70">{affiliateDate(payout.paidAt)}</p> : null}
      {payout.status === 'failed' ? (
        <p className="max-w-xs text-xs text-base-content/70">
          {payout.failureReason ?? 'The payout did not go through.'} The amount is back in your balance.
        </p>
      ) : null}
    </div>
  );
}

/** /affiliate/payouts (shown as Bank Details): where payouts go, asking for one, and their history. */
export function AffiliatePayoutsPage() {
  const bank = useBankDetails();
  const payouts = usePayouts();
  return (
    <div className="space-y-6">
      <PageHeader title="Bank Details" subtitle="Where we send your payouts, and the payouts so far." />
      <section aria-labelledby="bank-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <h2 id="bank-title" className="mb-4 text-lg font-semibold">
          Bank account
        </h2>
        {bank.isPending ? (
          <div className="skeleton h-40" role="status" aria-label="Loading your bank details" />
        ) : bank.isError ? (
          <RetryAlert message={bank.error.message} onRetry={() => bank.refetch()} retrying={bank.isFetching} />
        ) : (
          <BankAccount current={bank.data} />
        )}
      </section>
      <section aria-labelledby="payouts-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <h2 id="payouts-title" className="mb-4 text-lg font-semibold">
          Payouts
        </h2>
        {payouts.isPending ? (
          <PageSkeleton label="Loading your payouts" className="p-0" />
        ) : payouts.isError ? (
          <RetryAlert message={payouts.error.message} onRetry={() => payouts.refetch()} retrying={payouts.isFetching} />
        ) : (
          <Payouts overview={payouts.data} />
        )}
      </section>
    </div>
  );
}

function BankAccount({ current }: { current: BankDetailsView | null }) {
  const [editing, setEditing] = useState(current === null);
  if (current && !editing) {
    return (
      <div className="space-y-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="bank-details">
          <div>
            <dt className="text-sm text-base-content/70">Account holder</dt>
            <dd className="font-semibold">{current.accountHolder}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">{current.kind === 'IN' ? 'Account number' : 'IBAN'}</dt>
            <dd className="font-mono font-semibold">{current.account}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">{current.kind === 'IN' ? 'IFSC' : 'SWIFT / BIC'}</dt>
            <dd className="font-mono font-semibold">{current.kind === 'IN' ? current.ifsc : current.swift}</dd>
          </div>
        </dl>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
          Change bank details
        </button>
      </div>
    );
  }
  return <BankDetailsForm current={current} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />;
}

function Payouts({ overview }: { overview: PayoutsOverview }) {
  const { available, minimum } = overview;
  const [amount, setAmount] = useState(() => minorToMajorText(Math.max(available.amountMinor, 0), available.currency));
  const [error, setErrorText] = useState<string>();
  const amountField = useRef<HTMLInputElement>(null);
  const request = useRequestPayout();
  const canAsk = overview.hasBankDetails && available.amountMinor >= minimum.amountMinor;

  // A refusal takes the focus back to the amount, which it describes: a screen reader reads why.
  const refuse = (reason: string) => {
    setErrorText(reason);
    amountField.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    let minor: number;
    try {
      minor = majorToMinor(amount, available.currency);
    } catch {
      return refuse('Enter an amount such as 1,500 or 1500.50');
    }
    const refused = payoutRefusal(minor, available);
    if (refused) return refuse(refused.message);
    setErrorText(undefined);
    request.mutate(minor, {
      onSuccess: (payout) => {
        notify.success(`Payout of ${formatMoney(payout.amount)} requested`);
        // The field offers what is left, as it first offered the whole balance.
        setAmount(minorToMajorText(Math.max(available.amountMinor - payout.amount.amountMinor, 0), available.currency));
      },
      onError: (failure) => refuse(errorMessage(failure)),
    });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm">
        Available: <span className="font-semibold tabular-nums" data-testid="payout-available">{formatMoney(available)}</span>. The minimum payout is {formatMoney(minimum)}.
      </p>
      {!overview.hasBankDetails ? (
        <p className="alert alert-info alert-soft text-sm">Add your bank account above to ask for a payout.</p>
      ) : !canAsk ? (
        <p className="alert alert-soft text-sm">{payoutTexts.notYet(minimum)}</p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <FormField label={`Amount (${available.currency})`} error={error}>
            <input ref={amountField} className="input w-40" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </FormField>
          <button type="submit" className="btn btn-primary" aria-disabled={request.isPending || undefined}>
            {request.isPending ? 'Asking…' : 'Request payout'}
          </button>
        </form>
      )}
      {overview.items.length === 0 ? (
        <p className="text-sm text-base-content/70">No payouts yet.</p>
      ) : (
        // Fits a phone (compact, the account under the amount); whatever still overflows scrolls, so the keyboard can focus it.
        <div className="overflow-x-auto" role="region" aria-label="Payout history" tabIndex={0}>
          <table className="table table-sm sm:table-md">
            <caption className="sr-only">Payout history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Amount</th>
                <th scope="col" className="hidden sm:table-cell">
                  To
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {overview.items.map((payout) => (
                <tr key={payout.id}>
                  <th scope="row" className="font-normal">
                    {affiliateDate(payout.requestedAt)}
                  </th>
                  <td className="tabular-nums whitespace-nowrap">
                    {formatMoney(payout.amount)}
                    <span className="block text-base-content/70 sm:hidden">to {payout.account}</span>
                  </td>
                  <td className="hidden font-mono sm:table-cell">{payout.account}</td>
                  <td>
                    <PayoutStatus payout={payout} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
