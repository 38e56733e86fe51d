// How a call writes times: clock times in the viewer's timezone, and what is left of a countdown.

import { formatInstant } from '../lib/calendar-date';

/** "2:50 PM" in the given timezone. */
export function clockTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(instant);
}

/** "2:50 PM" when `instant` is on the same day as `now` in the timezone, else "Mon, 4 Mar, 2:50 PM". */
export function clockTimeFrom(instant: Date, now: Date, timeZone: string): string {
  const day = (at: Date) => formatInstant(at, timeZone, 'EEE, d MMM');
  return day(instant) === day(now) ? clockTime(instant, timeZone) : `${day(instant)}, ${clockTime(instant, timeZone)}`;
}

/** "12:34", or "1:02:03" from an hour up; never below "0:00". Seconds are rounded up, so "0:00" means over. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** "12 minutes 34 seconds", for screen readers. */
export function countdownWords(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [hours > 0 ? part(hours, 'hour') : null, hours > 0 || minutes > 0 ? part(minutes, 'minute') : null, part(seconds, 'second')].filter(Boolean).join(' ');
}
