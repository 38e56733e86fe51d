import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REJECTION_REASON_MAX, rejectCoursePayload } from '@parley/domain/courses';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';

type ReasonInput = z.input<typeof rejectCoursePayload>;
type Reason = z.output<typeof rejectCoursePayload>;

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
};

/** A decision that needs a reason the creator will read (reject, unpublish): at least a few words. */
export function ReasonDialog({ open, onClose, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={form.title}>
      {open ? <ReasonForm {...form} onCancel={onClose} /> : null}
    </Modal>
  );
}

function ReasonForm({ intro, label, confirmLabel, busyLabel, onConfirm, onCancel }: Omit<ReasonDialogProps, 'open' | 'onClose' | 'title'> & { onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReasonInput, unknown, Reason>({ resolver: zodResolver(rejectCoursePayload), defaultValues: { reason: '' } });
  const length = watch('reason')?.length ?? 0;

  const submit = async ({ reason }: Reason) => {
    try {
      await onConfirm(reason.trim());
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['reason'])) notify.failure(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <div className="text-sm text-base-content/80">{intro}</div>
      <FormField label={label} error={errors.reason?.message} hint={`At least 5 characters. ${length} of ${REJECTION_REASON_MAX}.`}>
        <textarea className="textarea min-h-32 w-full" maxLength={REJECTION_REASON_MAX} aria-required="true" {...register('reason')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-error" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : confirmLabel}
        </button>
      </div>
    </form>
  );
}
