import { UpcomingSessionsPreview } from '../../features/booking/components/session-list';
import { IeltsDashboardPage } from '../../features/ielts/components/ielts-dashboard-page';
import { useCurrentUser } from '../../shared/api/get-current-user';

/** /ielts/dashboard: the IELTS standing with the learner's next IELTS sessions. */
export function IeltsDashboardWithSessionsPage() {
  const { data: user } = useCurrentUser('learner');
  const upcoming = user ? <UpcomingSessionsPreview ownerId={user._id} timeZone={user.timezone} sessionsPath="/ielts/session" bookPath="/ielts/book-a-session" subject="IELTS" /> : null;
  return <IeltsDashboardPage user={user ?? null} upcoming={upcoming} />;
}
