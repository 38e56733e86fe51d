import { Link, useParams } from 'react-router';
import type { CreatorCourse } from '@parley/domain/courses';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { usePageTitle } from '../../../shared/lib/page-title';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useCreatorCourse } from '../api/get-creator-course';
import { useStartCourseEdit } from '../api/start-course-edit';
import { CourseEditorForm, VERSION_STATUS_ID } from './course-editor-form';
import { CourseStatusBadge } from './course-status-badge';

/** /creators/courses/:courseId: the course's open version to edit, or where it stands when it can't be edited. */
export function CourseEditorPage() {
  const { courseId = '' } = useParams();
  const course = useCreatorCourse(courseId);

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/creators/dashboard" className="link mb-4 inline-block text-sm">
        ← Your courses
      </Link>
      {course.isPending ? (
        <PageSkeleton label="Loading the course" />
      ) : course.isError ? (
        isApiError(course.error) && course.error.status === 404 ? (
          <>
            <PageHeader title="Course not found" />
            <EmptyState title="This course is not one of yours" icon="film">
              It may have been removed, or the link is wrong. Your courses are listed on your dashboard.
            </EmptyState>
          </>
        ) : (
          <>
            <PageHeader title="Edit course" />
            <RetryAlert message={errorMessage(course.error)} onRetry={() => void course.refetch()} retrying={course.isFetching} className="text-base-content" />
          </>
        )
      ) : (
        <CourseEditor course={course.data} />
      )}
    </div>
  );
}

function CourseEditor({ course }: { course: CreatorCourse }) {
  const timeZone = useAccountTimeZone();
  const readOnly = course.versionStatus === 'in_review' || course.versionStatus === 'approved';
  const title = course.draft.title || 'Untitled course';
  usePageTitle(`Edit course: ${title}`);
  return (
    <>
      <PageHeader title={title} subtitle={`${course.subject} course`} actions={<CourseStatusBadge status={course.status} />} />
      <div className="mb-6 space-y-3">
        {course.unpublishReason ? <UnpublishedNote reason={course.unpublishReason} /> : null}
        <VersionBanner course={course} />
      </div>
      {/* A new version (after "Edit course") starts the editor afresh from its own content. */}
      <CourseEditorForm key={course.versionId} course={course} readOnly={readOnly} timeZone={timeZone} />
    </>
  );
}

/** Why a moderator took the course down, as the unpublish dialog promised the creator would see. */
function UnpublishedNote({ reason }: { reason: string }) {
  return (
    <div role="status" className="alert alert-warning alert-soft block text-base-content">
      <p className="font-semibold">A moderator unpublished this course.</p>
      <p className="mt-1 wrap-break-word">
        <span className="font-medium">Reason:</span> {reason}
      </p>
    </div>
  );
}

/** What the creator can do with the version shown: wait for review, act on a rejection, or start editing a live course. */
function VersionBanner({ course }: { course: CreatorCourse }) {
  if (course.versionStatus === 'in_review') {
    return (
      <div id={VERSION_STATUS_ID} tabIndex={-1} role="status" className="alert alert-info alert-soft text-base-content">
        <p>
          <span className="font-semibold">In review — you’ll see the decision here.</span> A moderator is checking every lesson. You can’t change the course until they decide.
        </p>
      </div>
    );
  }
  if (course.versionStatus === 'rejected') {
    return (
      <div role="status" className="alert alert-error alert-soft block text-base-content">
        <p className="font-semibold">The moderator sent this version back.</p>
        {course.rejectionReason ? (
          <p className="mt-1 wrap-break-word">
            <span className="font-medium">Reason:</span> {course.rejectionReason}
          </p>
        ) : null}
        <p className="mt-1 text-sm">Make the changes, save, and submit it for review again.</p>
      </div>
    );
  }
  if (course.versionStatus === 'approved') return <StartEditing course={course} />;
  return (
    <p className="text-sm text-base-content/80">
      {course.status === 'published' || course.status === 'unpublished'
        ? 'You are editing a new version. Learners keep the current version until this one is approved.'
        : 'Save your draft as often as you like. When it is complete, submit it for review; a moderator approves it before it goes live.'}
    </p>
  );
}

function StartEditing({ course }: { course: CreatorCourse }) {
  const edit = useStartCourseEdit();
  const start = async () => {
    if (edit.isPending) return;
    try {
      await edit.mutateAsync(course._id);
      notify.success('A new draft is ready to edit.');
      // This button is gone with the read-only view: focus goes to the first field of the new draft.
      window.setTimeout(() => document.getElementById('course-title')?.focus(), 0);
    } catch (error) {
      notify.failure(error);
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">
        {course.status === 'unpublished' ? 'This course is unpublished: learners can no longer find it in the catalogue.' : 'This is the version learners see now.'} Editing makes a new draft that goes through review again; learners keep the current version until the new one is approved.
      </p>
      <button type="button" className="btn btn-primary shrink-0" aria-disabled={edit.isPending || undefined} onClick={() => void start()}>
        {edit.isPending ? 'Starting…' : 'Edit course'}
      </button>
    </div>
  );
}
