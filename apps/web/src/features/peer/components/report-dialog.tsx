import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { peerReportPayload, peerTexts } from '@parley/domain/peer';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { useReportCall } from '../api/report-call';

const REASON_MAX = 1_000;
type ReportInput = z.input<typeof peerReportPayload>;
type Report = z.output<typeof peerReportPayload>;

type ReportDialogProps = {
  open: boolean;
  onClose: () => void;
  callId: string;
  partnerName: string;
  /** The call is live: sending the report ends it. */
  live: boolean;
  onReported: () => void;
};

/** Report the partner to the moderators, with a reason; a live call ends. */
export function ReportDialog({ open, onClose, ...form }: ReportDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={`Report ${form.partnerName}`}>
      {open ? <ReportForm {...form} onCancel={onClose} /> : null}
    </Modal>
  );
}

function ReportForm({ callId, partnerName, live, onReported, onCancel }: Omit<ReportDialogProps, 'open' | 'onClose'> & { onCancel: () => void }) {
  const report = useReportCall();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReportInput, unknown, Report>({ resolver: zodResolver(peerReportPayload), defaultValues: { reason: '' } });

  const submit = async ({ reason }: Report) => {
    try {
      await report.mutateAsync({ callId, reason: reason.trim() });
      notify.success(peerTexts.reportSent);
      onReported();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['reason'])) notify.failure(error);
    }
  };

  return (
    <form noValidate onSubmit={isSubmitting ? (event) => event.preventDefault() : handleSubmit(submit)} className="space-y-4">
      <p className="text-sm">
        A moderator reads your report with the call’s details (when it was, how long, how many chat messages). {partnerName} is not told who reported them, and you will not be matched with
        them again.{live ? ' Sending the report ends this call.' : ''}
      </p>
      <FormField label="What happened?" error={errors.reason?.message} hint="At least 5 characters.">
        <textarea className="textarea min-h-28 w-full" maxLength={REASON_MAX} aria-required="true" {...register('reason')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-error" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Sending…' : live ? 'Report and end the call' : 'Send report'}
        </button>
      </div>
    </form>
  );
}
