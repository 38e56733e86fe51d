import { CoursesPage } from '../../features/courses/components/courses-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';

/** /courses: the catalogue and course subscriptions, with the wallet's Add Money for a short balance. */
export function CoursesWithWalletPage() {
  return <CoursesPage AddMoney={AddMoneyModal} />;
}
