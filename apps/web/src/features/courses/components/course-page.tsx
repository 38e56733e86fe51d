import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { courseMessages, type CourseDetail } from '@parley/domain/courses';
import { formatMoney } from '@parley/domain/money';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { usePageTitle } from '../../../shared/lib/page-title';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBuyCourse } from '../api/buy-course';
import { useCourseData } from '../api/get-course-data';
import { AddMoneyProvider, type AddMoneyComponent } from './add-money-context';
import { AddToCartButton } from './add-to-cart-button';
import { CourseCover, CourseFacts, Rating } from './course-facts';
import { catalogueOf, playerPath } from './course-paths';
import { CourseReviews } from './course-reviews';
import { CourseSyllabus } from './course-syllabus';
import { GiftDialog } from './gift-dialog';
import { PayDialog } from './pay-dialog';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { useSignInFirst } from './sign-in-first';

const courseIdSchema = z.uuid();

/** /courses/{courseId} (public): the course, its syllabus and reviews; Add to cart, Buy now and Gift, or Continue learning once owned. */
export function CoursePage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  const { courseId = '' } = useParams();
  const valid = courseIdSchema.safeParse(courseId).success;
  return (
    <AddMoneyProvider AddMoney={AddMoney}>
      <div className="mx-auto max-w-6xl px-4 py-8 lg:px-8 lg:py-12">{valid ? <CourseLoader courseId={courseId} /> : <CourseNotFound />}</div>
    </AddMoneyProvider>
  );
}

function CourseNotFound() {
  usePageTitle(courseMessages.courseNotFound);
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{courseMessages.courseNotFound}</h1>
      <EmptyState
        title="This course is not in the catalogue"
        icon="book"
        action={
          <Link to="/courses" className="btn btn-primary btn-sm">
            Browse courses
          </Link>
        }
      >
        It may have been taken down, or the link is not complete.
      </EmptyState>
    </>
  );
}

function CourseLoader({ courseId }: { courseId: string }) {
  const course = useCourseData(courseId);
  if (course.isPending) return <CourseSkeleton />;
  if (course.isError) {
    if (isApiError(course.error) && course.error.status === 404) return <CourseNotFound />;
    return (
      <>
        <h1 className="mb-6 text-2xl font-bold tracking-tight">Course</h1>
        <RetryAlert message={errorMessage(course.error)} onRetry={() => void course.refetch()} retrying={course.isFetching} />
      </>
    );
  }
  return <CourseView course={course.data} />;
}

function CourseView({ course }: { course: CourseDetail }) {
  usePageTitle(course.title);
  const lessons = course.modules.reduce((count, module) => count + module.lessons.length, 0);
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <header className="space-y-3 lg:col-start-1">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to={catalogueOf(course.subject)} className="link link-hover text-base-content/70">
            {course.subject === 'AI' ? 'AI Courses' : `${course.subject} courses`}
          </Link>
        </nav>
        <h1 className="text-3xl font-bold tracking-tight">{course.title}</h1>
        <p className="text-base-content/70">by {course.creator.name}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Badge variant={course.subject === 'AI' ? 'secondary' : 'primary'} size="sm">
            {course.subject}
          </Badge>
          <CourseFacts course={{ ...course, lessonCount: lessons }} />
          <Rating rating={course.rating} ratingCount={course.ratingCount} />
        </div>
      </header>

      {/* Beside the details on a wide screen; right under the title on a phone. */}
      <aside aria-label="Get this course" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div className="card overflow-hidden border border-base-300 bg-base-100 lg:sticky lg:top-24">
          <CourseCover course={course} priority />
          <div className="card-body gap-4 p-5">
            <PurchasePanel course={course} />
          </div>
        </div>
      </aside>

      <div className="min-w-0 space-y-10 lg:col-start-1">
        <section aria-labelledby="course-about" className="space-y-3">
          <h2 id="course-about" className="text-xl font-semibold">
            About this course
          </h2>
          <p className="whitespace-pre-line leading-relaxed">{course.description || 'The creator has not written a description yet.'}</p>
        </section>
        <section aria-labelledby="course-syllabus" className="space-y-3">
          <h2 id="course-syllabus" className="text-xl font-semibold">
            Syllabus
          </h2>
          <CourseSyllabus course={course} />
        </section>
        <section aria-labelledby="course-reviews" className="space-y-3">
          <h2 id="course-reviews" className="text-xl font-semibold">
            Reviews
          </h2>
          <CourseReviews reviews={course.reviews} />
        </section>
      </div>
    </div>
  );
}

/**
 * Price with Add to cart, Buy now and Gift; for an owner, or a subscriber to its subject, Continue
 * learning with their progress (and Gift, for someone else).
 */
function PurchasePanel({ course }: { course: CourseDetail }) {
  const signInFirst = useSignInFirst();
  const buy = useBuyCourse();
  const [dialog, setDialog] = useState<'buy' | 'gift' | null>(null);
  const open = (which: 'buy' | 'gift') => (isSignedInLearner() ? setDialog(which) : signInFirst());
  const progress = course.progressPercent ?? 0;

  return (
    <>
      {course.owned || course.inSubscription ? (
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold text-success">
            <Icon name="check" className="size-5" />
            {course.owned ? 'You own this course' : 'Included in your course subscription'}
          </p>
          <div className="space-y-1">
            <div className="flex justify-between text-sm">
              <span id="course-progress-label">Your progress</span>
              <span className="tabular-nums">{progress}%</span>
            </div>
            <progress className="progress progress-primary w-full" value={progress} max={100} aria-labelledby="course-progress-label" />
          </div>
          <Link to={playerPath(course._id)} className="btn btn-primary w-full">
            {progress === 100 ? 'Review the course (100%)' : progress > 0 ? `Continue learning (${progress}%)` : 'Start learning'}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-3xl font-bold tabular-nums">{formatMoney(course.price)}</p>
          <button type="button" className="btn btn-primary w-full" onClick={() => open('buy')}>
            Buy now
          </button>
          <AddToCartButton course={course} inCart={isSignedInLearner() ? course.inCart : undefined} className="w-full" />
        </div>
      )}
      <button type="button" className="btn btn-ghost btn-sm gap-2 self-start" onClick={() => open('gift')}>
        <Icon name="gift" className="size-4" />
        Gift this course
      </button>
      <PayDialog
        open={dialog === 'buy'}
        onClose={() => setDialog(null)}
        title="Buy this course"
        itemName={course.title}
        price={course.price}
        buy={(method) => buy.mutateAsync({ courseId: course._id, method })}
        checkout={{ purpose: 'Courses', description: `Course: ${course.title}`.slice(0, 200) }}
        done={
          <>
            <Link to={playerPath(course._id)} className="btn btn-primary btn-sm">
              Start learning
            </Link>
            <Link to="/courses/myCourses" className="btn btn-ghost btn-sm">
              My courses
            </Link>
          </>
        }
      />
      <GiftDialog open={dialog === 'gift'} onClose={() => setDialog(null)} course={course} />
    </>
  );
}

function CourseSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <span className="sr-only">Loading course</span>
      <div className="space-y-3" aria-hidden="true">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-9 w-3/4" />
        <div className="skeleton h-4 w-1/3" />
        <div className="skeleton mt-8 h-40 w-full" />
      </div>
      <div className="skeleton h-80 w-full" aria-hidden="true" />
    </div>
  );
}
