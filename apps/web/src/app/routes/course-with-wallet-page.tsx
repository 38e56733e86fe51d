import { CoursePage } from '../../features/courses/components/course-page';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';

/** /courses/{courseId}: one course with Buy now and Gift, and the wallet's Add Money for a short balance. */
export function CourseWithWalletPage() {
  return <CoursePage AddMoney={AddMoneyModal} />;
}
