import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CoursePurchaseResponse } from '@parley/domain/courses';
import { formatMoney, type Money } from '@parley/domain/money';
import type { OrderPurpose } from '@parley/domain/payments';
import { Modal } from '../../../shared/ui/modal';
import { PayOptions } from './pay-options';
import { useCoursePayment, type PayMethod } from './use-course-payment';

export type PayDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading, e.g. 'Buy this course'. */
  title: string;
  /** What is being bought, shown above the price. */
  itemName: string;
  price: Money;
  /** The purchase call for the chosen method. */
  buy: (method: PayMethod) => Promise<CoursePurchaseResponse>;
  checkout: { purpose: OrderPurpose; description: string };
  /** What to offer once paid (Start learning, …). */
  done: ReactNode;
};

/** Buy now and Subscribe: choose Wallet or Online payment, then what to do next. */
export function PayDialog({ open, onClose, title, ...body }: PayDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {open ? <PayDialogBody {...body} /> : null}
    </Modal>
  );
}

function PayDialogBody({ itemName, price, buy, checkout, done }: Omit<PayDialogProps, 'open' | 'onClose' | 'title'>) {
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

/** The purchase's message and the next steps; takes focus, since the buttons it replaces are gone. */
export function PaidPanel({ message, children }: { message: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} tabIndex={-1} className="space-y-3 outline-none">
      <p className="alert alert-success alert-soft text-sm">{message}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}
