import { messages } from '@parley/domain/messages';
import { useReviews } from '../api/get-reviews';
import type { TutorViewer } from '../lib/tutor-viewer';
import { RetryAlert } from '../../../shared/ui/retry-alert';

/** Reviews tab: the first entry of each learner's review list, with the learnerName. */
export function ReviewsTab({ viewer, teacherId }: { viewer: TutorViewer; teacherId: string }) {
  const reviews = useReviews({ as: viewer.as, id: viewer.id, teacherId });
  if (reviews.isPending) {
    return (
      <div role="status" aria-label="Loading reviews" className="space-y-3 px-5 py-4">
        <div className="skeleton h-16" />
        <div className="skeleton h-16" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <RetryAlert className="m-5 w-auto" message={reviews.error.message} onRetry={() => reviews.refetch()} retrying={reviews.isFetching} />
    );
  }
  const shown = reviews.data.filter((r) => r.review.length > 0);
  if (shown.length === 0) {
    return <p className="px-5 py-10 text-center text-sm text-base-content/70">{messages.noReviewsAvailable}</p>;
  }
  return (
    <ul aria-label="Reviews" className="space-y-3 px-5 py-4">
      {shown.map((r, index) => (
        <li key={`${r.learnerName}-${index}`} className="rounded-box bg-base-200/60 p-4">
          <blockquote className="text-sm leading-relaxed">“{r.review[0]}”</blockquote>
          <p className="mt-2 text-xs font-semibold text-base-content/70">{r.learnerName}</p>
        </li>
      ))}
    </ul>
  );
}
