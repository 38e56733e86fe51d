import { CoursePage } from '../../features/courses/components/course-page';
import { LazyAddMoneyModal } from './lazy-add-money-modal';

/** /courses/{courseId}: one course with Buy now and Gift, and the wallet's Add Money for a short balance. */
export function CourseWithWalletPage() {
  return <CoursePage AddMoney={LazyAddMoneyModal} />;
}
