import { CoursesPage } from '../../features/courses/components/courses-page';
import { LazyAddMoneyModal } from './lazy-add-money-modal';

/** /courses: the catalogue and course subscriptions, with the wallet's Add Money for a short balance. */
export function CoursesWithWalletPage() {
  return <CoursesPage AddMoney={LazyAddMoneyModal} />;
}
