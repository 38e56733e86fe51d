import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MINUTE_STEP, availabilityPayload, sessionListQuery } from './booking';

describe('sessionListQuery', () => {
  it('asks for the first page of 10 upcoming sessions when the query names nothing', () => {
    expect(sessionListQuery.parse({})).toMatchObject({ page: 1, limit: 10, when: 'upcoming', forKids: false });
  });

  it('refuses pages larger than 50', () => {
    expect(sessionListQuery.safeParse({ limit: '51' }).success).toBe(false);
  });
});

describe('availabilityPayload', () => {
  const range = (weekday: number, startMinute: number, endMinute: number) => ({ weekday, startMinute, endMinute });

  it('takes separate ranges on one day and the same hours on different days', () => {
    expect(availabilityPayload.safeParse({ ranges: [range(1, 540, 600), range(1, 600, 660), range(2, 540, 600)], daysOff: [] }).success).toBe(true);
  });

  it('takes hours on a 5-minute step only (AVAILABILITY_MINUTE_STEP), midnight included', () => {
    expect(AVAILABILITY_MINUTE_STEP).toBe(5);
    expect(availabilityPayload.safeParse({ ranges: [range(1, 485, 600), range(2, 0, 1440)], daysOff: [] }).success).toBe(true);
    const issues = (ranges: ReturnType<typeof range>[]) =>
      availabilityPayload.safeParse({ ranges, daysOff: [] }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([range(4, 480, 600), range(4, 607, 660), range(5, 600, 661)])).toEqual([
      ['ranges.1', 'Use times on a 5-minute step, such as 10:05'],
      ['ranges.2', 'Use times on a 5-minute step, such as 10:05'],
    ]);
  });

  it('refuses overlapping ranges on one day and a range that ends before it starts', () => {
    expect(availabilityPayload.safeParse({ ranges: [range(1, 540, 610), range(1, 600, 660)], daysOff: [] }).success).toBe(false);
    expect(availabilityPayload.safeParse({ ranges: [range(3, 600, 600)], daysOff: [] }).success).toBe(false);
  });

  it('names the ranges at fault: the one that ends before it starts, each of two that overlap', () => {
    const issues = (ranges: ReturnType<typeof range>[]) =>
      availabilityPayload.safeParse({ ranges, daysOff: [] }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([range(1, 480, 720), range(2, 480, 420)])).toEqual([['ranges.1', 'Each range must end after it starts']]);
    expect(issues([range(1, 660, 720), range(2, 540, 600), range(1, 480, 690)])).toEqual([
      ['ranges.2', 'Ranges on the same day must not overlap'],
      ['ranges.0', 'Ranges on the same day must not overlap'],
    ]);
    expect(issues([range(4, 540, 600), range(4, 540, 600), range(4, 570, 630)])).toEqual([
      ['ranges.0', 'Ranges on the same day must not overlap'],
      ['ranges.1', 'Ranges on the same day must not overlap'],
      ['ranges.2', 'Ranges on the same day must not overlap'],
    ]);
    // Every problem at once: a backwards range on one day and an overlap on another (fixing one
    // should not be needed to see the next); a backwards range overlaps nothing.
    expect(issues([range(0, 840, 600), range(1, 540, 720), range(1, 660, 780), range(1, 700, 600)])).toEqual([
      ['ranges.0', 'Each range must end after it starts'],
      ['ranges.3', 'Each range must end after it starts'],
      ['ranges.1', 'Ranges on the same day must not overlap'],
      ['ranges.2', 'Ranges on the same day must not overlap'],
    ]);
    // A long range overlaps every later one inside it, not only the next; one that starts as it ends does not.
    expect(issues([range(5, 480, 900), range(5, 540, 600), range(5, 660, 720), range(5, 900, 960)])?.map(([path]) => path)).toEqual(['ranges.0', 'ranges.1', 'ranges.2']);
    // The earliest-starting range of an overlapping group is named too: a whole Monday added over 8–12 and 17–21.
    expect(issues([range(1, 480, 720), range(1, 1020, 1260), range(1, 0, 1410)])?.map(([path]) => path)).toEqual(['ranges.2', 'ranges.0', 'ranges.1']);
    // A range alone overlaps nothing, even one out of bounds (its own bounds are what is wrong).
    expect(issues([range(-1, -60, 120)])?.map(([path]) => path)).toEqual(['ranges.0.weekday', 'ranges.0.startMinute']);
  });
});
