import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatMessageSchema } from './chat';
import {
  chatDates,
  chatRequestProblem,
  chatSessionStatuses,
  chatTimeSlots,
  displayStatus,
  listsChatSlot,
  requestAgainstHours,
  requestExpiresAt,
  showsBookAndReject,
  statusBadgeClass,
  type ChatTimeSlotsOptions,
} from './chat-slots';
import { CHAT_DATE_WINDOW_DAYS, CHAT_SLOT_GAP_MIN, CHAT_SLOT_START_OFFSET_MIN, REQUEST_EXPIRY_BEFORE_START_MIN } from './constants';
import { testZones, wallReading } from './test-support/zone-oracle';
import { addDaysToIsoDate, isoDateInZone } from './zoned-time';

const MIN = 60_000;
const IST = 'Asia/Kolkata';
const now = new Date('2026-03-09T10:03:27+05:30');

function slotsFor(overrides: Partial<ChatTimeSlotsOptions>) {
  return chatTimeSlots({ date: '2026-03-10', now, timeZone: IST, classDurationMin: 15, reserved: [], ...overrides });
}

describe('chatDates', () => {
  it('lists today through 6 days ahead in the learner zone', () => {
    const dates = chatDates({ now, timeZone: IST });
    expect(CHAT_DATE_WINDOW_DAYS).toBe(7);
    expect(dates).toHaveLength(7);
    expect(dates[0]).toEqual({ value: '2026-03-09', label: '09-Mar-2026' });
    expect(dates[6]).toEqual({ value: '2026-03-15', label: '15-Mar-2026' });
    expect(chatDates({ now: new Date('2026-03-08T23:00:00Z'), timeZone: IST })[0]?.value).toBe('2026-03-09');
  });
});

describe('chatTimeSlots', () => {
  it('starts today 10 minutes from now, rounded up to the minute, stepping class duration + 5 min', () => {
    const slots = slotsFor({ date: '2026-03-09' });
    expect(CHAT_SLOT_START_OFFSET_MIN).toBe(10);
    expect(CHAT_SLOT_GAP_MIN).toBe(5);
    expect(slots.slice(0, 3).map((s) => s.label)).toEqual(['10:14 AM', '10:34 AM', '10:54 AM']);
    expect(slots[0]?.startAt).toEqual(new Date('2026-03-09T10:14:00+05:30'));
    expect(slots[0]?.endAt).toEqual(new Date('2026-03-09T10:29:00+05:30'));
    expect(slots.at(-1)?.label).toBe('11:34 PM'); // 11:54 PM would end after midnight
    expect(slots).toHaveLength(41);
  });

  it('starts at the day start on later dates', () => {
    const slots = slotsFor({ classDurationMin: 25, dayStartMinute: 540, dayEndMinute: 600 });
    expect(slots.map((s) => s.label)).toEqual(['9:00 AM', '9:30 AM']);
  });

  it('steps an hour for a 55-minute IELTS chat booking', () => {
    const slots = slotsFor({ classDurationMin: 55, dayStartMinute: 540, dayEndMinute: 720 });
    expect(slots.map((s) => s.label)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
  });

  it('starts today at the day start when that is later than now + 10 min', () => {
    const slots = slotsFor({ date: '2026-03-09', now: new Date('2026-03-09T07:00:00+05:30'), dayStartMinute: 540 });
    expect(slots[0]?.label).toBe('9:00 AM');
  });

  it('has nothing left late at night, and nothing outside the window', () => {
    expect(slotsFor({ date: '2026-03-09', now: new Date('2026-03-09T23:50:00+05:30') })).toEqual([]);
    expect(slotsFor({ date: '2026-03-08' })).toEqual([]);
    expect(slotsFor({ date: '2026-03-15' })).not.toEqual([]);
    expect(slotsFor({ date: '2026-03-16' })).toEqual([]);
  });

  it('disables slots overlapping a reserved session; touching is fine', () => {
    const reserved = [
      { startAt: new Date('2026-03-10T09:20:00+05:30'), endAt: new Date('2026-03-10T09:40:00+05:30') },
    ];
    const slots = slotsFor({ reserved, dayStartMinute: 540, dayEndMinute: 600 });
    expect(slots.map((s) => [s.label, s.disabled])).toEqual([
      ['9:00 AM', false],
      ['9:20 AM', true],
      ['9:40 AM', false],
    ]);
  });

  it('rejects a bad class duration', () => {
    expect(() => slotsFor({ classDurationMin: 0 })).toThrow(RangeError);
  });

  it('keeps the step, the start offset, the day and the reservations in every zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...testZones),
        fc.integer({ min: Date.parse('2026-02-25'), max: Date.parse('2026-11-10') }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(15, 25, 55),
        fc.array(fc.record({ offsetMin: fc.integer({ min: 0, max: 7 * 1440 }), lengthMin: fc.constantFrom(15, 25, 55) }), {
          maxLength: 10,
        }),
        (timeZone, nowMs, dayIndex, classDurationMin, reservedSpec) => {
          const at = new Date(nowMs);
          const date = addDaysToIsoDate(isoDateInZone(at, timeZone), dayIndex);
          const reserved = reservedSpec.map((r) => ({
            startAt: new Date(nowMs + r.offsetMin * MIN),
            endAt: new Date(nowMs + (r.offsetMin + r.lengthMin) * MIN),
          }));
          const slots = chatTimeSlots({ date, now: at, timeZone, classDurationMin, reserved });
          slots.forEach((slot, i) => {
            expect(slot.endAt.getTime() - slot.startAt.getTime()).toBe(classDurationMin * MIN);
            expect(wallReading(slot.startAt.getTime(), timeZone).date).toBe(date);
            const overlapping = reserved.some((r) => r.startAt < slot.endAt && slot.startAt < r.endAt);
            expect(slot.disabled).toBe(overlapping);
            const next = slots[i + 1];
            if (next) expect(next.startAt.getTime() - slot.startAt.getTime()).toBe((classDurationMin + 5) * MIN);
          });
          if (dayIndex === 0 && slots[0]) {
            const firstMs = slots[0].startAt.getTime();
            expect(firstMs).toBeGreaterThanOrEqual(nowMs + 10 * MIN);
            expect(firstMs).toBeLessThan(nowMs + 11 * MIN);
          }
        },
      ),
    );
  });
});

