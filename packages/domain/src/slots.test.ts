import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_WINDOW_DAYS, SLOT_LEAD_TIME_MIN } from './constants';
import {
  findSlot,
  freeStarts,
  freeStartsForWindow,
  generateSlots,
  hasSlotOn,
  nextFreeDate,
  groupSlots,
  isInScheduleWindow,
  scheduleDates,
  slotGroupForHour,
  slotsOn,
  visibleSlotGroups,
  weekdays,
  weeklyAvailabilitySchema,
  type AvailabilityRange,
  type GenerateSlotsOptions,
  type Slot,
  type StoredAvailabilityRange,
  type TimeInterval,
  type Weekday,
} from './slots';
import { firstInstantReading, hhmm, testZones, wallReading } from './test-support/zone-oracle';
import { addDaysToIsoDate, isoDateInZone, offsetMin, weekdayOfIsoDate } from './zoned-time';

const MIN = 60_000;
const IST = 'Asia/Kolkata';
const NY = 'America/New_York';
const everyDay = (startMinute: number, endMinute: number): AvailabilityRange[] =>
  weekdays.map((weekday) => ({ weekday, startMinute, endMinute }));

function slotsFor(overrides: Partial<GenerateSlotsOptions>): Slot[] {
  return generateSlots({
    availability: [{ weekday: 1, startMinute: 540, endMinute: 600 }],
    tutorTimeZone: IST,
    daysOff: [],
    booked: [],
    date: '2026-03-09', // a Monday
    viewerTimeZone: IST,
    now: new Date('2026-03-08T00:00:00+05:30'),
    durationMin: 15,
    ...overrides,
  });
}
const starts = (slots: Slot[]) => slots.map((s) => s.start);

