import type { PeerSlot } from '@parley/domain/peer-slots';
import { Modal } from '../../../shared/ui/modal';
import { dateTimeText } from '../lib/peer-time';

type CancelSlotDialogProps = {
  /** The practice time to cancel (null: closed). */
  slot: PeerSlot | null;
  timeZone: string;
  /** A kid's time: the partner's parent is told too. */
  forKid: boolean;
  cancelling: boolean;
  onConfirm: (slot: PeerSlot) => void;
  onClose: () => void;
};

/** What cancelling does, as the server does it: the host withdraws the time, a guest gives it back; the partner is told. */
function consequence(slot: PeerSlot, forKid: boolean): string {
  if (!slot.partner) return 'Nobody has booked it yet. It comes off the list, so nobody can book it.';
  const told = forKid ? `${slot.partner.name} and their parent are told` : `${slot.partner.name} is told`;
  return slot.role === 'host' ? `${told} that it is cancelled.` : `${told}, and the time opens again for others to book.`;
}

/** Asks before a practice time is cancelled: Cancel sits right next to Join. */
export function CancelSlotDialog({ slot, timeZone, forKid, cancelling, onConfirm, onClose }: CancelSlotDialogProps) {
  return (
    <Modal
      open={slot !== null}
      onClose={onClose}
      title="Cancel this practice time?"
      size="sm"
      actions={
        slot ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Keep it
            </button>
            <button type="button" className="btn btn-error" aria-disabled={cancelling || undefined} onClick={() => cancelling || onConfirm(slot)}>
              {cancelling ? 'Cancelling…' : 'Cancel the practice time'}
            </button>
          </>
        ) : null
      }
    >
      {slot ? (
        <p>
          {dateTimeText(slot.startAt, timeZone)}, {slot.lengthMin} min{slot.partner ? ` with ${slot.partner.name}` : ''}. {consequence(slot, forKid)}
        </p>
      ) : null}
    </Modal>
  );
}
