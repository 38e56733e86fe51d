import { useCurrentUser } from '../../shared/api/get-current-user';
import { planBuyer } from '../../features/subscriptions/components/plans-view';
import { SubscriptionPlansPage } from '../../features/subscriptions/components/subscription-plans-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';
import { CardPayments } from '../../features/wallet/components/card-payments';

/**
 * Every …/subscription-plans page: a vertical's plans, with the wallet's Add Money for a short
 * balance. A peer-only account has no wallet page, so its card payments are listed here.
 */
export function SubscriptionPlansWithWalletPage({ vertical }: { vertical?: string }) {
  const peer = planBuyer() === 'peer';
  return (
    <>
      <SubscriptionPlansPage vertical={vertical} AddMoney={AddMoneyModal} />
      {peer ? <PeerCardPayments /> : null}
    </>
  );
}

function PeerCardPayments() {
  const { data: user } = useCurrentUser('peer');
  return (
    <div className="mt-8">
      <CardPayments as="peer" timeZone={user?.timezone ?? 'UTC'} />
    </div>
  );
}