describe('displayStatus', () => {
  const sessionStartAt = new Date('2026-03-09T10:00:00Z');
  it('expires a request exactly 5 minutes before the start', () => {
    expect(displayStatus({ status: 'Requested', sessionStartAt, now: new Date('2026-03-09T09:54:59.999Z') })).toBe(
      'Requested',
    );
    expect(displayStatus({ status: 'Requested', sessionStartAt, now: new Date('2026-03-09T09:55:00Z') })).toBe(
      'Expired',
    );
    expect(displayStatus({ status: 'Requested', sessionStartAt, now: new Date('2026-03-09T11:00:00Z') })).toBe(
      'Expired',
    );
  });
  it('puts the expiry moment, where the stored status moves to Expired, 5 minutes before the start', () => {
    expect(REQUEST_EXPIRY_BEFORE_START_MIN).toBe(5);
    expect(requestExpiresAt(sessionStartAt)).toEqual(new Date('2026-03-09T09:55:00Z'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (startMs) => {
        const expiresAt = requestExpiresAt(new Date(startMs));
        const at = (ms: number) => displayStatus({ status: 'Requested', sessionStartAt: new Date(startMs), now: new Date(ms) });
        return at(expiresAt.getTime()) === 'Expired' && at(expiresAt.getTime() - 1) === 'Requested';
      }),
    );
  });
  it('every status, Expired, Cancelled and Rescheduled included, goes over the wire in a chat message', () => {
    const message = { _id: 'm1', seq: 1, room: 'r1', type: 'Session', message: '', createdAt: sessionStartAt.toISOString(), learner: 'l1', teacher: null, sessionDate: '2026-03-09', sessionTime: '15:30', sessionStartAt: sessionStartAt.toISOString(), subject: 'English', topic: null, forKids: false, file: null };
    for (const status of chatSessionStatuses) expect(chatMessageSchema.parse({ ...message, status }).status).toBe(status);
    expect(() => chatMessageSchema.parse({ ...message, status: 'Deleted' })).toThrow();
  });
  it('leaves other statuses alone', () => {
    const later = new Date('2026-03-10T00:00:00Z');
    expect(displayStatus({ status: 'Booked', sessionStartAt, now: later })).toBe('Booked');
    expect(displayStatus({ status: 'Rejected', sessionStartAt, now: later })).toBe('Rejected');
    expect(displayStatus({ status: 'Expired', sessionStartAt, now: new Date(0) })).toBe('Expired');
  });
  it('lets only the teacher Book or Reject, and only while still Requested', () => {
    const early = new Date('2026-03-09T09:00:00Z');
    expect(showsBookAndReject({ viewerIsTeacher: true, status: 'Requested', sessionStartAt, now: early })).toBe(true);
    expect(showsBookAndReject({ viewerIsTeacher: false, status: 'Requested', sessionStartAt, now: early })).toBe(false);
    expect(showsBookAndReject({ viewerIsTeacher: true, status: 'Booked', sessionStartAt, now: early })).toBe(false);
    const late = new Date('2026-03-09T09:56:00Z');
    expect(showsBookAndReject({ viewerIsTeacher: true, status: 'Requested', sessionStartAt, now: late })).toBe(false);
  });
});

