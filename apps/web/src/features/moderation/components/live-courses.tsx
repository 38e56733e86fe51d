import { useState } from 'react';
import { notify } from '../../../shared/lib/toast';
import { useLiveCourses, type LiveCourse } from '../api/get-live-courses';
import { useUnpublishCourse } from '../api/unpublish-course';
import { ModerationSection, TimeCell } from './moderation-section';
import { ReasonDialog } from './reason-dialog';
import { WideTable } from '../../../shared/ui/wide-table';

const TITLE = 'Live courses';
// Every live course comes in one answer: one page, however long.
const singlePage = () => undefined;

/** Courses learners can find in the catalogue now; a moderator can take one out with a reason. */
export function LiveCourses({ timeZone }: { timeZone: string }) {
  const query = useLiveCourses();
  const unpublish = useUnpublishCourse();
  const [target, setTarget] = useState<LiveCourse | null>(null);

  const confirm = async (reason: string) => {
    if (!target) return;
    await unpublish.mutateAsync({ courseId: target.courseId, reason });
    notify.success(`“${target.title}” is unpublished: learners can no longer find it in the catalogue.`);
    setTarget(null);
    // The row leaves the list, so focus goes to the list's heading rather than back to its button.
    window.setTimeout(() => document.getElementById('live-courses')?.focus(), 0);
  };

  return (
    <>
      <ModerationSection
        headingId="live-courses"
        title={TITLE}
        description="Courses learners can find and buy in the catalogue now."
        query={query}
        page={1}
        pageSize={Math.max(1, query.data?.total ?? 1)}
        onPage={singlePage}
        emptyTitle="No live courses"
        emptyBody="A course goes live when a moderator approves it."
        icon="book"
      >
        {(items) => (
          <>
            <LiveTable items={items} timeZone={timeZone} caption={`${TITLE}. Times in ${timeZone}.`} onUnpublish={setTarget} />
            <LiveCards items={items} timeZone={timeZone} onUnpublish={setTarget} />
          </>
        )}
      </ModerationSection>
      <ReasonDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Unpublish course"
        intro={
          <p>
            <span className="font-semibold text-base-content">{target?.title}</span> leaves the catalogue at once. Its creator sees your reason.
          </p>
        }
        label="Why is it being unpublished?"
        confirmLabel="Unpublish"
        busyLabel="Unpublishing…"
        onConfirm={confirm}
      />
    </>
  );
}

type RowsProps = { items: LiveCourse[]; timeZone: string; onUnpublish: (course: LiveCourse) => void };

function UnpublishButton({ course, onUnpublish }: { course: LiveCourse; onUnpublish: (course: LiveCourse) => void }) {
  return (
    <button type="button" className="btn btn-sm btn-outline btn-error" aria-haspopup="dialog" onClick={() => onUnpublish(course)}>
      Unpublish{' '}<span className="sr-only">{course.title}</span>
    </button>
  );
}

function LiveTable({ items, timeZone, caption, onUnpublish }: RowsProps & { caption: string }) {
  return (
    <WideTable caption={caption} from="md" columns={['Course', 'Creator', 'Subject', 'Published', { label: 'Enrolments', className: 'text-right' }, { label: <span className="sr-only">Action</span> }]}>
      {items.map((course) => (
        <tr key={course.courseId}>
          <th scope="row" className="font-semibold wrap-break-word">
            {course.title}
          </th>
          <td className="wrap-break-word">{course.creatorName}</td>
          <td>{course.subject}</td>
          <td>
            <TimeCell iso={course.publishedAt} timeZone={timeZone} />
          </td>
          <td className="text-right tabular-nums">{course.enrolments}</td>
          <td className="text-right">
            <UnpublishButton course={course} onUnpublish={onUnpublish} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below md: one card per course, same facts. */
function LiveCards({ items, timeZone, onUnpublish }: RowsProps) {
  return (
    <ul aria-label={TITLE} className="grid gap-3 md:hidden">
      {items.map((course) => (
        <li key={course.courseId} className="rounded-box border border-base-300 bg-base-100 p-4">
          <p className="font-semibold wrap-break-word">{course.title}</p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">Creator</dt>
            <dd className="wrap-break-word">{course.creatorName}</dd>
            <dt className="text-base-content/80">Subject</dt>
            <dd>{course.subject}</dd>
            <dt className="text-base-content/80">Published</dt>
            <dd>
              <TimeCell iso={course.publishedAt} timeZone={timeZone} />
            </dd>
            <dt className="text-base-content/80">Enrolments</dt>
            <dd className="tabular-nums">{course.enrolments}</dd>
          </dl>
          <div className="mt-3">
            <UnpublishButton course={course} onUnpublish={onUnpublish} />
          </div>
        </li>
      ))}
    </ul>
  );
}
