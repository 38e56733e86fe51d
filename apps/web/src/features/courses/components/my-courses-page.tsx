import { Link } from 'react-router';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { VideoLibrary } from '../../../shared/ui/video-library';
import { useMyCourses, type MyCourse } from '../api/get-my-courses';
import { certificatePath } from '../lib/learning-paths';
import { playerPath } from './course-paths';
import { BonusMaterial } from './bonus-material';

/** /courses/myCourses and /learner/my-courses: owned courses with progress, bonus files and the free video library. */
export function MyCoursesPage() {
  const courses = useMyCourses();
  return (
    <div className="space-y-10">
      <div>
        <PageHeader
          title="My courses"
          subtitle="Courses you bought or were gifted, and those you started with a course subscription."
          actions={
            <Link to="/courses" className="btn btn-outline btn-sm">
              Browse courses
            </Link>
          }
        />
        <section aria-labelledby="my-courses-title">
          <h2 id="my-courses-title" className="sr-only">
            Your courses
          </h2>
          {courses.isPending ? <PageSkeleton label="Loading your courses" /> : null}
          {courses.isError ? <RetryAlert message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} retrying={courses.isFetching} /> : null}
          {courses.data?.length === 0 ? (
            <EmptyState
              level={3}
              title="No courses yet"
              icon="book"
              action={
                <Link to="/courses" className="btn btn-primary btn-sm">
                  Browse courses
                </Link>
              }
            >
              Courses you buy or are gifted appear here, with your progress.
            </EmptyState>
          ) : null}
          {courses.data && courses.data.length > 0 ? (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {courses.data.map((course) => (
                <MyCourseCard key={course._id} course={course} />
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      <BonusMaterial />
      <VideoLibrary />
    </div>
  );
}

function MyCourseCard({ course }: { course: MyCourse }) {
  const progressId = `my-course-progress-${course._id}`;
  // A course not begun is started, as its page says ("Start learning"); one under way is
  // continued; a finished one is there to look back over.
  const action = course.progressPercent === 0 ? 'Start' : course.progressPercent === 100 ? 'Review' : 'Continue';
  return (
    <li className="card overflow-hidden border border-base-300 bg-base-100">
      {course.coverUrl ? (
        <img src={course.coverUrl} alt="" loading="lazy" className="aspect-video w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-primary/10" />
      )}
      <div className="card-body gap-3 p-4">
        <h3 className="card-title text-base">{course.title}</h3>
        <p className="text-xs text-base-content/70">
          {course.subject} · {course.level} · {course.creator.name}
          {course.access === 'subscription' ? ' · Included in your subscription' : ''}
        </p>
        <div className="flex items-center gap-2">
          <progress id={progressId} className="progress progress-primary flex-1" value={course.progressPercent} max={100} aria-label={`Progress in ${course.title}`} />
          <span className="text-sm tabular-nums" data-testid="my-course-percent">
            {course.progressPercent} %
          </span>
        </div>
        <div className="card-actions mt-1">
          <Link to={playerPath(course._id)} className="btn btn-primary btn-sm" aria-label={`${action} ${course.title}`}>
            {action}
          </Link>
          {course.certificateId ? (
            <Link to={certificatePath(course.certificateId)} className="btn btn-outline btn-sm" aria-label={`Certificate for ${course.title}`}>
              Certificate
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
