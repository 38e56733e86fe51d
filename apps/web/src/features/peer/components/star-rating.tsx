import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../../shared/lib/toast';
import { useRateCall } from '../api/rate-call';

const STARS = [1, 2, 3, 4, 5] as const;

type StarRatingProps = {
  callId: string;
  partnerName: string;
  /** The rating given before (it can be changed). */
  initial?: number | null;
  onRated?: (stars: number) => void;
  /** The legend as a heading level's text size; the summary shows it larger. */
  compact?: boolean;
};

/** 1–5 stars as a radio group (arrow keys move between stars), then Send. */
export function StarRating({ callId, partnerName, initial = null, onRated, compact = false }: StarRatingProps) {
  const rate = useRateCall();
  const [stars, setStars] = useState<number | null>(initial);
  const [sent, setSent] = useState<number | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const errorId = `${name}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    setError(null);
    rate.mutate(
      { callId, stars },
      {
        onSuccess: () => {
          setSent(stars);
          notify.success('Thank you for rating your call.');
          onRated?.(stars);
        },
        onError: (failure) => notify.failure(failure),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className={compact ? 'text-sm font-medium' : 'font-medium'}>How was your call with {partnerName}?</legend>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {STARS.map((value) => (
            <label key={value} className="cursor-pointer rounded-field p-1 has-focus-visible:outline-2 has-focus-visible:outline-primary">
              <input type="radio" name={name} value={value} checked={stars === value} onChange={() => setStars(value)} className="sr-only" />
              <span aria-hidden="true" className={`text-3xl leading-none ${stars !== null && value <= stars ? 'text-secondary' : 'text-base-content/60'}`}>
                ★
              </span>
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary btn-sm" disabled={rate.isPending || (stars !== null && stars === sent)}>
          {sent === null ? 'Send rating' : 'Change rating'}
        </button>
        <p role="status" className="text-sm">
          {sent !== null ? `You rated this call ${sent} ${sent === 1 ? 'star' : 'stars'}.` : ''}
        </p>
      </div>
    </form>
  );
}
