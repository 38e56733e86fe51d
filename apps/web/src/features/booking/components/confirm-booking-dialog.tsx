import { bookedIntoLateWindow, lateCancelFrom } from '@parley/domain/live-sessions';
import { Badge } from '../../../shared/ui/badge';
import { ConfirmSessionDialog } from '../../../shared/ui/confirm-session-dialog';
import type { PickedSlot } from '../lib/booker';

type Props = {
  open: boolean;
  choice: PickedSlot;
  subject: string;
  type: 'Demo' | 'Regular';
  /** What the booking spends (the demo, or one of the sessions left). */
  spends?: string | undefined;
  timeZone: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Session-booking confirmation dialog: the tutor, subject and length, and when, in the viewer's
 * timezone, and what it spends; a time under 12 hours away says that cancelling it will spend the session.
 */
export function ConfirmBookingDialog({ open, choice, subject, type, spends, timeZone, onCancel, onConfirm }: Props) {
  const late = open && lateCancelFrom(new Date(choice.slot.startAt), new Date());
  return (
    <ConfirmSessionDialog
      open={open}
      note={[spends, late ? bookedIntoLateWindow(type === 'Demo') : null].filter(Boolean).join(' ') || undefined}
      date={choice.date}
      timeView={choice.slot.timeView}
      timeZone={timeZone}
      onCancel={onCancel}
      onConfirm={onConfirm}
      heading={
        <div className="flex items-center gap-3">
          <img src={choice.teacher.image} alt="" className="size-12 rounded-full bg-primary/10" />
          <div>
            <p className="font-semibold">{choice.teacher.name}</p>
            <p className="flex items-center gap-2 text-sm text-base-content/70">
              {subject} · {choice.durationMin} min {type === 'Demo' ? <Badge variant="accent">Demo</Badge> : null}
            </p>
          </div>
        </div>
      }
    />
  );
}
