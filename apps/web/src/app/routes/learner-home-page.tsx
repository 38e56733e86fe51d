import { Navigate } from 'react-router';
import { UpcomingSessionsPreview } from '../../features/booking/components/session-list';
import { homeBookingPath, LearnerHomePage } from '../../features/learner-shell/components/learner-home-page';
import { useCurrentUser } from '../../shared/api/get-current-user';
import { useCurriculumHome } from './curriculum-learner-redirect';

/**
 * /learner: the home page with the next sessions. A new-curriculum learner is sent on (spec §2.2):
 * to the plans while they have no curriculum plan, to /curriculumNew once they do (curriculumHome).
 */
export function LearnerHomeRoutePage() {
  const { data: user } = useCurrentUser('learner');
  const home = useCurriculumHome();
  if (home) return <Navigate to={home} replace />;
  const upcoming = user ? (
    <UpcomingSessionsPreview
      ownerId={user._id}
      timeZone={user.timezone}
      sessionsPath="/learner/session"
      bookPath={user.isMigratedToCurriculum ? null : homeBookingPath(user)}
    />
  ) : null;
  return <LearnerHomePage user={user ?? null} upcoming={upcoming} />;
}
