// Test-only: an independent reading of wall clocks, built on Intl.DateTimeFormat#formatToParts
// rather than @date-fns/tz, to check the zoned-time and slot code against.

/** The zones the property tests walk through (spec-relevant plus DST and 45-minute offsets). */
export const testZones = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Pacific/Chatham'];

export type WallReading = { date: string; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a wall clock in the zone shows at the instant, to the minute. */
export function wallReading(ms: number, timeZone: string): WallReading {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

function isAtLeast(reading: WallReading, date: string, minute: number): boolean {
  return reading.date > date || (reading.date === date && reading.minute >= minute);
}

const firstInstantCache = new Map<string, number>();

/**
 * Brute force: the first whole minute at which the zone's clock reads (date, minute) or later.
 * Scans minute by minute over the only hours where that can happen.
 */
export function firstInstantReading(date: string, minute: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${minute}`;
  const cached = firstInstantCache.get(key);
  if (cached !== undefined) return cached;
  const wallMs = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const offsetsMs = [wallMs - 86_400_000, wallMs + 86_400_000].map((ms) => readingMs(ms, timeZone) - ms);
  const fromMs = wallMs - Math.max(...offsetsMs) - 3_600_000;
  const toMs = wallMs - Math.min(...offsetsMs) + 3_600_000;
  for (let ms = fromMs; ms <= toMs; ms += 60_000) {
    if (isAtLeast(wallReading(ms, timeZone), date, minute)) {
      firstInstantCache.set(key, ms);
      return ms;
    }
  }
  throw new Error(`No instant reads ${date} ${minute} in ${timeZone}`);
}

function readingMs(ms: number, timeZone: string): number {
  const reading = wallReading(ms, timeZone);
  return Date.parse(`${reading.date}T00:00:00Z`) + reading.minute * 60_000;
}

export function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
