import { useId, useRef, useState, type FormEvent } from 'react';
import { notify } from '../../../shared/lib/toast';
import { useFocusHandOff } from '../../../shared/lib/use-focus-hand-off';
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
  const firstStar = useRef<HTMLInputElement>(null);
  // Where the rated call's card drops the stars, focus goes to the card.
  const form = useRef<HTMLFormElement>(null);
  useFocusHandOff(form);

  // aria-disabled, not disabled: the button keeps the focus it holds once the rating is sent (WCAG 2.4.3).
  const nothingToSend = rate.isPending || (stars !== null && stars === sent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nothingToSend) return;
    if (stars === null) {
      setError('Choose from 1 to 5 stars');
      // Focus goes to the stars, which read out the error with the question.
      firstStar.current?.focus();
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
    <form ref={form} onSubmit={submit} noValidate className="space-y-2">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className={compact ? 'text-sm font-medium' : 'font-medium'}>How was your call with {partnerName}?</legend>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {STARS.map((value) => (
            <label key={value} className="cursor-pointer rounded-field p-1 has-focus-visible:outline-2 has-focus-visible:outline-primary">
              <input
                ref={value === 1 ? firstStar : undefined}
                type="radio"
                name={name}
                value={value}
                checked={stars === value}
                aria-invalid={error ? true : undefined}
                onChange={() => {
                  setStars(value);
                  setError(null);
                }}
                className="sr-only"
              />
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
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={nothingToSend || undefined}>
          {sent === null ? 'Send rating' : 'Change rating'}
        </button>
        <p role="status" className="text-sm">
          {sent !== null ? `You rated this call ${sent} ${sent === 1 ? 'star' : 'stars'}.` : ''}
        </p>
      </div>
    </form>
  );
}
