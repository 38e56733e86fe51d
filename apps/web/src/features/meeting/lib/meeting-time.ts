import { clockTime } from '../../../shared/call/call-time';

// How the classroom writes a session's day and times, in the viewer's timezone.

/** "Mon, 3 Mar 2025" in the given timezone. */
export function dayLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(instant);
}

/** "Mon, 3 Mar 2025, 15:00–15:25". */
export function sessionTimeLabel(startAt: Date, endAt: Date, timeZone: string): string {
  return `${dayLabel(startAt, timeZone)}, ${clockTime(startAt, timeZone)}–${clockTime(endAt, timeZone)}`;
}