describe('statusBadgeClass', () => {
  it('maps every status to its daisyUI badge', () => {
    expect(statusBadgeClass).toEqual({
      Requested: 'badge-secondary',
      Booked: 'badge-success',
      Rejected: 'badge-error badge-outline',
      Expired: 'badge-neutral',
      Cancelled: 'badge-neutral badge-outline',
      Rescheduled: 'badge-neutral badge-outline',
    });
    expect(Object.keys(statusBadgeClass).sort()).toEqual([...chatSessionStatuses].sort());
  });
});

describe('chatRequestProblem: which proposed times the server takes', () => {
  const at = (iso: string) => new Date(iso);
  const request = (sessionDate: string, sessionStartAt: Date) => chatRequestProblem({ sessionDate, sessionStartAt, now, timeZone: IST });

  it('takes a time the picker offers', () => {
    const first = slotsFor({ date: isoDateInZone(now, IST) })[0]!;
    expect(request(isoDateInZone(now, IST), first.startAt)).toBeNull();
  });

  it('refuses a time that would already show as Expired, and takes one a minute later', () => {
    const expiryEdge = new Date(now.getTime() + REQUEST_EXPIRY_BEFORE_START_MIN * MIN);
    expect(request('2026-03-09', expiryEdge)).toBe('TOO_SOON');
    expect(request('2026-03-09', new Date(expiryEdge.getTime() + MIN))).toBeNull();
  });

  it('refuses a date outside the 7-day window', () => {
    const lastDay = addDaysToIsoDate('2026-03-09', CHAT_DATE_WINDOW_DAYS - 1);
    expect(request(lastDay, at(`${lastDay}T12:00:00+05:30`))).toBeNull();
    const beyond = addDaysToIsoDate(lastDay, 1);
    expect(request(beyond, at(`${beyond}T12:00:00+05:30`))).toBe('OUTSIDE_WINDOW');
  });
});

