import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { curriculumHome, CURRICULUM_SUBJECT } from '@parley/domain/curriculum';
import { subscriptionFor } from '@parley/domain/user';
import { useCurrentUser } from '../../shared/api/get-current-user';

/** Where a new-curriculum learner's learner pages send them (curriculumHome, spec §2.2); null for anyone else. */
export function useCurriculumHome(): string | null {
  const { data: user } = useCurrentUser('learner');
  return user ? curriculumHome({ isNewCurriculum: user.isNewCurriculum, hasCurriculumPlan: subscriptionFor(user, CURRICULUM_SUBJECT) !== null }) : null;
}

/**
 * The English tutor list and booking for learners who still book that way: a new-curriculum learner
 * is sent to their curriculum home (curriculumHome), a migrated one to their curriculum, as the
 * sidebar has no Book Session or Teachers entry for them (spec §2.9).
 */
export function NotForCurriculumLearners({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser('learner');
  const home = useCurriculumHome();
  if (home) return <Navigate to={home} replace />;
  if (user?.isMigratedToCurriculum) return <Navigate to="/learner/my-courses" replace />;
  return children;
}
