import { peerSlotJoinOpensAt } from '@parley/domain/peer-slots';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { useRowsClock } from '../../../shared/lib/use-now';

// How the peer pages write times (in the person's own zone: accountTimeZone).

/** "4 Mar 2030, 3:00 PM" in the timezone. */
export function dateTimeText(iso: string, timeZone: string): string {
  return formatInstant(iso, timeZone, 'd MMM yyyy, h:mm a');
}

/** A call's length: "12 min 5 s", "45 s", "0 s"; a number keeps its unit on its line (a no-break space: a narrow tile wrapped "1 min 1 / s"). */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest}\u00a0s`;
  return rest === 0 ? `${minutes}\u00a0min` : `${minutes}\u00a0min ${rest}\u00a0s`;
}

/** "1 minute", "12 minutes". */
export function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A past call's length, or that it never started (matched, but a side did not join in time; nothing was charged). */
export function callLengthText(call: { startedAt: string | null; durationSeconds: number }): string {
  return call.startedAt === null ? 'Did not start' : durationText(call.durationSeconds);
}

/** The clock practice times show: it also wakes as a time's Join opens, it starts and ends (useRowsClock). */
export const usePeerSlotClock = (slots: readonly { startAt: string; endAt: string }[] | undefined): Date => useRowsClock(slots, peerSlotJoinOpensAt);