describe('listsChatSlot: the proposed time is one the request form lists (spec §5)', () => {
  const lists = (date: string, startAt: string, classDurationMin = 15) => listsChatSlot({ date, startAt: new Date(startAt), now, timeZone: IST, classDurationMin });

  it('on a later date, only the grid from the day start, stepped by the class duration plus 5 minutes', () => {
    expect(lists('2026-03-10', '2026-03-10T00:00:00+05:30')).toBe(true);
    expect(lists('2026-03-10', '2026-03-10T11:00:00+05:30')).toBe(true);
    expect(lists('2026-03-10', '2026-03-10T11:20:00+05:30')).toBe(true);
    expect(lists('2026-03-10', '2026-03-10T11:07:00+05:30')).toBe(false);
    // The schedule's 15-minute grid is not the chat's 20-minute one.
    expect(lists('2026-03-10', '2026-03-10T11:15:00+05:30')).toBe(false);
    expect(lists('2026-03-10', '2026-03-10T11:00:00+05:30', 55)).toBe(true);
    expect(lists('2026-03-10', '2026-03-10T11:20:00+05:30', 55)).toBe(false);
    expect(lists('2026-03-10', '2026-03-10T11:00:30+05:30')).toBe(false);
  });

  it('today: any time a form opened earlier lists (they start 10 minutes after it opened), to the minute, ending by midnight', () => {
    for (const openedAt of [now, new Date(now.getTime() - 7 * MIN), new Date(now.getTime() - 43 * MIN - 5_000)]) {
      const listed = chatTimeSlots({ date: '2026-03-09', now: openedAt, timeZone: IST, classDurationMin: 25, reserved: [] });
      expect(listed.length).toBeGreaterThan(0);
      for (const slot of listed) expect(listsChatSlot({ date: '2026-03-09', startAt: slot.startAt, now, timeZone: IST, classDurationMin: 25 })).toBe(true);
    }
    expect(lists('2026-03-09', '2026-03-09T11:07:00+05:30')).toBe(true);
    expect(lists('2026-03-09', '2026-03-09T11:07:30+05:30')).toBe(false);
    expect(lists('2026-03-09', '2026-03-09T23:45:00+05:30')).toBe(true);
    expect(lists('2026-03-09', '2026-03-09T23:50:00+05:30')).toBe(false);
  });

  it('refuses a start on another date than the one asked for, and a date outside the window', () => {
    expect(lists('2026-03-10', '2026-03-11T11:00:00+05:30')).toBe(false);
    expect(lists('2026-03-09', '2026-03-10T11:00:00+05:30')).toBe(false);
    expect(lists('2026-03-16', '2026-03-16T11:00:00+05:30')).toBe(false);
  });

  it('takes every slot a form opened up to an hour before lists, in every zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...testZones),
        fc.integer({ min: Date.parse('2026-02-25'), max: Date.parse('2026-11-10') }),
        fc.integer({ min: 0, max: 60 * 60_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(15, 25, 55),
        (timeZone, nowMs, formAgeMs, dayIndex, classDurationMin) => {
          const at = new Date(nowMs);
          const openedAt = new Date(nowMs - formAgeMs);
          const date = addDaysToIsoDate(isoDateInZone(openedAt, timeZone), dayIndex);
          if (!chatDates({ now: at, timeZone }).some((d) => d.value === date)) return;
          for (const slot of chatTimeSlots({ date, now: openedAt, timeZone, classDurationMin, reserved: [] })) {
            expect(listsChatSlot({ date, startAt: slot.startAt, now: at, timeZone, classDurationMin })).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('requestAgainstHours: what the tutor is told of a request before booking it', () => {
  // Thursdays 08:00–12:00 and 17:00–24:00 in Kolkata; Friday 4 Dec 2026 is a day off.
  const hours = { timeZone: IST, ranges: [{ weekday: 4, startMinute: 480, endMinute: 720 }, { weekday: 4, startMinute: 1020, endMinute: 1440 }], daysOff: ['2026-12-04'] };
  const at = (local: string) => ({ startAt: new Date(`${local}+05:30`) });

  it('says nothing of a time that starts inside the weekly hours', () => {
    expect(requestAgainstHours({ ...at('2026-12-03T08:00:00'), ...hours })).toBeNull();
    expect(requestAgainstHours({ ...at('2026-12-03T11:35:00'), ...hours })).toBeNull();
    expect(requestAgainstHours({ ...at('2026-12-03T23:35:00'), ...hours })).toBeNull();
  });

  it('says when a time starts outside the weekly hours, a range’s end included', () => {
    expect(requestAgainstHours({ ...at('2026-12-03T07:00:00'), ...hours })).toBe('outside-hours');
    expect(requestAgainstHours({ ...at('2026-12-03T12:00:00'), ...hours })).toBe('outside-hours');
    expect(requestAgainstHours({ ...at('2026-12-02T09:00:00'), ...hours })).toBe('outside-hours');
  });

  it('says when the day is a day off, whatever the weekly hours', () => {
    expect(requestAgainstHours({ ...at('2026-12-04T09:00:00'), ...hours, ranges: [{ weekday: 5, startMinute: 480, endMinute: 720 }] })).toBe('day-off');
  });
});
