import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { passwordChangePayload } from '@parley/domain/password-reset';
import type { PasswordRole } from '@parley/domain/roles';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useChangePassword, useEndOtherSessions } from '../api/password';

type ChangeInput = z.input<typeof passwordChangePayload>;
type Change = z.output<typeof passwordChangePayload>;

/** Every password account's own security: a new password, and ending its sign-ins elsewhere. */
export function AccountSecurity({ role }: { role: PasswordRole }) {
  return (
    <section aria-labelledby="account-security-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-6">
        <h2 id="account-security-heading" className="card-title text-lg">
          Password and sign-in
        </h2>
        <ChangePasswordForm role={role} />
        <SignOutElsewhere role={role} />
      </div>
    </section>
  );
}

function ChangePasswordForm({ role }: { role: PasswordRole }) {
  const change = useChangePassword(role);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeInput, unknown, Change>({ resolver: zodResolver(passwordChangePayload), defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = async (values: Change) => {
    try {
      const done = await change.mutateAsync(values);
      notify.success(done.message);
      reset();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['currentPassword', 'newPassword'])) notify.failure(error);
    }
  };

  return (
    <form noValidate onSubmit={change.isPending ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-busy={change.isPending}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <input type="password" autoComplete="current-password" className="input w-full" {...register('currentPassword')} />
        </FormField>
        <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters">
          <input type="password" autoComplete="new-password" className="input w-full" {...register('newPassword')} />
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary self-start" aria-disabled={change.isPending}>
        {change.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {change.isPending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

function SignOutElsewhere({ role }: { role: PasswordRole }) {
  const endOthers = useEndOtherSessions(role);
  const run = async () => {
    if (endOthers.isPending) return;
    try {
      const done = await endOthers.mutateAsync();
      notify.success(done.message);
    } catch (error) {
      notify.failure(error);
    }
  };
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-4">
      <p className="text-sm text-base-content/70">Signed in on a computer you no longer use, or lost a phone? End every sign-in but this one.</p>
      <button type="button" className="btn btn-outline self-start" aria-disabled={endOthers.isPending} onClick={run}>
        {endOthers.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Sign out everywhere else
      </button>
    </div>
  );
}
