import type { TimeInterval } from '@parley/domain/slots';
import { addDaysToIsoDate, zonedWallTimeToInstant } from '@parley/domain/zoned-time';

const clock12 = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i;

function minuteOfDay(text: string): number | null {
  const match = clock12.exec(text.trim());
  if (!match) return null;
  const hour12 = Number(match[1]);
  const minute = Number(match[2]);
  if (hour12 < 1 || hour12 > 12 || minute > 59) return null;
  const hour = hour12 % 12;
  return (match[3]!.toUpperCase() === 'PM' ? hour + 12 : hour) * 60 + minute;
}

/**
 * The tutor's booked sessions on `date` as the schedule call gives them (bookedTimings:
 * '6:00 PM - 6:15 PM' in the viewer's zone) → instants, so the chat time select can disable
 * reserved slots. An end at or before its start runs past midnight. Unreadable
 * entries are skipped.
 */
export function reservedFromBookedTimings(bookedTimings: readonly string[], date: string, timeZone: string): TimeInterval[] {
  const intervals: TimeInterval[] = [];
  for (const timing of bookedTimings) {
    const [startText, endText] = timing.split(' - ');
    const start = startText === undefined ? null : minuteOfDay(startText);
    const end = endText === undefined ? null : minuteOfDay(endText);
    if (start === null || end === null) continue;
    const startAt = zonedWallTimeToInstant(date, start, timeZone);
    const endAt = end > start ? zonedWallTimeToInstant(date, end, timeZone) : zonedWallTimeToInstant(addDaysToIsoDate(date, 1), end, timeZone);
    intervals.push({ startAt, endAt });
  }
  return intervals;
}
