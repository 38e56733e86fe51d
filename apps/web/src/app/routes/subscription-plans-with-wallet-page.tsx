import { SubscriptionPlansPage } from '../../features/subscriptions/components/subscription-plans-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';

/** Every …/subscription-plans page: a vertical's plans, with the wallet's Add Money for a short balance. */
export function SubscriptionPlansWithWalletPage({ vertical }: { vertical?: string }) {
  return <SubscriptionPlansPage vertical={vertical} AddMoney={AddMoneyModal} />;
}
