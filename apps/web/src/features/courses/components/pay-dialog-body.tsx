import { useState } from 'react';
import { formatMoney } from '@parley/domain/money';
import { PaidPanel } from './paid-panel';
import type { PayDialogProps } from './pay-dialog';
import { PayOptions } from './pay-options';
import { useCoursePayment, type PayMethod } from './use-course-payment';

/** What the pay dialog shows: the item and its price, Wallet or Online payment, then what to do next. */
export function PayDialogBody({ itemName, price, buy, checkout, done }: Omit<PayDialogProps, 'open' | 'onClose' | 'title'>) {
  const { run, busy } = useCoursePayment();
  const [payingWith, setPayingWith] = useState<PayMethod | null>(null);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);

  const pay = async (method: PayMethod) => {
    setPayingWith(method);
    const result = await run(() => buy(method), checkout);
    setPayingWith(null);
    if (result.status === 'paid') setPaidMessage(result.message);
  };

  return (
    <div className="space-y-4">
      <div role="status">{paidMessage ? <PaidPanel message={paidMessage}>{done}</PaidPanel> : null}</div>
      {paidMessage ? null : (
        <>
          <div className="flex items-start justify-between gap-4 rounded-box bg-base-200 p-3">
            <span className="min-w-0 font-medium">{itemName}</span>
            <span className="shrink-0 font-bold tabular-nums">{formatMoney(price)}</span>
          </div>
          <PayOptions price={price} busy={busy} payingWith={payingWith} onPay={(method) => void pay(method)} />
        </>
      )}
    </div>
  );
}
