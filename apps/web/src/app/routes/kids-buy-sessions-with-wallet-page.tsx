import { KidsBuySessionsPage } from '../../features/kids/components/kids-buy-sessions-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';

/** /kids/{subject}/buy-sessions: sessions paid from the parent's wallet, with Add Money for a short balance. */
export function KidsBuySessionsWithWalletPage() {
  return <KidsBuySessionsPage AddMoney={AddMoneyModal} />;
}
