import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { Modal } from '../../../shared/ui/modal';

type Props = {
  open: boolean;
  /** The topic's title or the level test's name, with its level: 'Travel and transport · A2'. */
  what: string;
  tutorName: string;
  date: string;
  timeView: string;
  timeZone: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The curriculum booking's confirmation (spec §4 booking flow, step 4): a session is spent only once the learner says so. */
export function ConfirmCurriculumBookingDialog({ open, what, tutorName, date, timeView, timeZone, onCancel, onConfirm }: Props) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirm your session"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={onConfirm}>
            Confirm booking
          </button>
        </>
      }
    >
      <p className="font-semibold">{what}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/60">Tutor</dt>
        <dd className="font-medium">{tutorName}</dd>
        <dt className="text-base-content/60">Date</dt>
        <dd className="font-medium">{formatCalendarDate(date, 'EEEE, d MMMM yyyy')}</dd>
        <dt className="text-base-content/60">Time</dt>
        <dd className="font-medium">{timeView}</dd>
        <dt className="text-base-content/60">Timezone</dt>
        <dd>{timeZone}</dd>
      </dl>
      <p className="mt-3 text-sm text-base-content/70">This uses one session of your curriculum plan.</p>
    </Modal>
  );
}
