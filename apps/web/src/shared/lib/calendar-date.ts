import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

// Formatting for the two kinds of time the booking screens show: a calendar
// date 'YYYY-MM-DD' that already belongs to the viewer's zone, and an instant shown in a zone.

/** Formats a 'YYYY-MM-DD' date as itself, whatever zone the browser is in ('EEE, d MMM yyyy'). */
export function formatCalendarDate(date: string, pattern = 'EEE, d MMM yyyy'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, day, 'UTC'), pattern);
}

/** Formats an instant as the wall clock of `timeZone` reads it. */
export function formatInstant(instant: string | Date, timeZone: string, pattern: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), pattern);
}

/**
 * How a session card says a clock time, '5:30 AM': its time range, when Join opens and when it
 * ends, so one card never shows '05:30 AM' beside '5:20 AM'. (The spec fixes no time format; every clock
 * time is written this way, formatHourMinute12 too.)
 */
export const SESSION_CLOCK_PATTERN = 'h:mm a';

/** A session's time range on a card, '5:30 AM – 5:45 AM', in `timeZone`. */
export function formatSessionRange(startAt: string | Date, endAt: string | Date, timeZone: string): string {
  return `${formatInstant(startAt, timeZone, SESSION_CLOCK_PATTERN)} – ${formatInstant(endAt, timeZone, SESSION_CLOCK_PATTERN)}`;
}

/** Today as 'YYYY-MM-DD' on this browser's clock: the latest date a date-of-birth picker offers. */
export function todayHere(): string {
  return format(new Date(), 'yyyy-MM-dd');
}
