import { lazy, Suspense } from 'react';

const AddMoneyModal = lazy(() => import('../../features/wallet/components/add-money-modal').then((m) => ({ default: m.AddMoneyModal })));

/**
 * The wallet's Add Money modal for the course pages, fetched the first time a pay dialog shows its
 * wallet option rather than with the page: a visitor browsing the catalogue never loads it.
 */
export function LazyAddMoneyModal(props: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <AddMoneyModal {...props} />
    </Suspense>
  );
}
