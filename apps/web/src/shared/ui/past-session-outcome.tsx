import type { SessionItem } from '@parley/domain/booking';
import { attendedMinutesText, cancelledAtText, pastSessionState, type SessionSide } from '../lib/session-outcome';

// Literal class names so Tailwind sees them.
const tones = { success: 'badge-success', warning: 'badge-warning', error: 'badge-error', neutral: 'badge-neutral' } as const;

type Props = {
  session: Pick<SessionItem, 'type' | 'status' | 'outcome' | 'cancelledBy' | 'cancelledAt' | 'cancelReason' | 'refunded' | 'movedTo' | 'learnerMinutes' | 'tutorMinutes'>;
  side: SessionSide;
  /** The reader's timezone, the list's own. */
  timeZone: string;
  className?: string;
};

/** A past session's state as a badge that wraps on a narrow screen, and the minutes each side attended (or when it was called off, and why). */
export function PastSessionOutcome({ session, side, timeZone, className = '' }: Props) {
  const state = pastSessionState(session, side, timeZone);
  const detail = attendedMinutesText(session, side) ?? cancelledAtText(session, timeZone);
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm ${className}`} data-testid="session-outcome">
      <span className={`badge badge-sm h-auto min-h-5 py-0.5 font-semibold whitespace-normal ${tones[state.tone]}`}>{state.text}</span>
      {detail ? <span className="text-base-content/70">{detail}</span> : null}
      {session.cancelReason ? <span className="basis-full break-words text-base-content/70">Reason: {session.cancelReason}</span> : null}
    </p>
  );
}
