import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX } from '@parley/domain/courses';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { useRateCourse } from '../api/rate-course';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;
const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

type CourseRatingFormProps = {
  courseId: string;
  myRating: { stars: number; review: string } | null;
};

/** The owner's rating of a course: 1 to 5 stars and an optional review, editable. */
export function CourseRatingForm({ courseId, myRating }: CourseRatingFormProps) {
  const [stars, setStars] = useState(myRating?.stars ?? 0);
  const [review, setReview] = useState(myRating?.review ?? '');
  const [starsMissing, setStarsMissing] = useState(false);
  const rate = useRateCourse(courseId);
  const once = useSingleFlight();
  const starsGroup = useRef<HTMLFieldSetElement>(null);
  const reviewField = useRef<HTMLTextAreaElement>(null);
  const saved = rate.isSuccess || myRating !== null;
  const ids = { title: useId(), review: useId(), count: useId(), starsError: useId(), reviewError: useId() };
  const fields = isApiError(rate.error) ? rate.error.fields : undefined;
  const starsError = starsMissing ? 'Choose from 1 to 5 stars.' : fields?.stars;
  const reviewError = fields?.review;
  // What the server refused that no field here shows, in plain words.
  const formError = rate.isError && !fields?.stars && !reviewError ? errorMessage(rate.error) : undefined;

  // A refused field takes the focus once its message is on the page, so it is seen and read out with it.
  useEffect(() => {
    if (reviewError) reviewField.current?.focus();
    else if (fields?.stars) (starsGroup.current?.querySelector<HTMLInputElement>('input:checked') ?? starsGroup.current?.querySelector('input'))?.focus();
  }, [reviewError, fields?.stars]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === 0) {
      setStarsMissing(true);
      // The first star takes the focus, as a field the server refused does: its message is read with the group.
      starsGroup.current?.querySelector('input')?.focus();
      return;
    }
    once((done) => rate.mutate({ stars, review: review.trim() }, { onSettled: done }));
  };

  return (
    <section aria-labelledby={ids.title} className="card border border-base-300 bg-base-100">
      <form className="card-body gap-4" onSubmit={submit} noValidate>
        <h2 id={ids.title} className="text-lg font-semibold">
          {saved ? 'Your rating' : 'Rate this course'}
        </h2>
        <fieldset ref={starsGroup} aria-describedby={starsError ? ids.starsError : undefined}>
          <legend className="mb-1 text-sm font-medium">Stars</legend>
          <div className="flex items-center gap-1">
            {STAR_VALUES.map((value) => (
              <label key={value} className="cursor-pointer">
                <input
                  type="radio"
                  name={`course-rating-${courseId}`}
                  value={value}
                  checked={stars === value}
                  aria-invalid={starsError ? true : undefined}
                  onChange={() => {
                    setStars(value);
                    setStarsMissing(false);
                  }}
                  className="peer sr-only"
                />
                <span
                  aria-hidden="true"
                  className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${value <= stars ? 'text-primary' : 'text-base-content/70'}`}
                >
                  {value <= stars ? '★' : '☆'}
                </span>
                <span className="sr-only">{starsLabel(value)}</span>
              </label>
            ))}
            <span className="ml-2 text-sm text-base-content/70" aria-hidden="true">
              {stars > 0 ? `${stars} of 5` : 'Not rated'}
            </span>
          </div>
          {starsError ? (
            <p id={ids.starsError} role="alert" className="mt-1 text-sm text-error">
              {starsError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.review} className="text-sm font-medium">
            Review (optional)
          </label>
          <textarea
            ref={reviewField}
            id={ids.review}
            className="textarea w-full"
            rows={3}
            maxLength={REVIEW_TEXT_MAX}
            value={review}
            aria-describedby={reviewError ? `${ids.reviewError} ${ids.count}` : ids.count}
            aria-invalid={reviewError ? true : undefined}
            onChange={(event) => setReview(event.target.value)}
          />
          {reviewError ? (
            <p id={ids.reviewError} role="alert" className="text-sm text-error">
              {reviewError}
            </p>
          ) : null}
          <p id={ids.count} className="text-xs text-base-content/70">
            {review.length} / {REVIEW_TEXT_MAX} characters
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* aria-disabled, not disabled: a disabled button drops the focus it holds (WCAG 2.4.3). */}
          <button type="submit" className="btn btn-primary btn-sm" aria-disabled={rate.isPending}>
            {rate.isPending ? 'Saving…' : saved ? 'Update rating' : 'Save rating'}
          </button>
          <p role="status" className="text-sm text-success">
            {rate.isSuccess ? 'Thank you! Your rating is saved.' : ''}
          </p>
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-error">
            {formError}
          </p>
        ) : null}
      </form>
    </section>
  );
}
