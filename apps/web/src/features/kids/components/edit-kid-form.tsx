import { useEffect, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { editKidPayload, type EditKidPayload, type KidSummary } from '@parley/domain/kids';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useEditKid } from '../api/edit-kid';
import { birthDateValue, KidBirthDateField } from './kid-birth-date-field';

type EditKidInput = z.input<typeof editKidPayload>;

/**
 * Edit, inline in the kid's card: the name and the date of birth, by Add kid's rules and messages
 * (an emptied date clears it). The name takes focus (selected) when the form opens; Escape or
 * Cancel closes it unchanged, and so does saving without a change. `onDone(true)` after a save,
 * so the card can put focus on the name; `onDone(false)` otherwise.
 */
export function EditKidForm({ kid, onDone }: { kid: KidSummary; onDone: (saved: boolean) => void }) {
  const edit = useEditKid();
  const savedDob = kid.dob?.slice(0, 10) ?? null;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EditKidInput, unknown, EditKidPayload>({ resolver: zodResolver(editKidPayload), defaultValues: { name: kid.name, dob: savedDob } });

  const busy = isSubmitting || edit.isPending;
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const onSubmit = async ({ name, dob }: EditKidPayload) => {
    if (name === kid.name && dob === savedDob) return onDone(false);
    try {
      const { message } = await edit.mutateAsync({ kidId: kid._id, name, dob });
      notify.success(message);
      onDone(true);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['name', 'dob'])) notify.failure(error);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    event.stopPropagation();
    onDone(false);
  };

  return (
    <form noValidate aria-label={`Edit ${kid.name}`} onSubmit={handleSubmit(onSubmit)} onKeyDown={onKeyDown} className="flex w-full flex-col gap-3 text-left">
      <FormField label="Name" error={errors.name?.message}>
        <input className="input w-full" autoComplete="off" {...register('name')} />
      </FormField>
      <KidBirthDateField field={register('dob', { setValueAs: birthDateValue })} error={errors.dob?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Save
        </button>
      </div>
    </form>
  );
}
