import { AiCoursesPage } from '../../features/courses/components/ai-courses-page';
import { LazyAddMoneyModal } from './lazy-add-money-modal';

/** /AICourses: the AI catalogue and subscription, with the wallet's Add Money for a short balance. */
export function AiCoursesWithWalletPage() {
  return <AiCoursesPage AddMoney={LazyAddMoneyModal} />;
}
