import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ORGANIZATION_MESSAGE_MAX, organizationInquiryPayload, teamSizeLabels, teamSizes } from '@parley/domain/outreach';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useSendOrganizationInquiry } from '../api/send-organization-inquiry';
import { SentNotice } from './sent-notice';

type Input = z.input<typeof organizationInquiryPayload>;
type Payload = z.output<typeof organizationInquiryPayload>;
const fields = ['name', 'organization', 'email', 'teamSize', 'message'] as const;

/** The /organization contact form: checked here with the domain schema, and again by the server. */
export function OrganizationInquiryForm() {
  const send = useSendOrganizationInquiry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Payload>({
    resolver: zodResolver(organizationInquiryPayload),
    defaultValues: { name: '', organization: '', email: '', teamSize: '' as Input['teamSize'], message: '' },
  });

  const onSubmit = async (values: Payload) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (!applyFieldErrors(error, setError, fields)) notify.failure(error);
    }
  };

  if (send.data) {
    return <SentNotice title="Message sent" message={send.data.message} />;
  }
  const busy = isSubmitting || send.isPending;
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Your name" error={errors.name?.message}>
          <input className="input w-full" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Organization" error={errors.organization?.message}>
          <input className="input w-full" autoComplete="organization" {...register('organization')} />
        </FormField>
        <FormField label="Work email" error={errors.email?.message}>
          <input type="email" className="input w-full" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Team size" error={errors.teamSize?.message}>
          <select className="select w-full" {...register('teamSize')}>
            <option value="" disabled>
              Choose a range
            </option>
            {teamSizes.map((size) => (
              <option key={size} value={size}>
                {teamSizeLabels[size]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="What would you like to achieve?" error={errors.message?.message} hint="For example: who would learn, what they need English for, and by when.">
        <textarea className="textarea min-h-32 w-full" maxLength={ORGANIZATION_MESSAGE_MAX} {...register('message')} />
      </FormField>
      <button type="submit" className="btn btn-primary w-full sm:w-auto" aria-disabled={busy || undefined}>
        {busy ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
