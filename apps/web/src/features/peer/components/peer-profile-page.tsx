import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { distinctIgnoringCase, LANGUAGE_NAME_MAX, PEER_AVAILABILITY_MAX, PEER_LEVELS, peerProfilePayload, type PeerProfile } from '@parley/domain/peer';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { hasSession } from '../../../shared/lib/session';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePeerProfile } from '../api/get-peer-profile';
import { useUpdatePeerProfile } from '../api/update-peer-profile';
import { peerPaths } from '../lib/peer-paths';

/** "Hindi, Tamil, hindi" → ['Hindi', 'Tamil'] (blank and repeated entries dropped, before the count is checked). */
const listOf = (text: string) =>
  distinctIgnoringCase(
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

// The lists are typed as comma-separated text and checked item by item with the domain's rules.
const profileForm = z.object({
  level: peerProfilePayload.shape.level,
  firstLanguage: peerProfilePayload.shape.firstLanguage,
  languages: z.string().transform(listOf).pipe(z.array(z.string()).max(5, { message: 'Name at most 5 other languages' })).pipe(peerProfilePayload.shape.languages.unwrap()),
  interests: z.string().transform(listOf).pipe(z.array(z.string()).max(10, { message: 'Name at most 10 interests' })).pipe(peerProfilePayload.shape.interests.unwrap()),
  availability: peerProfilePayload.shape.availability,
});
type ProfileInput = z.input<typeof profileForm>;
type ProfileValues = z.output<typeof profileForm>;
const fieldNames = ['level', 'firstLanguage', 'languages', 'interests', 'availability'] as const;

/** A list field's error: its own, or the first of its items'. */
function listError(error: FieldError | FieldError[] | undefined): string | undefined {
  if (!error) return undefined;
  if (!Array.isArray(error) && error.message) return error.message;
  const items = Object.values(error as unknown as Record<string, FieldError | undefined>);
  return items.find((item) => item?.message)?.message;
}

/** /peer-learning/profile: how peers see you, and what matching uses (level, first language). */
export function PeerProfilePage() {
  const profile = usePeerProfile();
  return (
    <div className="space-y-6">
      <PageHeader title="Peer profile" subtitle="What your practice partners see in a call with you. We match you by level and first language." />
      {profile.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading your peer profile</span>
          <div className="skeleton h-16 w-full max-w-xl" />
          <div className="skeleton h-64 w-full max-w-xl" />
        </div>
      ) : profile.isError ? (
        isApiError(profile.error) && profile.error.status === 404 ? (
          <EmptyState
            title="No peer profile yet"
            icon="user"
            action={
              <Link to={peerPaths.dashboard} className="btn btn-primary btn-sm">
                Take the placement
              </Link>
            }
          >
            Your profile is made when you take the short placement on your peer dashboard.
          </EmptyState>
        ) : (
          <RetryAlert message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} retrying={profile.isFetching} className="text-base-content" />
        )
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </div>
  );
}

function ProfileForm({ profile }: { profile: PeerProfile }) {
  const update = useUpdatePeerProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, ProfileValues>({ resolver: zodResolver(profileForm), defaultValues: formValues(profile) });

  // A newer profile from the server (after saving) becomes the form's starting point.
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const submit = async (values: ProfileValues) => {
    try {
      await update.mutateAsync(values);
      notify.success('Your peer profile is saved.');
    } catch (error) {
      if (!applyFieldErrors(error, setError, fieldNames)) notify.failure(error);
    }
  };

  return (
    <div className="max-w-xl space-y-6">
      <section aria-label="You" className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4">
        {profile.avatar ? (
          <img src={profile.avatar} alt="" className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-primary text-2xl font-bold text-primary-content">
            {profile.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-lg font-semibold wrap-break-word">{profile.name}</p>
          <p className="text-sm text-base-content/80">
            Your name and picture come from your account.
            {hasSession('learner') ? (
              <>
                {' '}
                <Link to="/user/profile" className="link link-primary">
                  Edit your account
                </Link>
              </>
            ) : null}
          </p>
        </div>
      </section>

      <form noValidate onSubmit={isSubmitting || !isDirty ? (event) => event.preventDefault() : handleSubmit(submit)} className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <FormField label="Speaking level" error={errors.level?.message} hint="From your placement. Peers are matched at most one level apart.">
          <select className="select w-full sm:max-w-xs" {...register('level')}>
            {PEER_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="First language" error={errors.firstLanguage?.message}>
          <input className="input w-full" autoComplete="off" maxLength={LANGUAGE_NAME_MAX} aria-required="true" {...register('firstLanguage')} />
        </FormField>
        <FormField label="Other languages" error={listError(errors.languages)} hint="Besides English, separated by commas. Up to 5.">
          <input className="input w-full" autoComplete="off" {...register('languages')} />
        </FormField>
        <FormField label="Interests" error={listError(errors.interests)} hint="Topics you enjoy, separated by commas. Up to 10.">
          <input className="input w-full" autoComplete="off" {...register('interests')} />
        </FormField>
        <FormField label="When you like to practise" error={errors.availability?.message} hint="In your own words, for example “weekday evenings”.">
          <textarea className="textarea min-h-20 w-full" maxLength={PEER_AVAILABILITY_MAX} {...register('availability')} />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || !isDirty || undefined}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </div>
  );
}

function formValues(profile: PeerProfile): ProfileInput {
  return {
    level: profile.level,
    firstLanguage: profile.firstLanguage,
    languages: profile.languages.join(', '),
    interests: profile.interests.join(', '),
    availability: profile.availability,
  };
}
