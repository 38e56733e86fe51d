import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CourseVersionStatus, Media } from '@parley/domain/courses';
import { currencies, formatMoney } from '@parley/domain/money';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { Modal } from '../../../shared/ui/modal';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useApproveCourseVersion } from '../api/approve-course-version';
import { useCourseReview, type CourseReviewDetail } from '../api/get-course-review';
import { useRejectCourseVersion } from '../api/reject-course-version';
import { SubmissionKindBadge } from './course-review-queue';
import { LessonPreview } from './lesson-preview';
import { TimeCell } from './moderation-section';
import { ReasonDialog } from './reason-dialog';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

/** Where a review returns to: the console's course reviews, with what is still waiting. */
const REVIEW_QUEUE = '/moderator/dashboard?section=courses';

/** /moderator/course-reviews/:versionId: everything in a submitted version, previewable, then approve or reject. */
export function CourseReviewPage() {
  const { versionId = '' } = useParams();
  const review = useCourseReview(versionId);
  const timeZone = useAccountTimeZone('MODERATOR');

  return (
    <div className="mx-auto max-w-4xl">
      <Link to={REVIEW_QUEUE} className="link mb-4 inline-block text-sm">
        ← Course reviews
      </Link>
      {review.isPending ? (
        <PageSkeleton label="Loading the course for review" />
      ) : review.isError ? (
        isApiError(review.error) && review.error.status === 404 ? (
          <>
            <PageHeader title="Course review not found" />
            <EmptyState title="Nothing to review here" icon="film">
              This version was never submitted, or the link is wrong. Courses waiting for review are listed on the dashboard.
            </EmptyState>
          </>
        ) : (
          <>
            <PageHeader title="Course review" />
            <RetryAlert message={errorMessage(review.error)} onRetry={() => void review.refetch()} retrying={review.isFetching} className="text-base-content" />
          </>
        )
      ) : (
        <ReviewContent review={review.data} timeZone={timeZone} />
      )}
    </div>
  );
}

const decidedTexts: Partial<Record<CourseVersionStatus, string>> = {
  approved: 'This version was approved: it is the live version in the catalogue.',
  rejected: 'This version was rejected and sent back to its creator.',
  draft: 'The creator is editing this version again.',
};

