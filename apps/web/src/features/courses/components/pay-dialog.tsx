import { lazy, Suspense, type ReactNode } from 'react';
import type { CoursePurchaseResponse } from '@parley/domain/courses';
import type { Money } from '@parley/domain/money';
import type { OrderPurpose } from '@parley/domain/payments';
import { Spinner } from '../../../shared/ui/loader';
import { Modal } from '../../../shared/ui/modal';
import type { PayMethod } from './use-course-payment';

// The body (wallet balance, checkout, toasts) is fetched the first time a pay dialog opens, not with
// the page that offers it: a visitor browsing courses never loads the checkout.
const PayDialogBody = lazy(() => import('./pay-dialog-body').then((m) => ({ default: m.PayDialogBody })));

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
      {open ? (
        <Suspense fallback={<Spinner label="Loading payment options" />}>
          <PayDialogBody {...body} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
