import { useEffect, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { renameKidPayload, type KidSummary, type RenameKidPayload } from '@parley/domain/kids';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useRenameKid } from '../api/rename-kid';

type RenameKidInput = z.input<typeof renameKidPayload>;

/**
 * Rename, inline in the kid's card: the name rule and messages of Add kid. The name takes focus
 * (selected) when the form opens; Escape or Cancel closes it unchanged. `onDone(true)` after a
 * rename, so the card can put focus on the new name; `onDone(false)` otherwise.
 */
export function RenameKidForm({ kid, onDone }: { kid: KidSummary; onDone: (renamed: boolean) => void }) {
  const rename = useRenameKid();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RenameKidInput, unknown, RenameKidPayload>({ resolver: zodResolver(renameKidPayload), defaultValues: { name: kid.name } });

  const busy = isSubmitting || rename.isPending;
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const onSubmit = async ({ name }: RenameKidPayload) => {
    if (name === kid.name) return onDone(false);
    try {
      const { message } = await rename.mutateAsync({ kidId: kid._id, name });
      notify.success(message);
      onDone(true);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['name'])) notify.failure(error);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    event.stopPropagation();
    onDone(false);
  };

  return (
    <form noValidate aria-label={`Rename ${kid.name}`} onSubmit={handleSubmit(onSubmit)} onKeyDown={onKeyDown} className="flex w-full flex-col gap-3 text-left">
      <FormField label="New name" error={errors.name?.message}>
        <input className="input w-full" autoComplete="off" {...register('name')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Save name
        </button>
      </div>
    </form>
  );
}
