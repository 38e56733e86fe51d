import { Link } from 'react-router';
import { CurriculumProgressPage } from '../../features/curriculum/components/curriculum-progress-page';
import { MyCoursesPage } from '../../features/courses/components/my-courses-page';
import { useCurrentUser } from '../../shared/api/get-current-user';

/**
 * /learner/my-courses, labelled Curriculum (spec §2.2): a curriculum learner (new or migrated) sees
 * their path and progress, with their courses one link away; anyone else sees their courses.
 */
export function LearnerMyCoursesPage() {
  const { data: user } = useCurrentUser('learner');
  if (!user?.isNewCurriculum && !user?.isMigratedToCurriculum) return <MyCoursesPage />;
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
