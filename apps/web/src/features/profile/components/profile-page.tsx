import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileUpdatePayload } from '@parley/domain/auth';
import type { UserRecord } from '@parley/domain/user';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { browserTimezoneRecord } from '../../../shared/lib/countries';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileCompletenessGuard, ProfileCompletionPrompt } from './profile-completeness-guard';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { CountryTimeZoneFields } from '../../../shared/ui/country-time-zone-fields';

type ProfileInput = z.input<typeof profileUpdatePayload>;
type Profile = z.output<typeof profileUpdatePayload>;
const fieldNames = ['name', 'phoneNumber', 'dob', 'country', 'timezone'] as const;

/** /user/profile: name, phone, date of birth, country and timezone. */
export function ProfilePage() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useCurrentUser('learner');
  if (isError && !user) {
    return (
      <div className="max-w-2xl">
        <PageHeader title="Your profile" />
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      </div>
    );
  }
  if (isPending || !user) return <PageSkeleton label="Loading your profile" />;
  return (
    <div className="max-w-2xl">
      <PageHeader title="Your profile" subtitle={user.email ?? undefined} />
      <ProfileCompletenessGuard user={user}>
        <ProfileCompletionPrompt user={user} showLink={false} />
      </ProfileCompletenessGuard>
      <ProfileForm key={user._id} user={user} />
    </div>
  );
}

function phoneHint(user: UserRecord): string | undefined {
  if (!user.phoneNumber) return 'Include the country code, e.g. +91 98200 12345';
  return user.isPhoneNumberVerified ? 'Verified' : 'Not verified yet. A changed number has to be verified again.';
}

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function ProfileForm({ user }: { user: UserRecord }) {
  const update = useUpdateProfile();
  const browser = useMemo(browserTimezoneRecord, []);
  const place = { country: user.country || browser.country, timezone: user.timezone || browser.timezone };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(profileUpdatePayload),
    defaultValues: {
      name: user.name,
      phoneNumber: user.phoneNumber,
      dob: user.dob ? user.dob.slice(0, 10) : null,
      country: place.country,
      timezone: place.timezone,
    },
  });

  const onSubmit = async (values: Profile) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, phoneNumber: saved.phoneNumber, dob: saved.dob ? saved.dob.slice(0, 10) : null, country: saved.country, timezone: saved.timezone });
      notify.success('Profile updated');
    } catch (error) {
      applyFieldErrors(error, setError, fieldNames);
      notify.failure(error);
    }
  };
  const busy = isSubmitting || update.isPending;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <FormField label="Full name" error={errors.name?.message}>
          <input className="input w-full" autoComplete="name" {...register('name')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Phone number" error={errors.phoneNumber?.message} hint={phoneHint(user)}>
            <input type="tel" className="input w-full" autoComplete="tel" {...register('phoneNumber', { setValueAs: emptyToNull })} />
          </FormField>
          <FormField label="Date of birth" error={errors.dob?.message}>
            <input type="date" className="input w-full" {...register('dob', { setValueAs: emptyToNull })} />
          </FormField>
          <CountryTimeZoneFields
            initial={place}
            country={register('country')}
            timezone={register('timezone')}
            errors={{ country: errors.country?.message, timezone: errors.timezone?.message }}
          />
        </div>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy || !isDirty}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </div>
    </form>
  );
}
