import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { kidAvatars, newKidPayload, type KidSummary } from '@parley/domain/kids';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useNewKid } from '../api/new-kid';
import { KidAvatar } from './kid-avatar';
import { birthDateValue, KidBirthDateField } from './kid-birth-date-field';

type NewKidInput = z.input<typeof newKidPayload>;
type NewKid = z.output<typeof newKidPayload>;

const label = (avatar: string) => avatar[0]!.toUpperCase() + avatar.slice(1);

/**
 * Add kid: name, an avatar from kidAvatars and an optional date of birth (POST /api/learner/newKid).
 * `focusName`: the page was opened to add a kid, so the name field takes focus (and the browser scrolls to it).
 */
export function AddKidForm({ onAdded, onRefused, focusName = false }: { onAdded: (kid: KidSummary) => void; onRefused: (message: string) => void; focusName?: boolean }) {
  const addKid = useNewKid();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NewKidInput, unknown, NewKid>({ resolver: zodResolver(newKidPayload), defaultValues: { name: '', avatar: 'owl', dob: null } });
  const chosen = watch('avatar');
  useEffect(() => {
    if (focusName) setFocus('name');
  }, [focusName, setFocus]);

  const onSubmit = async (values: NewKid) => {
    try {
      const { kid, message } = await addKid.mutateAsync(values);
      notify.success(message || `${kid.name} was added`);
      reset();
      onAdded(kid);
    } catch (error) {
      // The server refuses a fourth kid (KID_LIMIT_REACHED); its message is shown as is.
      if (isApiError(error) && error.code === 'KID_LIMIT_REACHED') onRefused(error.message);
      else if (!applyFieldErrors(error, setError, ['name', 'avatar', 'dob'])) notify.failure(error);
    }
  };
  const busy = isSubmitting || addKid.isPending;

  return (
    <section aria-labelledby="add-kid-title" className="card border border-base-300 bg-base-100">
      <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="card-body gap-4">
        <h2 id="add-kid-title" className="card-title">
          Add kid
        </h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Kid's name" error={errors.name?.message}>
            <input className="input w-full" autoComplete="off" {...register('name')} />
          </FormField>
          <KidBirthDateField field={register('dob', { setValueAs: birthDateValue })} error={errors.dob?.message} />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Avatar</legend>
          <div className="flex flex-wrap gap-2">
            {kidAvatars.map((avatar) => (
              <label
                key={avatar}
                className={`flex cursor-pointer flex-col items-center gap-1 rounded-box border-2 p-2 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                  chosen === avatar ? 'border-primary bg-primary/5' : 'border-transparent'
                }`}
              >
                <input type="radio" value={avatar} className="sr-only" {...register('avatar')} />
                <KidAvatar name={avatar} avatar={avatar} size="size-12" />
                {label(avatar)}
              </label>
            ))}
          </div>
          {errors.avatar?.message ? <p className="mt-1 text-sm text-error">{errors.avatar.message}</p> : null}
        </fieldset>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? 'Adding…' : 'Add kid'}
          </button>
        </div>
      </form>
    </section>
  );
}
