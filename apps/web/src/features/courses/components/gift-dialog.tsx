import { lazy, Suspense } from 'react';
import type { CourseCard } from '@parley/domain/courses';
import { Spinner } from '../../../shared/ui/loader';
import { Modal } from '../../../shared/ui/modal';

// The form and the payment (checkout, toasts) are fetched the first time the dialog opens.
const GiftDialogBody = lazy(() => import('./gift-dialog-body').then((m) => ({ default: m.GiftDialogBody })));

/** Gift: the recipient's name, e-mail and an optional message, then Wallet or Online payment. */
export function GiftDialog({ open, onClose, course }: { open: boolean; onClose: () => void; course: Pick<CourseCard, '_id' | 'title' | 'price'> }) {
  return (
    <Modal open={open} onClose={onClose} title="Gift this course">
      {open ? (
        <Suspense fallback={<Spinner label="Loading the gift form" />}>
          <GiftDialogBody course={course} onClose={onClose} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

