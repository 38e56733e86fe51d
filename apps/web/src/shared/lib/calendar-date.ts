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

/** Today as 'YYYY-MM-DD' on this browser's clock: the latest date a date-of-birth picker offers. */
export function todayHere(): string {
  return format(new Date(), 'yyyy-MM-dd');
}
