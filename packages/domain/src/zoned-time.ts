import { tzOffset } from '@date-fns/tz';
import { BoundedMap } from './bounded-map';

// Calendar dates and wall-clock times in an IANA timezone. Instants are
// plain Dates (UTC); a "date" is a 'YYYY-MM-DD' string in some zone; a wall time is minutes
// from that zone's local midnight. Offsets come from @date-fns/tz, so DST follows the
// runtime's tz database.

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Memoised answers depend only on their arguments (and the tz database), so callers cannot tell;
 * schedules ask the same dates, days and hours of a zone again and again.
 */
const MEMO_MAX = 20_000;

const dateMs = new BoundedMap<string, number>(MEMO_MAX);

/** Milliseconds of the date's midnight read as UTC; throws on anything but a real 'YYYY-MM-DD'. */
export function isoDateToUtcMs(date: string): number {
  return dateMs.get(date) ?? dateMs.remember(date, parseIsoDate(date));
}

function parseIsoDate(date: string): number {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: '${date}'`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const ms = new Date(0).setUTCFullYear(year, month - 1, day);
  if (new Date(ms).getUTCMonth() !== month - 1 || new Date(ms).getUTCDate() !== day) throw new RangeError(`Not a calendar date: '${date}'`);
  return ms;
}

export function isIsoDate(date: string): boolean {
  try {
    isoDateToUtcMs(date);
    return true;
  } catch {
    return false;
  }
}

export function addDaysToIsoDate(date: string, days: number): string {
  return utcMsToIsoDate(isoDateToUtcMs(date) + days * MS_PER_DAY);
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function weekdayOfIsoDate(date: string): number {
  return new Date(isoDateToUtcMs(date)).getUTCDay();
}

const MS_PER_HOUR = 3_600_000;
/** Offsets by zone, then UTC hour, for hours with one offset throughout. */
const HOURS_PER_ZONE = 2_000;
const hourOffsets = new Map<string, BoundedMap<number, number>>();

/** The zone's UTC offset in minutes at an instant; throws RangeError for an unknown zone. */
export function offsetMin(timeZone: string, instantMs: number): number {
  const hour = Math.floor(instantMs / MS_PER_HOUR);
  const cached = hourOffsets.get(timeZone)?.get(hour);
  if (cached !== undefined) return cached;
  const offset = lookUpOffsetMin(timeZone, instantMs);
  // An hour whose first and last moments share the offset has no change inside it (a zone never
  // changes twice within an hour), so the offset holds for all of it; an hour with a change is
  // looked up every time.
  const hourStart = hour * MS_PER_HOUR;
  if (lookUpOffsetMin(timeZone, hourStart) === offset && lookUpOffsetMin(timeZone, hourStart + MS_PER_HOUR - 1) === offset) {
    // Known zones only reach here (an unknown one threw): a few hundred, each keeping its last
    // HOURS_PER_ZONE hours asked.
    let hours = hourOffsets.get(timeZone);
    if (!hours) hourOffsets.set(timeZone, (hours = new BoundedMap(HOURS_PER_ZONE)));
    hours.set(hour, offset);
  }
  return offset;
}

/** offsetMin straight from the tz database (an Intl call). */
function lookUpOffsetMin(timeZone: string, instantMs: number): number {
  const offset = tzOffset(timeZone, new Date(instantMs));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown timezone '${timeZone}'`);
  return offset;
}

/** The calendar date an instant falls on in the zone. */
export function isoDateInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return utcMsToIsoDate(ms + offsetMin(timeZone, ms) * MS_PER_MINUTE);
}

/**
 * The first instant at which the zone's clock reads `minuteOfDay` on `date` or later
 * (1440 = next midnight). Usually the one instant showing that time; for a time repeated by
 * fall-back, its first occurrence; for a time skipped by spring-forward, the moment the clock
 * jumps past it (02:30 on a 02:00→03:00 night → the instant the clock shows 03:00).
 */
export function zonedWallTimeToInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const wallMs = isoDateToUtcMs(date) + minuteOfDay * MS_PER_MINUTE;
  // A zone changes offset at most once within a couple of days, so the offsets a day either
  // side of the wall time are the only ones that can apply.
  const before = offsetMin(timeZone, wallMs - MS_PER_DAY);
  const after = offsetMin(timeZone, wallMs + MS_PER_DAY);
  const candidates = [...new Set([before, after])].map((offset) => ({ offset, ms: wallMs - offset * MS_PER_MINUTE }));
  const valid = candidates.filter((c) => offsetMin(timeZone, c.ms) === c.offset).map((c) => c.ms);
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(transitionBetween(timeZone, wallMs - after * MS_PER_MINUTE, wallMs - before * MS_PER_MINUTE));
}

