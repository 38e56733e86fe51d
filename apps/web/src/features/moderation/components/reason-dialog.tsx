import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REJECTION_REASON_MAX, rejectCoursePayload } from '@parley/domain/courses';
import { MODERATION_REASON_MAX, moderationReasonPayload } from '@parley/domain/moderation';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';

type ReasonInput = z.input<typeof rejectCoursePayload>;
type Reason = z.output<typeof rejectCoursePayload>;

/** The reason rules of each kind of decision: a creator's course (up to 1,000 characters); a peer, an affiliate or a tutor (up to 500). */
const reasonRules = {
  course: { schema: rejectCoursePayload, max: REJECTION_REASON_MAX },
  moderation: { schema: moderationReasonPayload, max: MODERATION_REASON_MAX },
} as const;

type ReasonDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  label: string;
  confirmLabel: string;
  busyLabel: string;
  /** Sends the decision; a failure it throws is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<void>;
  /** Whose decision it is (the reason's rules); a course's by default. */
  about?: keyof typeof reasonRules;
  /** The confirm button's colour: red for what takes something away, neutral otherwise. */
  tone?: 'error' | 'primary';
};

/** A decision that needs a reason its subject will read (reject, unpublish, warn, suspend): at least a few words. */
export function ReasonDialog({ open, onClose, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={form.title}>
      {open ? <ReasonForm {...form} onCancel={onClose} /> : null}
    </Modal>
  );
}

function ReasonForm({ intro, label, confirmLabel, busyLabel, onConfirm, onCancel, about = 'course', tone = 'error' }: Omit<ReasonDialogProps, 'open' | 'onClose' | 'title'> & { onCancel: () => void }) {
  const rules = reasonRules[about];
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReasonInput, unknown, Reason>({ resolver: zodResolver(rules.schema), defaultValues: { reason: '' } });
  const length = watch('reason')?.length ?? 0;

  const submit = async ({ reason }: Reason) => {
    try {
      await onConfirm(reason.trim());
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['reason'])) notify.failure(error);
    }
  };

  return (
    <form noValidate onSubmit={isSubmitting ? (event) => event.preventDefault() : handleSubmit(submit)} className="space-y-4">
      <div className="text-sm text-base-content/80">{intro}</div>
      <FormField label={label} error={errors.reason?.message} hint={`At least 5 characters. ${length} of ${rules.max}.`}>
        <textarea className="textarea min-h-32 w-full" maxLength={rules.max} aria-required="true" {...register('reason')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={`btn ${tone === 'error' ? 'btn-error' : 'btn-primary'}`} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? busyLabel : confirmLabel}
        </button>
      </div>
    </form>
  );
}
