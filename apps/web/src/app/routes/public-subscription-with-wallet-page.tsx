import { lazy, Suspense } from 'react';
import { PublicSubscriptionPage } from '../../features/subscriptions/components/public-subscription-page';

// The wallet's Add Money modal is needed only by a signed-in learner whose balance is short, so it
// loads when first opened: a visitor comparing plans never downloads it.
const AddMoneyModal = lazy(() => import('../../features/wallet/components/add-money-modal').then((module) => ({ default: module.AddMoneyModal })));

function AddMoneyWhenOpen(props: { open: boolean; onClose: () => void }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <AddMoneyModal {...props} />
    </Suspense>
  );
}

/** /subscription: every plan, for visitors and learners alike, with the wallet's Add Money. */
export function PublicSubscriptionWithWalletPage() {
  return <PublicSubscriptionPage AddMoney={AddMoneyWhenOpen} />;
}
