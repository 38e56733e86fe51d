import { Link } from 'react-router';
import { Icon } from '../../../shared/ui/icon';

export type ChatAccessAction = { label: string; to: string };

/**
 * Chat access: without an available session chat does not open; the prompt shows the
 * server's text ('Please subscribe to chat with tutors.' / 'Please buy a session to chat with
 * tutors.') with the way to get one.
 */
export function ChatAccessPrompt({ message, action, onNavigate }: { message: string; action: ChatAccessAction; onNavigate?: () => void }) {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-secondary/10 text-secondary">
        <Icon name="chat" className="size-6" />
      </span>
      <p className="max-w-sm text-base font-semibold">{message}</p>
      <Link to={action.to} className="btn btn-primary" onClick={onNavigate}>
        {action.label}
      </Link>
    </div>
  );
}
