import { Link } from 'react-router';
import { joinOpensAt, joinWindow } from '@parley/domain/live-sessions';
import { formatInstant, SESSION_CLOCK_PATTERN } from '../lib/calendar-date';
import { useRowsClock } from '../lib/use-now';

const MINUTE_MS = 60_000;

/** The clock a list of sessions shows: it also wakes as a row's Join opens, its session starts and ends (useRowsClock). */
export const useSessionClock = (sessions: readonly { startAt: string; endAt: string }[] | undefined): Date => useRowsClock(sessions, joinOpensAt);

/** How long until a session starts, in words: 'Starts in 2 h 5 min', 'Starts in 3 days 4 h', 'In progress, ends at 10:15 AM'. */
export function startsInText(now: Date, startAt: Date, endAt: Date, timeZone: string): string {
  if (now.getTime() >= endAt.getTime()) return 'Ended';
  if (now.getTime() >= startAt.getTime()) return `In progress, ends at ${formatInstant(endAt, timeZone, SESSION_CLOCK_PATTERN)}`;
  // Rounded up: 'Starts in 1 min' until the start, never 'Starts in 0 min'.
  const totalMin = Math.ceil((startAt.getTime() - now.getTime()) / MINUTE_MS);
  const days = Math.floor(totalMin / (24 * 60));
  const hours = Math.floor((totalMin % (24 * 60)) / 60);
  const minutes = totalMin % 60;
  const parts = [days > 0 ? `${days} ${days === 1 ? 'day' : 'days'}` : '', hours > 0 ? `${hours} h` : '', days === 0 && minutes > 0 ? `${minutes} min` : ''];
  return `Starts in ${parts.filter(Boolean).join(' ')}`;
}

/** 'Join opens at 9:50 AM'; the day too when that is the evening before (a class at midnight): 'Join opens Tue at 11:50 PM'. */
function joinOpensText(start: Date, timeZone: string): string {
  const opens = joinOpensAt(start);
  const clock = formatInstant(opens, timeZone, SESSION_CLOCK_PATTERN);
  const sameDay = formatInstant(opens, timeZone, 'yyyy-MM-dd') === formatInstant(start, timeZone, 'yyyy-MM-dd');
  return sameDay ? `Join opens at ${clock}` : `Join opens ${formatInstant(opens, timeZone, 'EEE')} at ${clock}`;
}

type Props = {
  sessionId: string;
  startAt: string;
  endAt: string;
  /** The viewer's timezone: the opening time is said in it. */
  timeZone: string;
  now: Date;
  /** Who the session is with, for the link's accessible name ('Join the session with Ananya Iyer'). */
  withWhom: string;
  /**
   * The session in words ('English with Ananya Iyer on Mon, 13 May 2030 at 4:30 PM'), where a list
   * can hold several with one tutor: the link is then 'Join …' and the closed button names it too.
   */
  sessionLabel?: string;
};

/**
 * Join works from 10 minutes before the start until the end (domain joinWindow) and opens
 * /meeting?session=<id>; before that the button is off and says when it opens.
 */
export function JoinSessionLink({ sessionId, startAt, endAt, timeZone, now, withWhom, sessionLabel }: Props) {
  const start = new Date(startAt);
  const state = joinWindow(now, start, new Date(endAt));
  if (state === 'open') {
    return (
      <Link to={`/meeting?session=${encodeURIComponent(sessionId)}`} className="btn btn-primary btn-sm" aria-label={sessionLabel ? `Join ${sessionLabel}` : `Join the session with ${withWhom}`}>
        Join
      </Link>
    );
  }
  const closedText = state === 'too-early' ? joinOpensText(start, timeZone) : 'Session ended';
  return (
    <button type="button" className="btn btn-sm" disabled aria-label={sessionLabel ? `${closedText}: ${sessionLabel}` : undefined}>
      {closedText}
    </button>
  );
}
