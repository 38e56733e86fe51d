import { useCurrentUser } from '../../shared/api/get-current-user';
import { MinutesToGive } from '../../features/peer/components/kid-peer-profile-page';
import { planBuyer } from '../../features/subscriptions/components/plans-view';
import { SubscriptionPlansPage } from '../../features/subscriptions/components/subscription-plans-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';
import { CardPayments } from '../../features/wallet/components/card-payments';

/**
 * Every …/subscription-plans page: a vertical's plans, with the wallet's Add Money for a short
 * balance. A peer-only account has no wallet page, so its card payments are listed here. A parent
 * buying kids peer minutes sees how many wait to be given, and where.
 */
export function SubscriptionPlansWithWalletPage({ vertical }: { vertical?: string }) {
  const peer = planBuyer() === 'peer';
  return (
    <>
      <SubscriptionPlansPage vertical={vertical} AddMoney={AddMoneyModal} aside={vertical === 'kid-peer' && !peer ? <MinutesToGive /> : undefined} />
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
