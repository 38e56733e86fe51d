import { Icon } from '../../../shared/ui/icon';

const ratingFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '★ 4.9 (412 ratings)': the rating out of 5 and how many learners gave one. */
export function TutorRating({ rating, ratingCount }: { rating: number; ratingCount: number }) {
  return (
    <p data-testid="tutor-rating" className="flex items-center gap-1 text-sm">
      <Icon name="star" className="size-4 fill-warning text-warning" />
      <span className="sr-only">Rated </span>
      <span className="font-semibold">{ratingFormat.format(rating)}</span>
      <span className="sr-only"> out of 5 </span>
      <span className="text-base-content/60">
        ({ratingCount} {ratingCount === 1 ? 'rating' : 'ratings'})
      </span>
    </p>
  );
}
