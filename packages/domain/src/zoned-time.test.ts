import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInstantReading, testZones, wallReading } from './test-support/zone-oracle';
import {
  addDaysToIsoDate,
  formatHourMinute12,
  formatHourMinute24,
  formatIsoDateDdMmmYyyy,
  isIsoDate,
  isoDateInZone,
  isoDateToUtcMs,
  daysBetweenIsoDates,
  offsetMin,
  steadyOffsetMin,
  wallTimeConverter,
  weekdayOfIsoDate,
  zonedWallTimeToInstant,
} from './zoned-time';

const iso = (date: Date) => date.toISOString();

describe('calendar dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-2-1', '20260201', '', '2026-02-01T00:00']) {
      expect(isIsoDate(bad)).toBe(false);
    }
    expect(isoDateToUtcMs('0050-01-01')).toBe(Date.parse('0050-01-01T00:00:00Z'));
  });
  it('adds days across months, years and leap days', () => {
    expect(addDaysToIsoDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToIsoDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToIsoDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToIsoDate('2026-03-01', 13)).toBe('2026-03-14');
  });
  it('gives weekdays as Date#getDay (0 = Sunday)', () => {
    expect(weekdayOfIsoDate('2026-03-08')).toBe(0);
    expect(weekdayOfIsoDate('2026-03-09')).toBe(1);
    expect(weekdayOfIsoDate('2026-03-14')).toBe(6);
  });
  it('formats dd-MMM-yyyy', () => {
    expect(formatIsoDateDdMmmYyyy('2026-03-05')).toBe('05-Mar-2026');
    expect(formatIsoDateDdMmmYyyy('2026-12-31')).toBe('31-Dec-2026');
  });
});

describe('clock text', () => {
  it('writes 24 h and 12 h times', () => {
    expect(formatHourMinute24(0)).toBe('00:00');
    expect(formatHourMinute24(1439)).toBe('23:59');
    expect(formatHourMinute12(0)).toBe('12:00 AM');
    expect(formatHourMinute12(9 * 60 + 5)).toBe('9:05 AM');
    expect(formatHourMinute12(12 * 60)).toBe('12:00 PM');
    expect(formatHourMinute12(23 * 60 + 59)).toBe('11:59 PM');
  });
});

