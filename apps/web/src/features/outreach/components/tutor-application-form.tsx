import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TUTOR_BIO_MAX, TUTOR_EXPERIENCE_MAX_YEARS, tutorApplicationPayload, tutorApplicationSubjects } from '@parley/domain/outreach';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { countryOptions, visitorCountry } from '../../../shared/lib/countries';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useSendTutorApplication } from '../api/send-tutor-application';
import { SentNotice } from './sent-notice';

type Input = z.input<typeof tutorApplicationPayload>;
type Payload = z.output<typeof tutorApplicationPayload>;
const fields = ['name', 'email', 'country', 'subjects', 'experienceYears', 'bio', 'link'] as const;
/** A blank years field stays missing, so the schema asks for it instead of reading it as 0. */
const yearsFromField = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? undefined : Number(value));

/** The /teach-with-us application: checked here with the domain schema, and again by the server. */
export function TutorApplicationForm() {
  const send = useSendTutorApplication();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Payload>({
    resolver: zodResolver(tutorApplicationPayload),
    defaultValues: { name: '', email: '', country: visitorCountry(), subjects: [], bio: '', link: '' },
  });

  const onSubmit = async (values: Payload) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (!applyFieldErrors(error, setError, fields)) notify.failure(error);
    }
  };

  if (send.data) return <SentNotice title="Application sent" message={send.data.message} />;
  const busy = isSubmitting || send.isPending;
  const subjectsError = errors.subjects?.message ?? errors.subjects?.root?.message;
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Full name" error={errors.name?.message}>
          <input className="input w-full" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <input type="email" className="input w-full" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          <select className="select w-full" autoComplete="country" {...register('country')}>
            {countryOptions().map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Years of teaching experience" error={errors.experienceYears?.message}>
          <input type="number" inputMode="numeric" min={0} max={TUTOR_EXPERIENCE_MAX_YEARS} step={1} className="input w-full" {...register('experienceYears', { setValueAs: yearsFromField })} />
        </FormField>
      </div>
      <fieldset aria-describedby={subjectsError ? 'subjects-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">What would you like to teach? (one or more)</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {tutorApplicationSubjects.map((subject) => (
            <label key={subject} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm checkbox-primary rounded-sm" value={subject} aria-invalid={subjectsError ? true : undefined} {...register('subjects')} />
              {subject}
            </label>
          ))}
        </div>
        {subjectsError ? (
          <p id="subjects-error" className="mt-1 text-xs text-error">
            {subjectsError}
          </p>
        ) : null}
      </fieldset>
      <FormField label="About you" error={errors.bio?.message} hint="How you teach, who you have taught, and any certificates (CELTA, TESOL, IELTS examiner…).">
        <textarea className="textarea min-h-32 w-full" maxLength={TUTOR_BIO_MAX} {...register('bio')} />
      </FormField>
      <FormField label="A link to your profile or a short video (optional)" error={errors.link?.message}>
        <input type="url" className="input w-full" placeholder="https://" autoComplete="url" {...register('link')} />
      </FormField>
      <button type="submit" className="btn btn-primary w-full sm:w-auto" aria-disabled={busy || undefined}>
        {busy ? 'Sending…' : 'Send application'}
      </button>
    </form>
  );
}
