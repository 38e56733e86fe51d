import { describe, expect, it } from 'vitest';
import { reservedFromBookedTimings } from './reserved-timings';

describe('reservedFromBookedTimings', () => {
  it("reads the schedule's 'hh:mm AM - hh:mm PM' entries in the viewer's zone", () => {
    const [first, second] = reservedFromBookedTimings(['9:00 AM - 9:15 AM', '12:30 PM - 1:25 PM'], '2026-03-11', 'Asia/Kolkata');
    expect(first).toEqual({ startAt: new Date('2026-03-11T03:30:00.000Z'), endAt: new Date('2026-03-11T03:45:00.000Z') });
    expect(second).toEqual({ startAt: new Date('2026-03-11T07:00:00.000Z'), endAt: new Date('2026-03-11T07:55:00.000Z') });
  });

  it('accepts the narrow no-break space Intl puts before AM/PM and runs an end past midnight to the next day', () => {
    const [late] = reservedFromBookedTimings(['11:50\u202fPM - 12:05\u202fAM'], '2026-03-11', 'UTC');
    expect(late).toEqual({ startAt: new Date('2026-03-11T23:50:00.000Z'), endAt: new Date('2026-03-12T00:05:00.000Z') });
  });

  it('skips entries it cannot read', () => {
    expect(reservedFromBookedTimings(['soon', '13:00 PM - 1:00 PM', ''], '2026-03-11', 'UTC')).toEqual([]);
  });
});
