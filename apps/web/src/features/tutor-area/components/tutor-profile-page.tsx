import { useId, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { shortTag, TUTOR_TAGS } from '@parley/domain/tutor-display';
import { TUTOR_BIO_MAX, TUTOR_TAGS_MAX, tutorProfilePayload, type TutorProfile } from '@parley/domain/tutor-profile';
import { env } from '../../../config/env';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { useLeaveGuard } from '../../../shared/lib/use-leave-guard';
import { CountryTimeZoneFields, useStartingPlace } from '../../../shared/ui/country-time-zone-fields';
import { PageHeader } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useTutorProfile } from '../api/get-tutor-profile';
import { useSaveTutorProfile } from '../api/save-tutor-profile';

type ProfileInput = z.input<typeof tutorProfilePayload>;
type ProfileValues = z.output<typeof tutorProfilePayload>;
const fieldNames = ['bio', 'tags', 'country', 'timezone'] as const;

/** Draws the card from the form's text (the tutors feature does: app/routes composes the two). */
type Preview = (card: Pick<TutorProfile, 'name' | 'image' | 'rating' | 'ratingCount' | 'tags' | 'bio'>) => ReactNode;

/** /teacher/profile: the bio and tags learners read on the tutor's card, and the time zone the tutor's hours are kept in. */
export function TutorProfilePage({ preview }: { preview: Preview }) {
  const profile = useTutorProfile();
  return (
    <div className="max-w-5xl">
      <PageHeader title="Your profile" subtitle="What learners read on your card, and the time zone your weekly hours are kept in." />
      {profile.isPending ? (
        <div role="status" aria-label="Loading your profile" className="skeleton h-96" />
      ) : profile.isError ? (
        <RetryAlert message={profile.error.message} onRetry={() => profile.refetch()} retrying={profile.isFetching} />
      ) : (
        <ProfileForm saved={profile.data} preview={preview} />
      )}
    </div>
  );
}

const formValues = (saved: TutorProfile, place: { country: string; timezone: string }): ProfileInput => ({
  bio: saved.bio,
  // A tag no longer offered is not shown, and the next save drops it.
  tags: saved.tags.filter((tag): tag is ProfileInput['tags'][number] => (TUTOR_TAGS as readonly string[]).includes(tag)),
  ...place,
});

function ProfileForm({ saved, preview }: { saved: TutorProfile; preview: Preview }) {
  const save = useSaveTutorProfile();
  const place = useStartingPlace(saved);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, ProfileValues>({ resolver: zodResolver(tutorProfilePayload), defaultValues: formValues(saved, place) });
  useLeaveGuard(isDirty);
  const tagsHintId = useId();
  const tagsErrorId = useId();
  const [bio, tags = []] = useWatch({ control, name: ['bio', 'tags'] });
  // At the limit the unticked boxes rest, so a fourth is never ticked only to be refused on Save.
  const tagsFull = tags.length >= TUTOR_TAGS_MAX;

  const onSubmit = async (values: ProfileValues) => {
    try {
      const next = await save.mutateAsync(values);
      reset(formValues(next, next));
      notify.success('Your profile is saved');
    } catch (failure) {
      if (!applyFieldErrors(failure, setError, fieldNames)) notify.failure(failure);
    }
  };
  const busy = isSubmitting || save.isPending;
  // Every tag rule is about the group (the boxes offer known tags only).
  const tagsError = errors.tags?.message;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={busy || !isDirty ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-5">
          <FixedDetails saved={saved} />
          <FormField
            label="About you"
            error={errors.bio?.message}
            hint={`Learners read it when they open your card; the card shows the first lines and Read more shows the rest. ${bio.length} of ${TUTOR_BIO_MAX} characters.`}
          >
            <textarea className="textarea min-h-40 w-full" {...register('bio')} />
          </FormField>
          <fieldset aria-describedby={tagsError ? `${tagsErrorId} ${tagsHintId}` : tagsHintId}>
            <legend className="text-sm font-medium">Your tags</legend>
            <p id={tagsHintId} className="mt-1 text-xs text-base-content/60">
              Choose 1 to {TUTOR_TAGS_MAX}: {tags.length} of {TUTOR_TAGS_MAX} chosen{tagsFull ? ', untick one to choose another' : ''}. Cards show them shortened (Grammar Guru as “{shortTag('Grammar Guru')}”).
            </p>
            <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {TUTOR_TAGS.map((tag) => (
                <label
                  key={tag}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-box px-2 hover:bg-base-200 has-disabled:cursor-not-allowed has-disabled:text-base-content/60 has-disabled:hover:bg-transparent"
                >
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    value={tag}
                    disabled={tagsFull && !tags.includes(tag)}
                    {...register('tags')}
                  />
                  <span className="text-sm">{tag}</span>
                </label>
              ))}
            </div>
            {tagsError ? (
              <p id={tagsErrorId} className="mt-1 text-xs text-error">
                {tagsError}
              </p>
            ) : null}
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <CountryTimeZoneFields
              initial={place}
              country={register('country')}
              timezone={register('timezone')}
              errors={{ country: errors.country?.message, timezone: errors.timezone?.message }}
            />
          </div>
          <p className="-mt-2 text-xs text-base-content/60">
            Your weekly hours stay the same on the clock in a new time zone (9:00 stays 9:00); sessions already booked keep their time.
          </p>
          <div className="flex justify-end">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || !isDirty || undefined}>
              {busy ? 'Saving…' : 'Save profile'}
            </button>
          </div>
        </div>
      </form>
      <CardPreview saved={saved} control={control} preview={preview} />
    </div>
  );
}

/** The name, picture, rating and subjects are Parley's: shown, with who changes them. */
function FixedDetails({ saved }: { saved: TutorProfile }) {
  return (
    <div className="rounded-box bg-base-200/60 p-4 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-medium">Name</dt>
        <dd>{saved.name}</dd>
        <dt className="font-medium">Subjects</dt>
        <dd>{saved.subjects.length > 0 ? saved.subjects.join(', ') : 'None yet'}</dd>
      </dl>
      <p className="mt-2 text-base-content/70">
        Parley sets your name and subjects: they decide what learners can book with you.
        {env.supportEmail ? (
          <>
            {' '}
            To change them, write to{' '}
            <a className="link" href={`mailto:${env.supportEmail}?subject=${encodeURIComponent('Change my tutor profile')}`}>
              {env.supportEmail}
            </a>
            .
          </>
        ) : null}
      </p>
    </div>
  );
}

/** The card as learners see it, with what is typed so far. */
function CardPreview({ saved, control, preview }: { saved: TutorProfile; control: Control<ProfileInput, unknown, ProfileValues>; preview: Preview }) {
  const [bio, tags] = useWatch({ control, name: ['bio', 'tags'] });
  return (
    <section aria-labelledby="tutor-card-preview" className="self-start lg:sticky lg:top-4">
      <h2 id="tutor-card-preview" className="mb-2 text-sm font-semibold text-base-content/70">
        How learners see you
      </h2>
      {preview({ name: saved.name, image: saved.image, rating: saved.rating, ratingCount: saved.ratingCount, tags: tags ?? [], bio: bio.trim() })}
    </section>
  );
}
