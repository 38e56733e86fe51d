import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { Badge } from '../../../shared/ui/badge';
import { Modal } from '../../../shared/ui/modal';
import type { PickedSlot } from '../lib/booker';

type Props = {
  open: boolean;
  choice: PickedSlot;
  subject: string;
  type: 'Demo' | 'Regular';
  timeZone: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Session-booking confirmation dialog: what is about to be booked, in the viewer's timezone. */
export function ConfirmBookingDialog({ open, choice, subject, type, timeZone, onCancel, onConfirm }: Props) {
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
      <div className="flex items-center gap-3">
        <img src={choice.teacher.image} alt="" className="size-12 rounded-full bg-primary/10" />
        <div>
          <p className="font-semibold">{choice.teacher.name}</p>
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            {subject} · {choice.durationMin} min {type === 'Demo' ? <Badge variant="accent">Demo</Badge> : null}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/60">Date</dt>
        <dd className="font-medium">{formatCalendarDate(choice.date, 'EEEE, d MMMM yyyy')}</dd>
        <dt className="text-base-content/60">Time</dt>
        <dd className="font-medium">{choice.slot.timeView}</dd>
        <dt className="text-base-content/60">Timezone</dt>
        <dd>{timeZone}</dd>
      </dl>
    </Modal>
  );
}
