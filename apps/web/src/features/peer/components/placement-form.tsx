import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LANGUAGE_NAME_MAX, PEER_PLACEMENT_STATEMENTS, peerPlacementPayload, type PeerLevel } from '@parley/domain/peer';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useTakePlacement } from '../api/take-placement';

// The short placement of a first visit: one yes/no per can-do statement, and the first language.
const answer = z.enum(['yes', 'no'], { message: 'Choose yes or no' });
const placementForm = z.object({
  answers: z.array(answer.nullable().refine((value) => value !== null, { message: 'Choose yes or no' })).length(PEER_PLACEMENT_STATEMENTS.length),
  firstLanguage: peerPlacementPayload.shape.firstLanguage,
});
type PlacementInput = z.input<typeof placementForm>;
type PlacementValues = z.output<typeof placementForm>;

/** The placement; `onPlaced` gets the level the server set from the answers. */
export function PlacementForm({ onPlaced }: { onPlaced: (level: PeerLevel) => void }) {
  const placement = useTakePlacement();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlacementInput, unknown, PlacementValues>({
    resolver: zodResolver(placementForm),
    defaultValues: { answers: PEER_PLACEMENT_STATEMENTS.map(() => null), firstLanguage: '' },
  });

  const submit = async (values: PlacementValues) => {
    const answers = values.answers.map((value) => value === 'yes');
    try {
      const profile = await placement.mutateAsync({ answers, firstLanguage: values.firstLanguage.trim() });
      onPlaced(profile.level);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['firstLanguage'])) notify.failure(error);
    }
  };

  return (
    <section aria-labelledby="placement-heading" className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div>
        <h2 id="placement-heading" className="text-lg font-semibold">
          Find your level
        </h2>
        <p className="mt-1 text-sm text-base-content/80">Five quick questions, so we can match you with a peer who speaks at about your level. Answer honestly: you can change your level later in your profile.</p>
      </div>
      <form noValidate onSubmit={isSubmitting ? (event) => event.preventDefault() : handleSubmit(submit)} className="space-y-4">
        <ol className="space-y-3">
          {PEER_PLACEMENT_STATEMENTS.map((statement, index) => {
            const error = errors.answers?.[index]?.message;
            const errorId = `placement-${index}-error`;
            return (
              <li key={statement}>
                <fieldset aria-describedby={error ? errorId : undefined} className="rounded-box border border-base-300 p-3">
                  {/* Floated, so a statement that wraps stays inside its box instead of on the border. */}
                  <legend className="float-left w-full text-sm font-medium">
                    {index + 1}. {statement}
                  </legend>
                  <div className="clear-left flex gap-6 pt-2">
                    {(['yes', 'no'] as const).map((value) => (
                      <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                        <input type="radio" className="radio radio-sm radio-primary" value={value} aria-invalid={error ? true : undefined} {...register(`answers.${index}`)} />
                        {value === 'yes' ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                  {error ? (
                    <p id={errorId} className="mt-1 text-xs text-error">
                      {error}
                    </p>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <FormField label="Your first language" error={errors.firstLanguage?.message} hint="The language you grew up speaking, for example Hindi or Tamil.">
          <input className="input w-full sm:max-w-xs" autoComplete="off" maxLength={LANGUAGE_NAME_MAX} aria-required="true" {...register('firstLanguage')} />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Saving…' : 'See my level'}
        </button>
      </form>
    </section>
  );
}
