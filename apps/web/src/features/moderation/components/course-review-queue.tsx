import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { useCourseReviews, type CourseReviewQueueItem } from '../api/get-course-reviews';
import { ModerationSection, TimeCell } from './moderation-section';
import { WideTable } from '../../../shared/ui/wide-table';

const TITLE = 'Courses waiting for review';
// The queue comes whole in one answer: one page, however long.
const singlePage = () => undefined;

/** Course versions creators submitted: open one to preview every lesson, then approve or reject it. */
export function CourseReviewQueue({ timeZone }: { timeZone: string }) {
  const query = useCourseReviews();
  return (
    <ModerationSection
      headingId="course-review-queue"
      title={TITLE}
      description="New courses and updates to live ones. Oldest submission first."
      query={query}
      page={1}
      pageSize={Math.max(1, query.data?.total ?? 1)}
      onPage={singlePage}
      emptyTitle="No courses waiting"
      emptyBody="When a creator submits a course or an update, it appears here for review."
      icon="film"
    >
      {(items) => (
        <>
          <QueueTable items={items} timeZone={timeZone} caption={`${TITLE}. Times in ${timeZone}.`} />
          <QueueCards items={items} timeZone={timeZone} />
        </>
      )}
    </ModerationSection>
  );
}

export function SubmissionKindBadge({ isUpdate }: { isUpdate: boolean }) {
  return isUpdate ? <Badge variant="secondary">Update</Badge> : <Badge variant="primary">New course</Badge>;
}

function ReviewLink({ item }: { item: CourseReviewQueueItem }) {
  return (
    <Link to={`/moderator/course-reviews/${item.versionId}`} className="btn btn-sm btn-primary">
      Review{' '}<span className="sr-only">{item.title}</span>
    </Link>
  );
}

function QueueTable({ items, timeZone, caption }: { items: CourseReviewQueueItem[]; timeZone: string; caption: string }) {
  return (
    <WideTable caption={caption} from="md" columns={['Course', 'Creator', 'Subject', 'Submitted', 'Kind', { label: <span className="sr-only">Action</span> }]}>
      {items.map((item) => (
        <tr key={item.versionId}>
          <th scope="row" className="font-semibold wrap-break-word">
            {item.title}
          </th>
          <td className="wrap-break-word">{item.creatorName}</td>
          <td>{item.subject}</td>
          <td>
            <TimeCell iso={item.submittedAt} timeZone={timeZone} />
          </td>
          <td>
            <SubmissionKindBadge isUpdate={item.isUpdate} />
          </td>
          <td className="text-right">
            <ReviewLink item={item} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below md: one card per submission, same facts. */
function QueueCards({ items, timeZone }: { items: CourseReviewQueueItem[]; timeZone: string }) {
  return (
    <ul aria-label={TITLE} className="grid gap-3 md:hidden">
      {items.map((item) => (
        <li key={item.versionId} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold wrap-break-word">{item.title}</p>
            <SubmissionKindBadge isUpdate={item.isUpdate} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">Creator</dt>
            <dd className="wrap-break-word">{item.creatorName}</dd>
            <dt className="text-base-content/80">Subject</dt>
            <dd>{item.subject}</dd>
            <dt className="text-base-content/80">Submitted</dt>
            <dd>
              <TimeCell iso={item.submittedAt} timeZone={timeZone} />
            </dd>
          </dl>
          <div className="mt-3">
            <ReviewLink item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}