function ReviewContent({ review, timeZone }: { review: CourseReviewDetail; timeZone: string }) {
  const { draft } = review;
  const mediaById = new Map(review.media.map((media) => [media._id, media]));
  const mediaOf = (id: string | null): Media | null => (id ? (mediaById.get(id) ?? null) : null);
  const cover = mediaOf(draft.coverMediaId);
  const lessons = draft.modules.flatMap((module) => module.lessons);
  const totalMin = lessons.reduce((total, lesson) => total + lesson.durationMin, 0);

  return (
    <>
      <PageHeader title={`Review: ${draft.title}`} subtitle={`${review.subject} course by ${review.creatorName}.`} actions={<SubmissionKindBadge isUpdate={review.isUpdate} />} />
      <p className="-mt-4 mb-6 text-sm text-base-content/80">
        Submitted <TimeCell iso={review.submittedAt} timeZone={timeZone} /> ({timeZone}).
      </p>

      {review.status === 'in_review' ? (
        <Decision review={review} />
      ) : (
        <p role="status" className="mb-6 rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          {decidedTexts[review.status] ?? 'This version is not waiting for review.'}
        </p>
      )}

      <div className="space-y-8">
        <section aria-labelledby="review-overview" className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <h2 id="review-overview" className="text-lg font-semibold">
            Overview
          </h2>
          {cover ? (
            <img src={cover.url} alt={`Cover image of ${draft.title}`} className="aspect-video w-full max-w-xl rounded-box object-cover" />
          ) : (
            <p className="text-sm text-base-content/80">No cover image.</p>
          )}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            <dt className="text-base-content/80">Level</dt>
            <dd>{draft.level}</dd>
            {currencies.map((currency) => (
              <div key={currency} className="contents">
                <dt className="text-base-content/80">Price ({currency})</dt>
                <dd className="tabular-nums">{formatMoney({ amountMinor: draft.prices[currency], currency })}</dd>
              </div>
            ))}
            <dt className="text-base-content/80">Lessons</dt>
            <dd>
              {lessons.length} in {draft.modules.length} {draft.modules.length === 1 ? 'module' : 'modules'}, {totalMin} min in all
            </dd>
          </dl>
          <div>
            <h3 className="text-base font-semibold">Description</h3>
            {draft.description.trim() ? <p className="mt-1 text-sm whitespace-pre-line wrap-break-word">{draft.description}</p> : <p className="mt-1 text-sm text-base-content/80">No description.</p>}
          </div>
        </section>

        <section aria-labelledby="review-modules" className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <h2 id="review-modules" className="text-lg font-semibold">
            Modules and lessons
          </h2>
          {draft.modules.length === 0 ? <p className="text-sm text-base-content/80">No modules.</p> : null}
          <ol className="space-y-6">
            {draft.modules.map((module, m) => (
              <li key={module._id} className="space-y-2">
                <h3 className="font-semibold wrap-break-word">
                  Module {m + 1}: {module.title}
                </h3>
                <ol className="space-y-2">
                  {module.lessons.map((lesson, l) => (
                    <li key={lesson._id}>
                      <LessonPreview lesson={lesson} number={`${m + 1}.${l + 1}`} media={mediaOf(lesson.mediaId)} captions={mediaOf(lesson.captionsMediaId)} />
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="review-bonuses" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <h2 id="review-bonuses" className="text-lg font-semibold">
            Bonus files
          </h2>
          {draft.bonuses.length === 0 ? (
            <p className="text-sm text-base-content/80">No bonus files.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {draft.bonuses.map((bonus) => {
                const file = mediaOf(bonus.mediaId);
                return (
                  <li key={bonus.bonusName} className="wrap-break-word">
                    {file ? (
                      <a href={file.url} target="_blank" rel="noreferrer" className="link">
                        {bonus.bonusName}{' '}<span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <span>{bonus.bonusName} (file missing)</span>
                    )}
                    {file ? <span className="text-base-content/80"> · {file.name}</span> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** Approve (after a confirmation) or reject (with a reason); either way back to the dashboard with a toast. */
function Decision({ review }: { review: CourseReviewDetail }) {
  const navigate = useNavigate();
  const approve = useApproveCourseVersion();
  const reject = useRejectCourseVersion();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  // A double click's second click would otherwise approve again and be refused ("not waiting for review").
  const once = useSingleFlight();
  const title = review.draft.title;

  const confirmApprove = () =>
    once((done) =>
      approve.mutate(review.versionId, {
        onSuccess: () => {
          notify.success(review.isUpdate ? `“${title}” is approved: learners now see this version.` : `“${title}” is approved and live in the catalogue.`);
          void navigate(REVIEW_QUEUE);
        },
        onError: (error) => notify.failure(error),
        onSettled: done,
      }),
    );
  const confirmReject = async (reason: string) => {
    await reject.mutateAsync({ versionId: review.versionId, reason });
    notify.success(`“${title}” was sent back to its creator with your reason.`);
    void navigate(REVIEW_QUEUE);
  };

  return (
    <div className="mb-6 flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">Preview the lessons below, then decide. The creator sees a rejection’s reason beside the course.</p>
      <div className="flex shrink-0 gap-2">
        <button type="button" className="btn btn-success" aria-haspopup="dialog" onClick={() => setDialog('approve')}>
          Approve
        </button>
        <button type="button" className="btn btn-error btn-outline" aria-haspopup="dialog" onClick={() => setDialog('reject')}>
          Reject
        </button>
      </div>

      <Modal
        open={dialog === 'approve'}
        onClose={() => setDialog(null)}
        title="Approve this course?"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setDialog(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-success" aria-disabled={approve.isPending || undefined} onClick={confirmApprove}>
              {approve.isPending ? 'Approving…' : 'Approve'}
            </button>
          </>
        }
      >
        <p className="text-sm">
          {review.isUpdate
            ? `This version of “${title}” replaces the live one at once: learners see it from now on.`
            : `“${title}” goes live in the catalogue at once, where learners can buy it.`}
        </p>
      </Modal>

      <ReasonDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title="Reject this course"
        intro={<p>Say what the creator should change. They see your reason beside “{title}” and can submit again.</p>}
        label="Reason for the creator"
        confirmLabel="Reject"
        busyLabel="Rejecting…"
        onConfirm={confirmReject}
      />
    </div>
  );
}
