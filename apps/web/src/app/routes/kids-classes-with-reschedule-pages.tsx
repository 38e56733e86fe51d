import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';
import type { RescheduleClass } from '../../features/kids/components/kid-upcoming-sessions';
import { KidsDashboardPage } from '../../features/kids/components/kids-dashboard-page';
import { KidsSubjectOverviewPage } from '../../features/kids/components/kids-subject-page';

/** A kid's class moves as the kid (x-parley-as: kid), in the booking feature's dialog, as on the kid's sessions page. */
const rescheduleClass: RescheduleClass = ({ kidId, session, subject, timeZone, onClose }) => (
  <RescheduleDialog as="kid" ownerId={kidId} session={session} subject={subject} timeZone={timeZone} open onClose={onClose} />
);

/** /kids/dashboard: the kid's next classes can be moved from their cards. */
export function KidsDashboardWithReschedulePage() {
  return <KidsDashboardPage rescheduleClass={rescheduleClass} />;
}

/** /kids/{subject}: the subject's next classes can be moved from their cards. */
export function KidsSubjectOverviewWithReschedulePage() {
  return <KidsSubjectOverviewPage rescheduleClass={rescheduleClass} />;
}
