import { useState } from 'react';
import { CREATOR_COURSES_PAGE_SIZE } from '@parley/domain/courses';
import { Link } from 'react-router';
import { formatMoney } from '@parley/domain/money';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { Pager, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { WideTable } from '../../../shared/ui/wide-table';
import { useCreatorCourses, type CreatorCourseSummary } from '../api/get-creator-courses';
import { CourseStatusBadge, openVersionNote } from './course-status-badge';
import { NewCourseDialog } from './new-course-dialog';

const TITLE = 'Your courses';

/** /creators/dashboard: every course the creator writes, where it stands and how it is doing, a page at a time (the page in `?page=`). */
export function CreatorDashboardPage() {
  const [creating, setCreating] = useState(false);
  const [page, setPage] = usePageParam('page');
  const { startRef: listHeading, turn } = usePageTurn(setPage);
  const courses = useCreatorCourses(page);
  const timeZone = useAccountTimeZone();
  // With no courses yet the empty state offers the button, beside how publishing works.
  const noCourses = courses.data?.total === 0;
  const pageCount = courses.data ? Math.max(1, Math.ceil(courses.data.total / CREATOR_COURSES_PAGE_SIZE)) : 1;
  const pastTheEnd = useLastPageWhenPast(page, courses.data && !courses.isPlaceholderData ? pageCount : undefined, setPage);
  const newCourseButton = (
    <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
      New course
    </button>
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={TITLE} subtitle={`Write courses, send them for review and follow how they do. Times are in ${timeZone}.`} actions={noCourses ? undefined : newCourseButton} />

      {courses.isPending || pastTheEnd ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading your courses</span>
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
        </div>
      ) : courses.isError ? (
        <RetryAlert message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} retrying={courses.isFetching} className="text-base-content" />
      ) : courses.data.total === 0 ? (
        <EmptyState title="No courses yet" icon="film" action={newCourseButton}>
          <p>Publishing a course takes four steps:</p>
          <ol className="mt-2 list-inside list-decimal space-y-1 text-left">
            <li>Write it as a draft: details, cover, prices, modules and lessons. Save as often as you like.</li>
            <li>Submit it for review when it is complete.</li>
            <li>A moderator reviews every lesson and approves it, or tells you what to change.</li>
            <li>Once approved it is live in the catalogue, where learners can buy it.</li>
          </ol>
        </EmptyState>
      ) : (
        <div className={`space-y-4 ${courses.isPlaceholderData ? 'opacity-60' : ''}`}>
          <h2 ref={listHeading} tabIndex={-1} className="sr-only">
            Courses, page {page} of {pageCount}
          </h2>
          <CoursesTable items={courses.data.items} timeZone={timeZone} />
          <CoursesCards items={courses.data.items} timeZone={timeZone} />
          <Pager page={page} total={courses.data.total} pageSize={CREATOR_COURSES_PAGE_SIZE} onPage={turn} />
        </div>
      )}

      <NewCourseDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function StatusCell({ course }: { course: CreatorCourseSummary }) {
  const note = openVersionNote(course.status, course.draftStatus);
  return (
    <span className="flex flex-col items-start gap-1">
      <CourseStatusBadge status={course.status} />
      {note ? <span className="text-xs text-base-content/80">{note}</span> : null}
      {course.rejectionReason ?? course.unpublishReason ? (
        <span className="text-sm wrap-break-word">
          <span className="font-medium">Moderator's reason:</span> {course.rejectionReason ?? course.unpublishReason}
        </span>
      ) : null}
    </span>
  );
}

/** "4.5 (12)" on screen, "4.5 out of 5 from 12 ratings" to a screen reader. */
function RatingCell({ course }: { course: CreatorCourseSummary }) {
  if (course.ratingCount === 0) return <span className="text-base-content/80">No ratings yet</span>;
  const average = course.rating.toFixed(1);
  return (
    <>
      <span aria-hidden="true" className="tabular-nums">
        {average} ({course.ratingCount})
      </span>
      <span className="sr-only">
        {average} out of 5 from {course.ratingCount} {course.ratingCount === 1 ? 'rating' : 'ratings'}
      </span>
    </>
  );
}

function RevenueCell({ revenue }: { revenue: CreatorCourseSummary['revenue'] }) {
  if (revenue.length === 0) return <span className="text-base-content/80">No sales yet</span>;
  return (
    <span className="flex flex-col">
      {revenue.map((amount) => (
        <span key={amount.currency} className="whitespace-nowrap tabular-nums">
          {formatMoney(amount)}
        </span>
      ))}
    </span>
  );
}

function UpdatedCell({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{formatInstant(iso, timeZone, 'd MMM yyyy,')}</span> <span className="whitespace-nowrap">{formatInstant(iso, timeZone, 'h:mm a')}</span>
    </time>
  );
}

function CourseLink({ course }: { course: CreatorCourseSummary }) {
  return (
    <Link to={`/creators/courses/${course._id}`} className="link font-semibold wrap-anywhere link-hover">
      {course.title}
    </Link>
  );
}

function CoursesTable({ items, timeZone }: { items: CreatorCourseSummary[]; timeZone: string }) {
  return (
    <WideTable caption={`${TITLE}. Times in ${timeZone}.`} from="lg" columns={['Course', 'Status', { label: 'Enrolments', className: 'text-right' }, { label: 'Finished by', className: 'text-right' }, 'Rating', { label: 'Revenue', className: 'text-right' }, 'Last updated']}>
      {items.map((course) => (
        <tr key={course._id}>
          <th scope="row" className="max-w-72 font-normal">
            <span className="flex flex-col">
              <CourseLink course={course} />
              <span className="text-xs text-base-content/80">{course.subject}</span>
            </span>
          </th>
          <td className="max-w-72">
            <StatusCell course={course} />
          </td>
          <td className="text-right tabular-nums">{course.enrolments}</td>
          <td className="text-right tabular-nums">{course.completionRatePercent}%</td>
          <td className="whitespace-nowrap">
            <RatingCell course={course} />
          </td>
          <td className="text-right">
            <RevenueCell revenue={course.revenue} />
          </td>
          <td>
            <UpdatedCell iso={course.updatedAt} timeZone={timeZone} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below lg the seven columns don't fit beside the area menu: one card per course, same facts. */
function CoursesCards({ items, timeZone }: { items: CreatorCourseSummary[]; timeZone: string }) {
  return (
    <ul aria-label={TITLE} className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden">
      {items.map((course) => (
        <li key={course._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex flex-col gap-1">
            <CourseLink course={course} />
            <span className="text-xs text-base-content/80">{course.subject}</span>
          </div>
          <div className="mt-2">
            <StatusCell course={course} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">Enrolments</dt>
            <dd className="tabular-nums">{course.enrolments}</dd>
            <dt className="text-base-content/80">Finished by</dt>
            <dd className="tabular-nums">{course.completionRatePercent}%</dd>
            <dt className="text-base-content/80">Rating</dt>
            <dd>
              <RatingCell course={course} />
            </dd>
            <dt className="text-base-content/80">Revenue</dt>
            <dd>
              <RevenueCell revenue={course.revenue} />
            </dd>
            <dt className="text-base-content/80">Last updated</dt>
            <dd>
              <UpdatedCell iso={course.updatedAt} timeZone={timeZone} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
