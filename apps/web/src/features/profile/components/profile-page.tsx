import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { IELTS_BAND_MAX, IELTS_BAND_MIN, profileUpdatePayload } from '@parley/domain/auth';
import { IELTS_TEST_DATE_MAX_AHEAD_DAYS, learnerProfileProblems, type ProfileFields } from '@parley/domain/learner-profile';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import type { UserRecord } from '@parley/domain/user';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { todayHere } from '../../../shared/lib/calendar-date';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileCompletenessGuard, ProfileCompletionPrompt } from './profile-completeness-guard';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { CountryTimeZoneFields, useStartingPlace } from '../../../shared/ui/country-time-zone-fields';
import { PhoneVerification } from './phone-verification';

type ProfileInput = z.input<typeof profileUpdatePayload>;
type Profile = z.output<typeof profileUpdatePayload>;
const fieldNames = ['name', 'phoneNumber', 'dob', 'country', 'timezone', 'ieltsBandGoal', 'ieltsTestDate'] as const;
/** The bands a goal can be: 4.0, 4.5, … 9.0. */
const bands = Array.from({ length: (IELTS_BAND_MAX - IELTS_BAND_MIN) * 2 + 1 }, (_, i) => IELTS_BAND_MIN + i / 2);

/** /user/profile: name, phone (and its verification), date of birth, country, timezone and the IELTS goal. */
export function ProfilePage() {
  const { data: user, isPending, isError, error, refetch, isFetching, dataUpdatedAt } = useCurrentUser('learner');
  // The record kept in this browser may be older than the account (changed on another device):
  // the form fills from the server's answer only, or saving it would write the old values back.
  const fromServer = dataUpdatedAt > 0;
  if (isError && !fromServer) {
    return (
      <div className="max-w-2xl">
        <PageHeader title="Your profile" />
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      </div>
    );
  }
  if (isPending || !user || !fromServer) return <PageSkeleton label="Loading your profile" />;
  return (
    <div className="max-w-2xl">
      <PageHeader title="Your profile" subtitle={user.email ?? undefined} />
      <ProfileCompletenessGuard user={user}>
        <ProfileCompletionPrompt user={user} showLink={false} />
      </ProfileCompletenessGuard>
      <ProfileForm key={user._id} user={user} />
      <PhoneVerification key={`${user._id}:${user.phoneNumber ?? ''}`} user={user} />
    </div>
  );
}

/** The phone field's hint: whether the saved number is verified, and, once another is typed, that it will need verifying. */
function phoneHint(user: UserRecord, typed: string | null | undefined): string | undefined {
  if (!user.phoneNumber) return 'Include the country code, e.g. +91 98200 12345';
  if ((typed ?? '').trim() !== user.phoneNumber) return 'A changed number has to be verified again once it is saved.';
  return user.isPhoneNumberVerified ? 'Verified' : 'Not verified yet (verify it below). A changed number has to be verified again.';
}

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const bandOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The form's values for a saved user record. */
function formValues(user: UserRecord, place: { country: string; timezone: string }): ProfileInput {
  return {
    name: user.name,
    phoneNumber: user.phoneNumber,
    dob: user.dob ? user.dob.slice(0, 10) : null,
    country: place.country,
    timezone: place.timezone,
    ieltsBandGoal: user.ieltsBandGoal,
    ieltsTestDate: user.ieltsTestDate,
  };
}

function ProfileForm({ user }: { user: UserRecord }) {
  const update = useUpdateProfile();
  const place = useStartingPlace(user);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(profileUpdatePayload),
    defaultValues: formValues(user, place),
  });

  // What needs the saved profile and today (a new number that could be real, a test date still to
  // come) is checked before sending, as the server checks it; true when something is wrong.
  const showProfileProblems = (values: ProfileFields): boolean => {
    const problems = learnerProfileProblems(values, user, new Date());
    for (const [field, message] of Object.entries(problems ?? {})) setError(field as (typeof fieldNames)[number], { message });
    return problems !== null;
  };

  const onSubmit = async (values: Profile) => {
    if (showProfileProblems(values)) return;
    try {
      const saved = await update.mutateAsync(values);
      reset(formValues(saved, saved));
      notify.success('Profile updated');
    } catch (error) {
      if (!applyFieldErrors(error, setError, fieldNames)) notify.failure(error);
    }
  };
  // Shown with the other fields' mistakes, not a round later (the zone is one the select offers).
  const onInvalid = () => {
    const { phoneNumber = null, country, timezone, ieltsTestDate = null } = getValues();
    showProfileProblems({ phoneNumber, country, timezone, ieltsTestDate });
  };
  const busy = isSubmitting || update.isPending;
  // A test date is from the learner's today, in the zone chosen, as the server checks it; one saved
  // that has since passed stays a valid value.
  const testDay = isoDateInZone(new Date(), watch('timezone') || user.timezone);
  const earliestTestDate = user.ieltsTestDate && user.ieltsTestDate < testDay ? user.ieltsTestDate : testDay;
  const latestTestDate = addDaysToIsoDate(testDay, IELTS_TEST_DATE_MAX_AHEAD_DAYS);

  return (
    <form noValidate onSubmit={busy || !isDirty ? (event) => event.preventDefault() : handleSubmit(onSubmit, onInvalid)} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <FormField label="Full name" error={errors.name?.message}>
          <input className="input w-full" autoComplete="name" {...register('name')} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Phone number" error={errors.phoneNumber?.message} hint={phoneHint(user, watch('phoneNumber'))}>
            <input type="tel" className="input w-full" autoComplete="tel" {...register('phoneNumber', { setValueAs: emptyToNull })} />
          </FormField>
          <FormField label="Date of birth" error={errors.dob?.message}>
            <input type="date" max={todayHere()} className="input w-full" {...register('dob', { setValueAs: emptyToNull })} />
          </FormField>
          <CountryTimeZoneFields
            initial={place}
            country={register('country')}
            timezone={register('timezone')}
            errors={{ country: errors.country?.message, timezone: errors.timezone?.message }}
          />
        </div>
        <fieldset className="grid grid-cols-1 gap-4 border-t border-base-300 pt-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">IELTS goal (optional)</legend>
          <FormField label="Band you aim for" error={errors.ieltsBandGoal?.message}>
            <select className="select w-full" {...register('ieltsBandGoal', { setValueAs: bandOrNull })}>
              <option value="">Not set</option>
              {bands.map((band) => (
                <option key={band} value={band}>
                  {band.toFixed(1)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Test date" error={errors.ieltsTestDate?.message}>
            <input type="date" min={earliestTestDate} max={latestTestDate} className="input w-full" {...register('ieltsTestDate', { setValueAs: emptyToNull })} />
          </FormField>
        </fieldset>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || !isDirty || undefined}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </div>
    </form>
  );
}
