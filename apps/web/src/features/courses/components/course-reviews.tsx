import type { CourseDetail } from '@parley/domain/courses';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { Icon } from '../../../shared/ui/icon';
import { formatDay } from '../lib/format-date';

/** The learners' reviews, newest as the server sends them; 'No reviews available' when there are none (spec §8). */
export function CourseReviews({ reviews }: { reviews: CourseDetail['reviews'] }) {
  const timeZone = useAccountTimeZone();
  if (reviews.length === 0) return <p className="text-sm text-base-content/70">No reviews available</p>;
  return (
    <ul className="space-y-3">
      {reviews.map((review, index) => (
        <li key={`${review.learnerName}-${review.updatedAt}-${index}`} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{review.learnerName}</span>
            <span role="img" aria-label={`${review.stars} out of 5`} className="inline-flex gap-0.5 text-warning">
              {Array.from({ length: 5 }, (_, star) => (
                <Icon key={star} name="star" className={`size-4 ${star < review.stars ? 'fill-warning' : 'text-base-content/30'}`} />
              ))}
            </span>
          </div>
          {review.review ? <p className="mt-2 whitespace-pre-line text-sm">{review.review}</p> : null}
          <p className="mt-2 text-xs text-base-content/70">{formatDay(review.updatedAt, timeZone)}</p>
        </li>
      ))}
    </ul>
  );
}
