import { Link } from 'react-router';
import { messages } from '@parley/domain/messages';
import { Modal } from '../../../shared/ui/modal';
import { buySessionsPathFor } from '../lib/booker';

/** A kid with no purchased sessions and no paid demo is sent to buy sessions instead of booking. */
export function BuySessionsDialog({ open, subject, onClose }: { open: boolean; subject: string; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="No sessions left"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Not now
          </button>
          <Link to={buySessionsPathFor(subject)} className="btn btn-primary btn-sm">
            Buy sessions
          </Link>
        </>
      }
    >
      <p className="text-sm text-base-content/80">{messages.buySessionToBook}</p>
    </Modal>
  );
}