describe('zones', () => {
  it('reads the date an instant falls on in a zone', () => {
    const instant = new Date('2026-03-01T20:00:00Z');
    expect(isoDateInZone(instant, 'Asia/Kolkata')).toBe('2026-03-02');
    expect(isoDateInZone(instant, 'America/New_York')).toBe('2026-03-01');
    expect(isoDateInZone(instant, 'Pacific/Chatham')).toBe('2026-03-02');
  });
  it('rejects an unknown zone', () => {
    expect(() => offsetMin('Mars/Olympus', 0)).toThrow(RangeError);
    expect(() => isoDateInZone(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
    // Asked again, still refused (nothing about it was remembered).
    expect(() => offsetMin('Mars/Olympus', 0)).toThrow(RangeError);
  });
  it('gives the offset the tz database gives at every instant around DST changes, however often and in whatever order asked', () => {
    // Changes at 02:00 local (New York), 01:00 UTC (London), 02:45 local on a +12:45 zone (Chatham), 02:00 at +2:30 (Lord Howe, half-hour DST).
    const changes = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...changes), fc.integer({ min: -3 * 60 * 60_000, max: 3 * 60 * 60_000 }), ([zone, at], shiftMs) => {
        const ms = Date.parse(at) + shiftMs;
        // The zone's clock, read through Intl and taken as if it were UTC, is ahead by the offset.
        const clockMs = Date.parse(`${new Date(ms).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T')}Z`);
        // (Its reading stops at the second.)
        expect(offsetMin(zone, ms)).toBe((clockMs - Math.floor(ms / 1000) * 1000) / 60_000);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('zonedWallTimeToInstant', () => {
  it('maps an ordinary wall time to its one instant, including 45-minute offsets', () => {
    expect(iso(zonedWallTimeToInstant('2026-06-01', 9 * 60, 'Asia/Kolkata'))).toBe('2026-06-01T03:30:00.000Z');
    expect(iso(zonedWallTimeToInstant('2026-06-01', 9 * 60, 'Pacific/Chatham'))).toBe('2026-05-31T20:15:00.000Z');
    expect(iso(zonedWallTimeToInstant('2026-06-01', 1440, 'Europe/London'))).toBe('2026-06-01T23:00:00.000Z');
  });
  it('maps a time skipped by spring-forward to the moment the clock jumps', () => {
    // New York 2026-03-08: 02:00 EST → 03:00 EDT at 07:00Z.
    expect(iso(zonedWallTimeToInstant('2026-03-08', 2 * 60 + 30, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    // Lord Howe 2026-10-04: 02:00 → 02:30 (a 30-minute shift).
    expect(iso(zonedWallTimeToInstant('2026-10-04', 2 * 60 + 10, 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T15:30:00.000Z',
    );
  });
  it('maps a time repeated by fall-back to its first occurrence', () => {
    // New York 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(iso(zonedWallTimeToInstant('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    // Chatham 2026-04-05: 03:45 CHADT → 02:45 CHAST; 03:00 first reads at 13:15Z the day before (+13:45).
    expect(iso(zonedWallTimeToInstant('2026-04-05', 180, 'Pacific/Chatham'))).toBe('2026-04-04T13:15:00.000Z');
  });
  it('agrees with a brute-force clock reading in every zone around DST changes', () => {
    const dates = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    fc.assert(
      fc.property(
        fc.constantFrom(...testZones, 'Australia/Lord_Howe'),
        fc.constantFrom(...dates),
        fc.integer({ min: -1, max: 1 }),
        fc.integer({ min: 0, max: 1440 }),
        (zone, date, shift, minute) => {
          const day = addDaysToIsoDate(date, shift);
          expect(zonedWallTimeToInstant(day, minute, zone).getTime()).toBe(firstInstantReading(day, minute, zone));
        },
      ),
      { numRuns: 300 },
    );
  });
  it('round-trips with the clock reading whenever the wall time exists', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...testZones),
        fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-01-01') }),
        (zone, ms) => {
          const minuteMs = ms - (ms % 60_000);
          const reading = wallReading(minuteMs, zone);
          const instant = zonedWallTimeToInstant(reading.date, reading.minute, zone).getTime();
          // The same reading, at this instant or at an earlier occurrence of it (fall-back).
          expect(wallReading(instant, zone)).toEqual(reading);
          expect(instant).toBeLessThanOrEqual(minuteMs);
          expect(isoDateInZone(new Date(minuteMs), zone)).toBe(reading.date);
        },
      ),
    );
  });
});

describe('wallTimeConverter / steadyOffsetMin', () => {
  it('knows which dates keep one offset', () => {
    expect(steadyOffsetMin('2026-06-01', 'Asia/Kolkata')).toBe(330);
    expect(steadyOffsetMin('2026-06-01', 'Pacific/Chatham')).toBe(765);
    expect(steadyOffsetMin('2026-03-08', 'America/New_York')).toBeNull();
    expect(steadyOffsetMin('2026-03-07', 'America/New_York')).toBeNull(); // the change is the next day
    expect(steadyOffsetMin('2026-03-05', 'America/New_York')).toBe(-300);
  });
  it('agrees with zonedWallTimeToInstant on every date, DST or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...testZones, 'Australia/Lord_Howe'),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 1440 }),
        (zone, dayOfYear, minute) => {
          const date = addDaysToIsoDate('2026-01-01', dayOfYear);
          expect(wallTimeConverter(date, zone)(minute)).toBe(zonedWallTimeToInstant(date, minute, zone).getTime());
        },
      ),
      { numRuns: 500 },
    );
  });
  it('counts days between dates', () => {
    expect(daysBetweenIsoDates('2026-03-01', '2026-03-14')).toBe(13);
    expect(daysBetweenIsoDates('2026-03-29', '2026-03-28')).toBe(-1);
    expect(daysBetweenIsoDates('2026-12-31', '2027-01-01')).toBe(1);
  });
});
