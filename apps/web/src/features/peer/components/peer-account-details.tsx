import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountDetailsPayload } from '@parley/domain/auth';
import type { UserRecord } from '@parley/domain/user';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { CountryTimeZoneFields, useStartingPlace } from '../../../shared/ui/country-time-zone-fields';
import { FormField } from '../../../shared/ui/form-field';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useUpdatePeerAccount } from '../api/update-peer-account';

type DetailsInput = z.input<typeof accountDetailsPayload>;
type Details = z.output<typeof accountDetailsPayload>;
const fieldNames = ['name', 'country', 'timezone'] as const;

/** On /peer-learning/profile, for a peer-only account: the name partners see, and the country and time zone times are shown in. */
export function PeerAccountDetails() {
  const { data: user, isError, error, refetch, isFetching, dataUpdatedAt } = useCurrentUser('peer');
  // Filled from the server's answer only: the copy kept in this browser may be older than the account.
  const fromServer = dataUpdatedAt > 0;
  return (
    <section aria-labelledby="peer-account-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="peer-account-heading" className="card-title text-lg">
          Your details
        </h2>
        {isError && !fromServer ? (
          <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
        ) : user && fromServer ? (
          <DetailsForm key={user._id} user={user} />
        ) : (
          <div role="status" aria-label="Loading your details" className="skeleton h-40" />
        )}
      </div>
    </section>
  );
}

function DetailsForm({ user }: { user: UserRecord }) {
  const update = useUpdatePeerAccount();
  const place = useStartingPlace(user);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(accountDetailsPayload),
    defaultValues: { name: user.name, ...place },
  });

  const onSubmit = async (values: Details) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, country: saved.country, timezone: saved.timezone });
      notify.success('Your details are saved');
    } catch (failure) {
      if (!applyFieldErrors(failure, setError, fieldNames)) notify.failure(failure);
    }
  };
  const busy = isSubmitting || update.isPending;

  return (
    <form noValidate onSubmit={busy || !isDirty ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <FormField label="Full name" error={errors.name?.message} hint="Your practice partners see it.">
        <input className="input w-full" autoComplete="name" {...register('name')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CountryTimeZoneFields
          initial={place}
          country={register('country')}
          timezone={register('timezone')}
          errors={{ country: errors.country?.message, timezone: errors.timezone?.message }}
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || !isDirty || undefined}>
          {busy ? 'Saving…' : 'Save details'}
        </button>
      </div>
    </form>
  );
}
