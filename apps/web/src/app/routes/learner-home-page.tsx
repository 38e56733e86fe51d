import { Navigate } from 'react-router';
import { UpcomingSessionsPreview } from '../../features/booking/components/session-list';
import { LearnerHomePage } from '../../features/learner-shell/components/learner-home-page';
import { useCurrentUser } from '../../shared/api/get-current-user';

/** /learner: the home page with the next sessions; a new-curriculum learner starts on the plans instead. */
export function LearnerHomeRoutePage() {
  const { data: user } = useCurrentUser('learner');
  if (user?.isNewCurriculum) return <Navigate to="/learner/subscription-plans" replace />;
  const upcoming = user ? (
    <UpcomingSessionsPreview
      ownerId={user._id}
      timeZone={user.timezone}
      sessionsPath="/learner/session"
      bookPath={user.isMigratedToCurriculum ? null : '/learner/book-a-session'}
    />
  ) : null;
  return <LearnerHomePage user={user ?? null} upcoming={upcoming} />;
}