describe('generateSlots: examples', () => {
  it('steps through the range by the class duration, with the spec Slot fields', () => {
    const slots = slotsFor({});
    expect(starts(slots)).toEqual(['09:00', '09:15', '09:30', '09:45']);
    expect(slots[0]).toEqual({
      startAt: new Date('2026-03-09T03:30:00Z'),
      endAt: new Date('2026-03-09T03:45:00Z'),
      start: '09:00',
      end: '09:15',
      timeView: '9:00 AM - 9:15 AM',
    });
    expect(slots[3]?.timeView).toBe('9:45 AM - 10:00 AM');
  });

  it('keeps the grid on the range start for 25-minute classes and drops a slot that would overrun', () => {
    expect(starts(slotsFor({ durationMin: 25 }))).toEqual(['09:00', '09:25']);
  });

  it('hides slots starting within 2 hours (120 min) of now', () => {
    const availability: AvailabilityRange[] = [{ weekday: 1, startMinute: 540, endMinute: 720 }];
    expect(SLOT_LEAD_TIME_MIN).toBe(120);
    expect(slotsFor({ availability, now: new Date('2026-03-09T08:00:00+05:30') })[0]?.start).toBe('10:00');
    expect(slotsFor({ availability, now: new Date('2026-03-09T08:00:01+05:30') })[0]?.start).toBe('10:15');
    expect(slotsFor({ availability, now: new Date('2026-03-09T08:00:00+05:30'), leadTimeMin: 0 })[0]?.start).toBe(
      '09:00',
    );
  });

  it('offers today through 13 days ahead and nothing else', () => {
    const base = { availability: everyDay(540, 600), now: new Date('2026-03-09T00:00:00+05:30') };
    expect(slotsFor({ ...base, date: '2026-03-09', leadTimeMin: 0 })).toHaveLength(4);
    expect(slotsFor({ ...base, date: '2026-03-22' })).toHaveLength(4); // today + 13
    expect(slotsFor({ ...base, date: '2026-03-23' })).toEqual([]); // today + 14
    expect(slotsFor({ ...base, date: '2026-03-08' })).toEqual([]); // yesterday
    expect(slotsFor({ ...base, date: '2026-03-16', windowDays: 7 })).toEqual([]);
  });

  it('never offers a slot overlapping a booked session; touching ends are fine', () => {
    const booked = (from: string, to: string): TimeInterval[] => [
      { startAt: new Date(`2026-03-09T${from}:00+05:30`), endAt: new Date(`2026-03-09T${to}:00+05:30`) },
    ];
    expect(starts(slotsFor({ booked: booked('09:20', '09:40') }))).toEqual(['09:00', '09:45']);
    expect(starts(slotsFor({ booked: booked('09:00', '09:15') }))).toEqual(['09:15', '09:30', '09:45']);
    expect(starts(slotsFor({ booked: booked('08:00', '12:00') }))).toEqual([]);
  });

  it("skips the tutor's days off, which are tutor-local dates", () => {
    expect(slotsFor({ daysOff: ['2026-03-09'] })).toEqual([]);
    // A New York tutor's Sunday 22:00–24:00 is Monday 07:30–09:30 in India.
    const fromNy = { tutorTimeZone: NY, availability: [{ weekday: 0 as Weekday, startMinute: 1320, endMinute: 1440 }] };
    expect(starts(slotsFor({ ...fromNy, durationMin: 60 }))).toEqual(['07:30', '08:30']);
    expect(slotsFor({ ...fromNy, durationMin: 60, daysOff: ['2026-03-08'] })).toEqual([]);
    expect(slotsFor({ ...fromNy, durationMin: 60, daysOff: ['2026-03-09'] })).toHaveLength(2);
  });

  it("shows an Indian tutor's Monday morning to a New York viewer across two of their dates", () => {
    const base = { viewerTimeZone: NY, now: new Date('2026-03-01T00:00:00Z') };
    expect(starts(slotsFor({ ...base, date: '2026-03-08' }))).toEqual(['23:30', '23:45']);
    expect(starts(slotsFor({ ...base, date: '2026-03-09' }))).toEqual(['00:00', '00:15']);
  });

  it('keeps every slot a full hour on the spring-forward night (New York, 2026-03-08)', () => {
    const slots = slotsFor({
      tutorTimeZone: NY,
      viewerTimeZone: NY,
      availability: [{ weekday: 0, startMinute: 0, endMinute: 240 }],
      date: '2026-03-08',
      now: new Date('2026-03-01T00:00:00Z'),
      durationMin: 60,
    });
    expect(slots.map((s) => [s.start, s.end])).toEqual([
      ['00:00', '01:00'],
      ['01:00', '03:00'],
      ['03:00', '04:00'],
    ]);
    expect(slots.map((s) => s.endAt.getTime() - s.startAt.getTime())).toEqual([60 * MIN, 60 * MIN, 60 * MIN]);
  });

  it('offers the repeated hour twice on the fall-back night (New York, 2026-11-01)', () => {
    const slots = slotsFor({
      tutorTimeZone: NY,
      viewerTimeZone: NY,
      availability: [{ weekday: 0, startMinute: 0, endMinute: 180 }],
      date: '2026-11-01',
      now: new Date('2026-10-25T00:00:00Z'),
      durationMin: 60,
    });
    expect(starts(slots)).toEqual(['00:00', '01:00', '01:00', '02:00']);
    expect(slots.map((s) => s.startAt.toISOString().slice(11, 16))).toEqual(['04:00', '05:00', '06:00', '07:00']);
  });

  it('combines overlapping ranges without offering overlapping slots (the earlier slot wins)', () => {
    const availability: AvailabilityRange[] = [
      { weekday: 1, startMinute: 540, endMinute: 600 }, // 09:00, 09:15, 09:30, 09:45
      { weekday: 1, startMinute: 550, endMinute: 630 }, // 09:10, 09:25, 09:40, 09:55, 10:10
    ];
    expect(starts(slotsFor({ availability }))).toEqual(['09:00', '09:15', '09:30', '09:45', '10:10']);
  });

  it('rejects a bad duration or timezone', () => {
    expect(() => slotsFor({ durationMin: 0 })).toThrow(RangeError);
    expect(() => slotsFor({ durationMin: 12.5 })).toThrow(RangeError);
    expect(() => slotsFor({ viewerTimeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('finds an offered slot by its start, for the server to check a booking', () => {
    const slots = slotsFor({});
    expect(findSlot(slots, new Date('2026-03-09T03:45:00Z'))?.start).toBe('09:15');
    expect(findSlot(slots, new Date('2026-03-09T03:50:00Z'))).toBeUndefined();
  });
});

describe('scheduleDates', () => {
  it("lists today through 13 days ahead in the viewer's zone", () => {
    const now = new Date('2026-03-01T20:00:00Z');
    const dates = scheduleDates({ now, viewerTimeZone: IST });
    expect(SCHEDULE_WINDOW_DAYS).toBe(14);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-03-02');
    expect(dates[13]).toBe('2026-03-15');
    expect(scheduleDates({ now, viewerTimeZone: NY })[0]).toBe('2026-03-01');
  });
});

describe('isInScheduleWindow', () => {
  it('is true from today through today + 13 only, and false for a malformed date', () => {
    const o = { now: new Date('2026-03-09T00:00:00+05:30'), viewerTimeZone: IST };
    expect(isInScheduleWindow({ ...o, date: '2026-03-09' })).toBe(true);
    expect(isInScheduleWindow({ ...o, date: '2026-03-22' })).toBe(true);
    expect(isInScheduleWindow({ ...o, date: '2026-03-23' })).toBe(false);
    expect(isInScheduleWindow({ ...o, date: '2026-03-08' })).toBe(false);
    expect(isInScheduleWindow({ ...o, date: '2026-3-9' })).toBe(false);
  });
  it('agrees with scheduleDates', () => {
    fc.assert(
      fc.property(fc.constantFrom(...testZones), nowArb, fc.integer({ min: -3, max: 17 }), (viewerTimeZone, now, i) => {
        const date = addDaysToIsoDate(isoDateInZone(now, viewerTimeZone), i);
        const listed = scheduleDates({ now, viewerTimeZone }).includes(date);
        expect(isInScheduleWindow({ date, now, viewerTimeZone })).toBe(listed);
      }),
    );
  });
});

describe('weeklyAvailabilitySchema', () => {
  it('accepts minute ranges within a day that end after they start', () => {
    expect(weeklyAvailabilitySchema.safeParse([{ weekday: 0, startMinute: 0, endMinute: 1440 }]).success).toBe(true);
    for (const bad of [
      { weekday: 7, startMinute: 0, endMinute: 60 },
      { weekday: 1, startMinute: 60, endMinute: 60 },
      { weekday: 1, startMinute: 0, endMinute: 1441 },
      { weekday: 1, startMinute: 0.5, endMinute: 60 },
    ]) {
      expect(weeklyAvailabilitySchema.safeParse([bad]).success).toBe(false);
    }
  });
});

describe('groupSlots', () => {
  const slotAt = (start: string): Slot => ({
    startAt: new Date(0),
    endAt: new Date(0),
    start,
    end: start,
    timeView: start,
  });
  it('splits the day at 05:00, 12:00, 17:00 and 21:00', () => {
    expect([0, 4, 5, 11, 12, 16, 17, 20, 21, 23].map(slotGroupForHour)).toEqual([
      'Early hours',
      'Early hours',
      'Morning',
      'Morning',
      'Afternoon',
      'Afternoon',
      'Evening',
      'Evening',
      'Night',
      'Night',
    ]);
  });
  it('keeps non-empty groups in the order of the day, the early hours first, with the slots in order', () => {
    const groups = groupSlots(['00:30', '01:00', '09:00', '09:15', '18:00', '22:00'].map(slotAt));
    expect(groups.map((g) => [g.label, g.slots.map((s) => s.start)])).toEqual([
      ['Early hours', ['00:30', '01:00']],
      ['Morning', ['09:00', '09:15']],
      ['Evening', ['18:00']],
      ['Night', ['22:00']],
    ]);
    expect(groupSlots([])).toEqual([]);
  });
  it('shows two groups before Show More', () => {
    const groups = groupSlots(['06:00', '13:00', '18:00'].map(slotAt));
    expect(visibleSlotGroups({ groups, showAll: false })).toEqual({ shown: groups.slice(0, 2), hasMore: true });
    expect(visibleSlotGroups({ groups, showAll: true }).shown).toHaveLength(3);
    expect(visibleSlotGroups({ groups: groups.slice(0, 2), showAll: false }).hasMore).toBe(false);
  });
});

// Property tests: every timezone pair, `now` within weeks of the 2026 DST changes, and half
// the runs aimed at a date holding one of those changes with night-time availability.
const dstSeasons = [
  ['2026-02-25', '2026-04-12'],
  ['2026-09-20', '2026-11-10'],
] as const;
const dstChanges = [
  { zone: NY, at: '2026-03-08T07:00:00Z' },
  { zone: NY, at: '2026-11-01T06:00:00Z' },
  { zone: 'Europe/London', at: '2026-03-29T01:00:00Z' },
  { zone: 'Europe/London', at: '2026-10-25T01:00:00Z' },
  { zone: 'Australia/Sydney', at: '2026-04-04T16:00:00Z' },
  { zone: 'Australia/Sydney', at: '2026-10-03T16:00:00Z' },
  { zone: 'Pacific/Chatham', at: '2026-04-04T14:00:00Z' },
  { zone: 'Pacific/Chatham', at: '2026-09-26T14:00:00Z' },
] as const;
const nowArb = fc
  .constantFrom(...dstSeasons)
  .chain(([from, to]) => fc.integer({ min: Date.parse(from), max: Date.parse(to) }))
  .map((ms) => new Date(ms));
const rangeArb = (weekday: fc.Arbitrary<Weekday>, maxStart = 1439, maxLength = 1440) =>
  fc
    .record({ weekday, startMinute: fc.integer({ min: 0, max: maxStart }) })
    .chain((r) =>
      fc
        .integer({ min: r.startMinute + 1, max: Math.min(1440, r.startMinute + maxLength) })
        .map((endMinute) => ({ ...r, endMinute })),
    );
/** At most one range per weekday, so no slot is ever dropped for overlapping another. */
const disjointAvailabilityArb = fc.oneof(
  fc
    .uniqueArray(fc.constantFrom(...weekdays), { maxLength: 7 })
    .chain((days) => fc.tuple(...days.map((d) => rangeArb(fc.constant(d))))),
  fc.tuple(...weekdays.map((d) => rangeArb(fc.constant(d), 240, 300))),
);
const anyAvailabilityArb = fc.oneof(
  fc.array(rangeArb(fc.constantFrom(...weekdays)), { maxLength: 10 }),
  fc.array(rangeArb(fc.constantFrom(...weekdays), 240, 300), { minLength: 4, maxLength: 14 }),
);
const bookedArb = fc.array(
  fc.record({ offsetMin: fc.integer({ min: -120, max: 16 * 288 }), lengthMin: fc.constantFrom(15, 25, 30, 55, 60) }),
  { maxLength: 30 },
);
const durationArb = fc.constantFrom(15, 25, 30, 55, 60);
const daysOffArb = fc.uniqueArray(fc.integer({ min: -1, max: 15 }), { maxLength: 4 });

type Scenario = {
  availability: AvailabilityRange[];
  tutorTimeZone: string;
  viewerTimeZone: string;
  now: Date;
  dayIndex: number;
  daysOffIndexes: number[];
  booked: { offsetMin: number; lengthMin: number }[];
  durationMin: number;
};

const anyDayScenarioArb = (availabilityArb: fc.Arbitrary<AvailabilityRange[]>): fc.Arbitrary<Scenario> =>
  fc.record({
    availability: availabilityArb,
    tutorTimeZone: fc.constantFrom(...testZones),
    viewerTimeZone: fc.constantFrom(...testZones),
    now: nowArb,
    dayIndex: fc.integer({ min: -1, max: 15 }),
    daysOffIndexes: daysOffArb,
    booked: bookedArb,
    durationMin: durationArb,
  });

/** `now` up to 12 days before a DST change; the date asked for is the change's date (±1). */
const dstDayScenarioArb = (availabilityArb: fc.Arbitrary<AvailabilityRange[]>): fc.Arbitrary<Scenario> =>
  fc
    .record({
      change: fc.constantFrom(...dstChanges),
      changedSide: fc.constantFrom('tutor', 'viewer', 'both'),
      otherZone: fc.constantFrom(...testZones),
      msBefore: fc.integer({ min: 0, max: 12 * 86_400_000 }),
      dateShift: fc.integer({ min: -1, max: 1 }),
      availability: availabilityArb,
      daysOffIndexes: daysOffArb,
      booked: bookedArb,
      durationMin: durationArb,
    })
    .map(({ change, changedSide, otherZone, msBefore, dateShift, ...rest }) => {
      const tutorTimeZone = changedSide === 'viewer' ? otherZone : change.zone;
      const viewerTimeZone = changedSide === 'tutor' ? otherZone : change.zone;
      const changeMs = Date.parse(change.at);
      const now = new Date(changeMs - msBefore);
      const changeDate = addDaysToIsoDate(isoDateInZone(new Date(changeMs), viewerTimeZone), dateShift);
      const today = isoDateInZone(now, viewerTimeZone);
      const dayIndex = Math.round((Date.parse(changeDate) - Date.parse(today)) / 86_400_000);
      return { ...rest, tutorTimeZone, viewerTimeZone, now, dayIndex };
    });

const scenarioArb = (availabilityArb: fc.Arbitrary<AvailabilityRange[]>) =>
  fc.oneof(anyDayScenarioArb(availabilityArb), dstDayScenarioArb(availabilityArb));

function optionsFor(s: Scenario): GenerateSlotsOptions {
  const viewerToday = isoDateInZone(s.now, s.viewerTimeZone);
  const tutorToday = isoDateInZone(s.now, s.tutorTimeZone);
  const baseMs = s.now.getTime() - (s.now.getTime() % (5 * MIN));
  return {
    availability: s.availability,
    tutorTimeZone: s.tutorTimeZone,
    viewerTimeZone: s.viewerTimeZone,
    now: s.now,
    date: addDaysToIsoDate(viewerToday, s.dayIndex),
    daysOff: s.daysOffIndexes.map((i) => addDaysToIsoDate(tutorToday, i)),
    booked: s.booked.map((b) => ({
      startAt: new Date(baseMs + b.offsetMin * 5 * MIN),
      endAt: new Date(baseMs + (b.offsetMin * 5 + b.lengthMin) * MIN),
    })),
    durationMin: s.durationMin,
  };
}

/** The real-time span of a range on a tutor date, from the brute-force clock reader. */
function rangeSpan(tutorDate: string, range: StoredAvailabilityRange, zone: string): [number, number] {
  return [firstInstantReading(tutorDate, range.startMinute, zone), firstInstantReading(tutorDate, range.endMinute, zone)];
}

function isInsideAvailability(slot: Slot, o: GenerateSlotsOptions): boolean {
  const tutorDate = wallReading(slot.startAt.getTime(), o.tutorTimeZone).date;
  return [tutorDate, addDaysToIsoDate(tutorDate, -1)].some(
    (date) =>
      !o.daysOff.includes(date) &&
      o.availability.some((r) => {
        if (r.weekday !== weekdayOfIsoDate(date)) return false;
        const [fromMs, toMs] = rangeSpan(date, r, o.tutorTimeZone);
        return fromMs <= slot.startAt.getTime() && slot.endAt.getTime() <= toMs;
      }),
  );
}

const overlaps = (a: TimeInterval, b: TimeInterval) => a.startAt < b.endAt && b.startAt < a.endAt;

describe('generateSlots: properties across timezones and DST changes', () => {
  it('aims at real DST changes', () => {
    for (const change of dstChanges) {
      const at = Date.parse(change.at);
      expect(offsetMin(change.zone, at - 1)).not.toBe(offsetMin(change.zone, at));
    }
  });

  it('never offers a slot inside the lead time, outside the window, over a booking, off availability or on a day off; each lasts durationMin', () => {
    fc.assert(
      fc.property(scenarioArb(anyAvailabilityArb), (scenario) => {
        const o = optionsFor(scenario);
        const slots = generateSlots(o);
        const window = scheduleDates({ now: o.now, viewerTimeZone: o.viewerTimeZone });
        if (!window.includes(o.date)) expect(slots).toEqual([]);
        slots.forEach((slot, i) => {
          expect(slot.endAt.getTime() - slot.startAt.getTime()).toBe(o.durationMin * MIN);
          expect(slot.startAt.getTime()).toBeGreaterThanOrEqual(o.now.getTime() + SLOT_LEAD_TIME_MIN * MIN);
          expect(wallReading(slot.startAt.getTime(), o.viewerTimeZone).date).toBe(o.date);
          expect(o.booked.some((b) => overlaps(b, slot))).toBe(false);
          expect(isInsideAvailability(slot, o)).toBe(true);
          const previous = slots[i - 1];
          if (previous) expect(previous.endAt.getTime()).toBeLessThanOrEqual(slot.startAt.getTime());
        });
      }),
      { numRuns: 300 },
    );
  });

  it('labels every slot with the viewer-local clock', () => {
    fc.assert(
      fc.property(scenarioArb(anyAvailabilityArb), (scenario) => {
        const o = optionsFor(scenario);
        for (const slot of generateSlots(o)) {
          const start = hhmm(wallReading(slot.startAt.getTime(), o.viewerTimeZone).minute);
          const end = hhmm(wallReading(slot.endAt.getTime(), o.viewerTimeZone).minute);
          expect([slot.start, slot.end]).toEqual([start, end]);
          expect(slot.timeView).toMatch(/^([1-9]|1[0-2]):[0-5]\d [AP]M - ([1-9]|1[0-2]):[0-5]\d [AP]M$/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('free starts built once for the whole window give every date in every zone what generateSlots gives for it alone', () => {
    fc.assert(
      fc.property(scenarioArb(anyAvailabilityArb), fc.constantFrom(...testZones), fc.integer({ min: 0, max: 119 }), (scenario, otherZone, laterMin) => {
        const o = optionsFor(scenario);
        const free = freeStartsForWindow(o, o.now);
        // Asked a little later than the starts were built (the server keeps them for a minute or more).
        const now = new Date(o.now.getTime() + laterMin * MIN);
        for (const viewerTimeZone of [o.viewerTimeZone, otherZone]) {
          for (const date of scheduleDates({ now, viewerTimeZone })) {
            const alone = generateSlots({ ...o, date, viewerTimeZone, now });
            expect(slotsOn(free, { date, viewerTimeZone, now })).toEqual(alone);
            expect(hasSlotOn(free, { date, viewerTimeZone, now })).toBe(alone.length > 0);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses to cut a day the free starts do not cover, and has nothing outside the window', () => {
    const o = slotsFor({});
    expect(o.length).toBeGreaterThan(0);
    const now = new Date('2026-03-08T00:00:00+05:30');
    const calendar = { availability: [{ weekday: 1, startMinute: 540, endMinute: 600 }], tutorTimeZone: IST, daysOff: [], booked: [], durationMin: 15 };
    const narrow = freeStarts(calendar, now.getTime(), now.getTime() + 6 * 60 * MIN);
    expect(() => slotsOn(narrow, { date: '2026-03-09', viewerTimeZone: IST, now })).toThrow(RangeError);
    const window = freeStartsForWindow(calendar, now);
    expect(slotsOn(window, { date: '2026-03-09', viewerTimeZone: IST, now })).toEqual(o);
    // Outside the window, or not a date at all: nothing, as generateSlots says.
    for (const date of ['2026-03-07', '2026-03-30', 'not-a-date', '2026-02-30']) {
      expect(slotsOn(window, { date, viewerTimeZone: IST, now })).toEqual([]);
      expect(hasSlotOn(window, { date, viewerTimeZone: IST, now })).toBe(false);
    }
  });

  it('names the next date in the window with free time, for a date that has none', () => {
    // Sunday 8 March 2026 in Kolkata; the tutor teaches Mondays 09:00–10:00 and is off on Monday the 9th.
    const now = new Date('2026-03-08T00:00:00+05:30');
    const calendar = { availability: [{ weekday: 1, startMinute: 540, endMinute: 600 }], tutorTimeZone: IST, daysOff: ['2026-03-09'], booked: [], durationMin: 15 };
    const window = freeStartsForWindow(calendar, now);
    expect(nextFreeDate(window, { date: '2026-03-08', viewerTimeZone: IST, now })).toBe('2026-03-16');
    expect(nextFreeDate(window, { date: '2026-03-12', viewerTimeZone: IST, now })).toBe('2026-03-16');
    // Only later dates: the 16th itself has time, but nothing after it is left in the window.
    expect(nextFreeDate(window, { date: '2026-03-16', viewerTimeZone: IST, now })).toBeNull();
    // In Chicago those Monday mornings are Sunday evenings.
    expect(nextFreeDate(window, { date: '2026-03-08', viewerTimeZone: 'America/Chicago', now })).toBe('2026-03-15');
  });

  it('offers exactly the free grid slots a brute-force walk of the clock finds', () => {
    fc.assert(
      fc.property(scenarioArb(disjointAvailabilityArb), (scenario) => {
        const o = optionsFor(scenario);
        expect(generateSlots(o).map((s) => s.startAt.getTime())).toEqual(bruteForceStarts(o));
      }),
      { numRuns: 200 },
    );
  });
});

/** Every grid start the rules allow, found by reading clocks instead of computing offsets. */
function bruteForceStarts(o: GenerateSlotsOptions): number[] {
  const window = scheduleDates({ now: o.now, viewerTimeZone: o.viewerTimeZone });
  if (!window.includes(o.date)) return [];
  const stepMs = o.durationMin * MIN;
  const earliestMs = o.now.getTime() + SLOT_LEAD_TIME_MIN * MIN;
  const result: number[] = [];
  for (let shift = -2; shift <= 2; shift++) {
    const tutorDate = addDaysToIsoDate(o.date, shift);
    if (o.daysOff.includes(tutorDate)) continue;
    for (const range of o.availability.filter((r) => r.weekday === weekdayOfIsoDate(tutorDate))) {
      const [fromMs, toMs] = rangeSpan(tutorDate, range, o.tutorTimeZone);
      for (let t = fromMs; t + stepMs <= toMs; t += stepMs) {
        const slot = { startAt: new Date(t), endAt: new Date(t + stepMs) };
        const free = !o.booked.some((b) => overlaps(b, slot));
        if (t >= earliestMs && free && wallReading(t, o.viewerTimeZone).date === o.date) result.push(t);
      }
    }
  }
  return result.sort((a, b) => a - b);
}
