import { describe, expect, it } from 'vitest';
import { availabilityPayload, sessionListQuery } from './booking';

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

  it('refuses overlapping ranges on one day and a range that ends before it starts', () => {
    expect(availabilityPayload.safeParse({ ranges: [range(1, 540, 610), range(1, 600, 660)], daysOff: [] }).success).toBe(false);
    expect(availabilityPayload.safeParse({ ranges: [range(3, 600, 600)], daysOff: [] }).success).toBe(false);
  });
});
