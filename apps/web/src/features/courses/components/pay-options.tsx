import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { courseMessages } from '@parley/domain/courses';
import { formatMoney, subtractMoney, type Money } from '@parley/domain/money';
import { useWallet } from '../../../shared/api/get-wallet';
import { useFocusWhenClosedAndGone, useFocusWhenGone } from '../../../shared/lib/use-focus-hand-off';
import { useAddMoney } from './add-money-context';
import type { PayMethod } from './use-course-payment';

/** Whether the wallet holds at least `price` (a wallet in another currency cannot pay it). */
export function walletCovers(balance: Money, price: Money): boolean {
  return balance.currency === price.currency && balance.amountMinor >= price.amountMinor;
}

/**
 * Pay with wallet (showing the balance; off, with the spec's message and Add money, when the
 * balance is short) or Pay online through the checkout.
 */
export function PayOptions({ price, busy, onPay, payingWith }: { price: Money; busy: boolean; onPay: (method: PayMethod) => void; payingWith: PayMethod | null }) {
  const wallet = useWallet();
  const AddMoney = useAddMoney();
  const [addOpen, setAddOpen] = useState(false);
  const shortId = useId();
  const short = wallet.data ? !walletCovers(wallet.data, price) : false;
  const payWithWallet = useRef<HTMLButtonElement>(null);
  // Money added: Add money goes with the warning, and the focus it held (or was to be given back)
  // goes on to Pay with wallet, which the money has made possible, not to the page.
  useFocusWhenGone(short, payWithWallet);
  // The wallet may have answered while Add Money was still open (the page behind it inert, so Pay
  // with wallet could not take the focus then): once it has closed and given the focus back to an
  // Add money that is gone, Pay with wallet takes it.
  useFocusWhenClosedAndGone(addOpen, payWithWallet);

  return (
    <div className="space-y-3">
      <p className="flex items-center justify-between gap-3 text-sm">
        <span className="text-base-content/70">Wallet balance</span>
        <span className="font-semibold tabular-nums">
          {wallet.data ? formatMoney(wallet.data) : wallet.isError ? 'Not available' : <span className="loading loading-dots loading-xs" aria-label="Loading balance" />}
        </span>
      </p>
      {short ? (
        <div className="alert alert-warning alert-soft flex flex-col items-start gap-2 text-sm">
          <span id={shortId}>{courseMessages.insufficientWallet}</span>
          {AddMoney ? (
            <button type="button" className="btn btn-warning btn-sm" onClick={() => setAddOpen(true)}>
              Add money
            </button>
          ) : (
            <Link to="/wallet" className="btn btn-warning btn-sm">
              Add money
            </Link>
          )}
        </div>
      ) : null}
      {/* Side by side where both labels fit on one line each (the Buy dialog), stacked in a narrower column (the cart's summary). */}
      <div className="@container">
        <div className="flex flex-col gap-2 @xs:flex-row">
        {/* While a payment runs the buttons are aria-disabled, not disabled, so the one pressed keeps focus (and the checkout gives it back). */}
        <button
          ref={payWithWallet}
          type="button"
          className={`btn btn-outline btn-primary @xs:flex-1 ${busy ? 'btn-disabled' : ''}`}
          disabled={short || wallet.isPending}
          aria-disabled={busy || undefined}
          aria-describedby={short ? shortId : undefined}
          onClick={() => !busy && onPay('wallet')}
        >
          {payingWith === 'wallet' ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Pay with wallet
        </button>
        <button type="button" className={`btn btn-primary @xs:flex-1 ${busy ? 'btn-disabled' : ''}`} aria-disabled={busy || undefined} onClick={() => !busy && onPay('checkout')}>
          {payingWith === 'checkout' ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Pay online
        </button>
        </div>
      </div>
      {AddMoney ? (
        <AddMoney
          open={addOpen}
          onClose={() => setAddOpen(false)}
          suggested={short && wallet.data?.currency === price.currency ? subtractMoney(price, wallet.data) : undefined}
        />
      ) : null}
    </div>
  );
}
