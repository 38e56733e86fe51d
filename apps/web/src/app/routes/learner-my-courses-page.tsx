import { Link } from 'react-router';
import { CurriculumProgressPage } from '../../features/curriculum/components/curriculum-progress-page';
import { MyCoursesPage } from '../../features/courses/components/my-courses-page';
import { useCurrentUser } from '../../shared/api/get-current-user';
import { usePageTitle } from '../../shared/lib/page-title';

/**
 * /learner/my-courses, labelled Curriculum (spec §2.2): a curriculum learner (new or migrated) sees
 * their path and progress, with their courses one link away; anyone else sees their courses (and
 * the tab says My courses).
 */
export function LearnerMyCoursesPage() {
  const { data: user } = useCurrentUser('learner');
  const curriculum = user?.isNewCurriculum || user?.isMigratedToCurriculum;
  // The route's title is Curriculum, after the sidebar's label; the tab names what is shown.
  usePageTitle(user && !curriculum ? 'My courses' : undefined);
  if (!curriculum) return <MyCoursesPage />;
  return (
    <div className="space-y-4">
      <CurriculumProgressPage title="Curriculum" />
      <p>
        <Link to="/courses/myCourses" className="link">
          Your courses
        </Link>
      </p>
    </div>
  );
}