/**
 * zonedWallTimeToInstant for many times on one date: when the zone keeps one offset from the
 * day before to the day after (almost always), each call is plain arithmetic instead of
 * three offset look-ups. This is what keeps slot generation far below a millisecond.
 */
export function wallTimeConverter(date: string, timeZone: string): (minuteOfDay: number) => number {
  const midnightMs = isoDateToUtcMs(date);
  const offset = steadyOffsetMin(date, timeZone);
  if (offset !== null) return (minuteOfDay) => midnightMs + (minuteOfDay - offset) * MS_PER_MINUTE;
  // The offset changes once near this date: find when (once), then each time is arithmetic with
  // zonedWallTimeToInstant's rules (a repeated time → its first occurrence, a skipped one → the jump).
  const { before, after, transitionMs } = offsetChangeNear(date, timeZone);
  return (minuteOfDay) => {
    const wallMs = midnightMs + minuteOfDay * MS_PER_MINUTE;
    const underBefore = wallMs - before * MS_PER_MINUTE;
    const underAfter = wallMs - after * MS_PER_MINUTE;
    const beforeHolds = underBefore < transitionMs;
    const afterHolds = underAfter >= transitionMs;
    if (beforeHolds && afterHolds) return Math.min(underBefore, underAfter);
    if (beforeHolds) return underBefore;
    if (afterHolds) return underAfter;
    return transitionMs;
  };
}

type OffsetChange = { before: number; after: number; transitionMs: number };
const offsetChangeCache = new BoundedMap<string, OffsetChange>(MEMO_MAX);

/** For a date steadyOffsetMin calls unsteady: the offsets either side and the instant it changes. */
function offsetChangeNear(date: string, timeZone: string): OffsetChange {
  const key = `${timeZone}|${date}`;
  const cached = offsetChangeCache.get(key);
  if (cached) return cached;
  const midnightMs = isoDateToUtcMs(date);
  const lowMs = midnightMs - MS_PER_DAY;
  const highMs = midnightMs + 2 * MS_PER_DAY;
  const change = { before: offsetMin(timeZone, lowMs), after: offsetMin(timeZone, highMs), transitionMs: transitionBetween(timeZone, lowMs, highMs) };
  return offsetChangeCache.remember(key, change);
}

const steadyOffsetCache = new BoundedMap<string, number | null>(MEMO_MAX);

/**
 * The zone's offset if it stays the same from the day before `date` through the day after,
 * else null (memoised).
 */
export function steadyOffsetMin(date: string, timeZone: string): number | null {
  const key = `${timeZone}|${date}`;
  const cached = steadyOffsetCache.get(key);
  if (cached !== undefined) return cached;
  const midnightMs = isoDateToUtcMs(date);
  const offset = offsetMin(timeZone, midnightMs - MS_PER_DAY);
  const steady = offset === offsetMin(timeZone, midnightMs + 2 * MS_PER_DAY) ? offset : null;
  return steadyOffsetCache.remember(key, steady);
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetweenIsoDates(from: string, to: string): number {
  return Math.round((isoDateToUtcMs(to) - isoDateToUtcMs(from)) / MS_PER_DAY);
}

/** The first instant in (lowMs, highMs] whose offset differs from lowMs's (binary search, to the ms). */
function transitionBetween(timeZone: string, lowMs: number, highMs: number): number {
  const offsetAtLow = lookUpOffsetMin(timeZone, lowMs);
  let low = lowMs;
  let high = highMs;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (lookUpOffsetMin(timeZone, mid) === offsetAtLow) low = mid;
    else high = mid;
  }
  return high;
}

/** Minutes after local midnight, as a wall clock in the zone shows them. */
export function wallMinuteInZone(instantMs: number, offsetMinutes: number): number {
  const localMs = instantMs + offsetMinutes * MS_PER_MINUTE;
  return Math.floor((((localMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_MINUTE);
}

/** 'HH:mm' (24 h) for minutes after midnight. */
export function formatHourMinute24(minuteOfDay: number): string {
  return `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
}

/** 'h:mm AM' (12 h, as every time on screen and in mail is written) for minutes after midnight. */
export function formatHourMinute12(minuteOfDay: number): string {
  const hour24 = Math.floor(minuteOfDay / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${pad2(minuteOfDay % 60)} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'dd-MMM-yyyy', e.g. '05-Mar-2026'. */
export function formatIsoDateDdMmmYyyy(date: string): string {
  const d = new Date(isoDateToUtcMs(date));
  return `${pad2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

const dayDates = new BoundedMap<number, string>(MEMO_MAX);

function utcMsToIsoDate(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  return dayDates.get(day) ?? dayDates.remember(day, new Date(day * MS_PER_DAY).toISOString().slice(0, 10));
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

function pad2(n: number): string {
  return TWO_DIGITS[n] ?? String(n).padStart(2, '0');
}
