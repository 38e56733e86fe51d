import type { SessionItem } from '@parley/domain/booking';
import { formatInstant } from './calendar-date';

// What a past session came to, in the words of whoever reads the list: the learner's side
// (the learner, a parent, a kid) or the tutor's.

export type SessionSide = 'learner' | 'tutor';
export type PastState = { text: string; tone: 'success' | 'warning' | 'error' | 'neutral' };

/** Was there, but for less than the half of the class that counts (`ATTENDANCE_MIN_SHARE`): not "didn't attend". */
const cameBriefly = (minutes: number | null | undefined) => minutes != null && minutes > 0;

/** `timeZone` is the reader's: a moved session says when it moved to on their clock. */
export function pastSessionState(
  session: Pick<SessionItem, 'type' | 'status' | 'outcome' | 'cancelledBy' | 'refunded' | 'movedTo' | 'learnerMinutes' | 'tutorMinutes'>,
  side: SessionSide,
  timeZone: string,
): PastState {
  // What comes back or is spent: a demo, or a session.
  const what = session.type === 'Demo' ? 'demo' : 'session';
  // A reschedule cancels the old session too, but nobody called it off: it moved. Moved less than
  // 12 hours ahead, the old one was spent and the new one used another: the learner's side says so.
  if (session.status === 'cancelled' && session.movedTo) {
    const moved = `Moved to ${formatInstant(session.movedTo.startAt, timeZone, 'EEE d MMM, h:mm a')}`;
    return { text: side === 'learner' && !session.refunded ? `${moved} — ${what} spent` : moved, tone: 'neutral' };
  }
  if (session.status === 'cancelled') {
    const byMe = session.cancelledBy === (side === 'learner' ? 'learner' : 'tutor');
    const by = byMe ? 'you' : side === 'learner' ? 'the tutor' : 'the learner';
    if (side === 'tutor') return { text: `Cancelled by ${by}${session.refunded ? ` — the learner got the ${what} back` : ''}`, tone: 'neutral' };
    return { text: `Cancelled by ${by} — ${what} ${session.refunded ? 'returned' : 'spent'}`, tone: 'neutral' };
  }
  switch (session.outcome) {
    case 'Completed':
      return { text: 'Completed', tone: 'success' };
    case 'LearnerNoShow':
      if (cameBriefly(session.learnerMinutes)) return { text: `${side === 'learner' ? 'You were' : 'Learner was'} in less than half the class`, tone: 'warning' };
      return side === 'learner' ? { text: 'You missed it', tone: 'warning' } : { text: "Learner didn't attend", tone: 'warning' };
    case 'TutorNoShow':
      // Neither came: the rule makes it the tutor's no-show, but "Tutor didn't attend" alone would hide the rest.
      if (session.learnerMinutes === 0 && session.tutorMinutes === 0) {
        return { text: `Neither of you attended — ${side === 'learner' ? `${what} returned` : `the learner got the ${what} back`}`, tone: 'error' };
      }
      if (side === 'learner') return { text: `${cameBriefly(session.tutorMinutes) ? 'Tutor was in less than half the class' : "Tutor didn't attend"} — ${what} returned`, tone: 'error' };
      return { text: `${cameBriefly(session.tutorMinutes) ? 'You were in less than half the class' : 'You missed it'} — the learner got the ${what} back`, tone: 'error' };
    default:
      return { text: 'Attendance not recorded', tone: 'neutral' };
  }
}

/** When a cancelled session was called off ('on Mon 30 Nov, 2:00 PM'); null for a moved one, which says where it went. */
export function cancelledAtText(session: Pick<SessionItem, 'status' | 'cancelledAt' | 'movedTo'>, timeZone: string): string | null {
  if (session.status !== 'cancelled' || session.movedTo || !session.cancelledAt) return null;
  return `on ${formatInstant(session.cancelledAt, timeZone, 'EEE d MMM, h:mm a')}`;
}

/** Minutes each side was in the class ('You: 14 min · Tutor: 15 min'); null when not recorded. */
export function attendedMinutesText(session: Pick<SessionItem, 'status' | 'learnerMinutes' | 'tutorMinutes'>, side: SessionSide): string | null {
  if (session.status === 'cancelled') return null;
  const mine = side === 'learner' ? session.learnerMinutes : session.tutorMinutes;
  const theirs = side === 'learner' ? session.tutorMinutes : session.learnerMinutes;
  if (mine == null || theirs == null) return null;
  return `You: ${mine} min · ${side === 'learner' ? 'Tutor' : 'Learner'}: ${theirs} min`;
}
