import { Link } from 'react-router';
import { messages } from '@parley/domain/messages';
import { Modal } from '../../../shared/ui/modal';
import { demoPathFor, subscribePathFor } from '../lib/booker';

/** The two ways out of NOT_SUBSCRIBED, Book a Demo and Subscribe Now (the subject's plans). */
export function NotSubscribedActions({ subject }: { subject: string }) {
  return (
    <>
      <Link to={demoPathFor(subject)} className="btn btn-outline btn-sm">
        {messages.bookADemo}
      </Link>
      <Link to={subscribePathFor(subject)} className="btn btn-primary btn-sm">
        {messages.subscribeNow}
      </Link>
    </>
  );
}

/** 'Not subscribed!' with Subscribe Now (the subject's plans) and Book a Demo. */
export function NotSubscribedDialog({ open, subject, onClose }: { open: boolean; subject: string; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={messages.notSubscribedTitle}
      size="sm"
      actions={<NotSubscribedActions subject={subject} />}
    >
      <p className="text-sm text-base-content/80">{messages.notSubscribedBody}</p>
    </Modal>
  );
}
