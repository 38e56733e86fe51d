import { AllPlansPage } from '../../features/subscriptions/components/all-plans-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';

/** /learner/all-plans: every plan, with the wallet's Add Money for a short balance. */
export function AllPlansWithWalletPage() {
  return <AllPlansPage AddMoney={AddMoneyModal} />;
}
