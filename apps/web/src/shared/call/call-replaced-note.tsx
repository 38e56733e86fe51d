import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

type CallReplacedNoteProps = {
  /** What happened, in the call's words ("You joined this class in another tab or window."). */
  message: string;
  /** Join here works now (the socket is there). */
  canJoin: boolean;
  /** Takes the call back: this tab joins again, and the other tab is replaced in turn. */
  onJoinHere: () => void;
  back: { to: string; label: string };
};

/**
 * Shown where a call was, once this person joined it from another tab or window. They did not
 * leave the call, so the note takes focus and is read out.
 */
export function CallReplacedNote({ message, canJoin, onJoinHere, back }: CallReplacedNoteProps) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <div className="space-y-3">
      <p ref={note} role="status" tabIndex={-1} className="text-lg font-medium">
        {message}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onJoinHere} disabled={!canJoin}>
          Join here
        </button>
        <Link to={back.to} className="btn btn-ghost">
          {back.label}
        </Link>
      </div>
    </div>
  );
}
