import { z } from 'zod';
import { SCHEDULE_WINDOW_DAYS, SLOT_GROUPS_BEFORE_SHOW_MORE, SLOT_LEAD_TIME_MIN } from './constants';
import {
  addDaysToIsoDate,
  daysBetweenIsoDates,
  formatHourMinute12,
  formatHourMinute24,
  isIsoDate,
  isoDateInZone,
  isoDateToUtcMs,
  MS_PER_DAY,
  MINUTES_PER_DAY,
  MS_PER_MINUTE,
  offsetMin,
  steadyOffsetMin,
  wallMinuteInZone,
  wallTimeConverter,
  weekdayOfIsoDate,
} from './zoned-time';

// The tutor schedule.
// A tutor's weekly availability is kept in the tutor's timezone; a learner asks for one date in
// their own timezone and gets the free slots that start on that date.
//
// Perf note: a busy tutor (3 ranges every day, 15-min classes, 60 bookings; ~53 slots a day)
// costs about 0.02 ms per generateSlots call (one date); all 14 dates of the window together take
// ~0.2–0.6 ms (bench:slots; measured, not asserted). Offsets are looked up per date, not per slot,
// and memoised (steadyOffsetMin, offsetMin per hour); most of what is left is building slots. The
// server builds the window's free starts once (freeStartsForWindow) and cuts each query's day
// out of them (slotsOn).

export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;
/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export type Weekday = (typeof weekdays)[number];

/** One weekly range in the tutor's timezone: minutes from local midnight, end exclusive. */
export type AvailabilityRange = { weekday: Weekday; startMinute: number; endMinute: number };
export type WeeklyAvailability = AvailabilityRange[];
/** A range as stored or parsed: any number weekday; one outside 0–6 never matches a date. */
export type StoredAvailabilityRange = Omit<AvailabilityRange, 'weekday'> & { weekday: number };

export const availabilityRangeSchema = z
  .object({
    weekday: z.literal(weekdays),
    startMinute: z.number().int().min(0).max(MINUTES_PER_DAY - 1),
    endMinute: z.number().int().min(1).max(MINUTES_PER_DAY),
  })
  .refine((r) => r.startMinute < r.endMinute, { message: 'A range must end after it starts' });
export const weeklyAvailabilitySchema = z.array(availabilityRangeSchema);

export type TimeInterval = { startAt: Date; endAt: Date };

/** Slot (start, end, timeView), plus the instants the booking stores. */
export type Slot = {
  startAt: Date;
  endAt: Date;
  /** 'HH:mm' in the viewer's timezone. */
  start: string;
  end: string;
  /** '9:00 AM - 9:15 AM' in the viewer's timezone. */
  timeView: string;
};

export type GenerateSlotsOptions = {
  /** Ranges as stored; a plain `number` weekday is accepted so a parsed row needs no cast. */
  availability: readonly StoredAvailabilityRange[];
  tutorTimeZone: string;
  /** Tutor-local 'YYYY-MM-DD' dates with no slots. */
  daysOff: readonly string[];
  booked: readonly TimeInterval[];
  /** 'YYYY-MM-DD' in the viewer's timezone. */
  date: string;
  viewerTimeZone: string;
  now: Date;
  durationMin: number;
  leadTimeMin?: number;
  windowDays?: number;
};

/** The date picker allows today through 13 days ahead, today taken in the viewer's zone. */
export function scheduleDates({
  now,
  viewerTimeZone,
  windowDays = SCHEDULE_WINDOW_DAYS,
}: {
  now: Date;
  viewerTimeZone: string;
  windowDays?: number;
}): string[] {
  const today = isoDateInZone(now, viewerTimeZone);
  return Array.from({ length: windowDays }, (_, i) => addDaysToIsoDate(today, i));
}

/** Whether `date` is one of the schedule window's dates (today .. today + 13). */
export function isInScheduleWindow({
  date,
  now,
  viewerTimeZone,
  windowDays = SCHEDULE_WINDOW_DAYS,
}: {
  date: string;
  now: Date;
  viewerTimeZone: string;
  windowDays?: number;
}): boolean {
  if (!isIsoDate(date)) return false;
  const dayIndex = daysBetweenIsoDates(isoDateInZone(now, viewerTimeZone), date);
  return dayIndex >= 0 && dayIndex < windowDays;
}

/**
 * The free slots that start on `date` in the viewer's zone, sorted. Slots sit on a grid that
 * starts at each availability range's start and steps by `durationMin` of real time, so every
 * slot lasts exactly `durationMin` even across a DST change, and none is offered that:
 * starts before now + lead time, lies outside the 14-day window,
 * overlaps a booked session, leaves its availability range, or falls on a tutor's day off.
 * Where two ranges of a day overlap, the earlier slot wins and overlapping ones are dropped.
 *
 * A range on tutor-local date T covers real time from the first moment T's clock reads
 * startMinute to the first moment it reads endMinute (see zonedWallTimeToInstant): on a
 * spring-forward night it is an hour shorter, on a fall-back night an hour longer.
 */
export function generateSlots(options: GenerateSlotsOptions): Slot[] {
  stepMsOf(options.durationMin); // a bad length throws, even for a date outside the window
  const day = dayInWindow(options);
  if (!day) return [];
  return slotsOnDay(freeStarts(options, earliestStartMs(options, day), day.toMs), options, day);
}

/** A tutor's free grid starts in [fromMs, toMs), sorted: what every viewer's day is cut from. */
export type FreeStarts = { fromMs: number; toMs: number; stepMs: number; starts: number[] };

type TutorCalendar = Pick<GenerateSlotsOptions, 'availability' | 'tutorTimeZone' | 'daysOff' | 'booked' | 'durationMin'>;

/**
 * The tutor's free grid starts over a span: built once, it answers any viewer's date and zone
 * that falls inside the span (slotsOn), which is what makes a schedule for a new date or zone
 * cheap. Only the grid and the bookings decide a start, never the viewer, so cutting a day out
 * of a wider span gives exactly what generateSlots computes for that day alone.
 */
export function freeStarts(calendar: TutorCalendar, fromMs: number, toMs: number): FreeStarts {
  const stepMs = stepMsOf(calendar.durationMin);
  const busy = busyIntervals(calendar.booked, fromMs, toMs + stepMs);
  const starts = candidateStarts(calendar, fromMs, toMs, stepMs)
    .filter((startMs) => !overlapsAny(startMs, startMs + stepMs, busy))
    .sort((a, b) => a - b);
  return { fromMs, toMs, stepMs, starts };
}

/** The free starts of the whole schedule window as seen from `now`, in any viewer's zone. */
export function freeStartsForWindow(calendar: TutorCalendar, now: Date, windowDays = SCHEDULE_WINDOW_DAYS): FreeStarts {
  // In any zone the window's last date ends by now + windowDays (an hour or so later across a
  // fall-back night), and the day edges searched reach DAY_EDGE_MARGIN_MS past it: a day more
  // covers both. Nothing before now can be offered.
  return freeStarts(calendar, now.getTime(), now.getTime() + (windowDays + 1) * MS_PER_DAY);
}

export type SlotQuery = Pick<GenerateSlotsOptions, 'date' | 'viewerTimeZone' | 'now' | 'leadTimeMin' | 'windowDays'>;

/** The slots on the viewer's `date` (see generateSlots), cut from free starts that cover that day. */
export function slotsOn(free: FreeStarts, query: SlotQuery): Slot[] {
  const day = dayInWindow(query);
  return day ? slotsOnDay(free, query, day) : [];
}

/** Whether the viewer's `date` has a free slot (slotsOn without building the slots). */
export function hasSlotOn(free: FreeStarts, query: SlotQuery): boolean {
  const day = dayInWindow(query);
  return day !== null && slotStartsOn(free, query, day).length > 0;
}

/** The first date after the viewer's `date`, within the window, that has a free slot; null when none has. */
export function nextFreeDate(free: FreeStarts, query: SlotQuery): string | null {
  const later = scheduleDates({ now: query.now, viewerTimeZone: query.viewerTimeZone, windowDays: query.windowDays }).filter((date) => date > query.date);
  return later.find((date) => hasSlotOn(free, { ...query, date })) ?? null;
}

function slotsOnDay(free: FreeStarts, query: SlotQuery, day: ViewerDay): Slot[] {
  return slotStartsOn(free, query, day).map((startMs) => toSlot(startMs, startMs + free.stepMs, day.offsetAt));
}

function slotStartsOn(free: FreeStarts, query: SlotQuery, day: ViewerDay): number[] {
  const fromMs = earliestStartMs(query, day);
  if (fromMs >= day.toMs) return [];
  if (fromMs < free.fromMs || day.toMs > free.toMs) throw new RangeError(`The free starts do not cover ${query.date} in ${query.viewerTimeZone}`);
  const inDay: number[] = [];
  for (let i = firstIndexAtOrAfter(free.starts, fromMs); i < free.starts.length && free.starts[i]! < day.toMs; i += 1) {
    if (day.includes(free.starts[i]!)) inDay.push(free.starts[i]!);
  }
  return withoutOverlaps(inDay, free.stepMs);
}

/** The viewer's day to search, or null when the date is not in the schedule window (or not a date). */
function dayInWindow({ date, now, viewerTimeZone, windowDays = SCHEDULE_WINDOW_DAYS }: SlotQuery): ViewerDay | null {
  return isInScheduleWindow({ date, now, viewerTimeZone, windowDays }) ? viewerDay(date, viewerTimeZone) : null;
}

/** No slot starts before the day's search begins, nor within the lead time from now. */
const earliestStartMs = (query: SlotQuery, day: ViewerDay) => Math.max(day.fromMs, query.now.getTime() + (query.leadTimeMin ?? SLOT_LEAD_TIME_MIN) * MS_PER_MINUTE);

function stepMsOf(durationMin: number): number {
  if (!Number.isSafeInteger(durationMin) || durationMin <= 0) {
    throw new RangeError(`durationMin must be a positive integer, got ${durationMin}`);
  }
  return durationMin * MS_PER_MINUTE;
}

/** The index of the first value ≥ ms in a sorted array (its length when there is none). */
function firstIndexAtOrAfter(sorted: readonly number[], ms: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Where to search for the viewer's `date`: a little past its edges, keeping only starts whose
 * viewer-local date is `date`, which stays exact where a DST change at midnight makes an hour
 * read as the neighbouring day.
 */
function viewerDay(date: string, timeZone: string) {
  const wallTime = wallTimeConverter(date, timeZone);
  const offsetAt = viewerOffsetLookup(date, timeZone);
  const dateLocalMs = isoDateToUtcMs(date);
  const includes = (ms: number) => {
    const localMs = ms + offsetAt(ms) * MS_PER_MINUTE;
    return localMs >= dateLocalMs && localMs < dateLocalMs + MS_PER_DAY;
  };
  return {
    fromMs: wallTime(0) - DAY_EDGE_MARGIN_MS,
    toMs: wallTime(MINUTES_PER_DAY) + DAY_EDGE_MARGIN_MS,
    offsetAt,
    includes,
  };
}

type ViewerDay = ReturnType<typeof viewerDay>;

/** Wider than any DST shift, so every instant that reads as the requested date is searched. */
const DAY_EDGE_MARGIN_MS = 3 * 60 * MS_PER_MINUTE;

/** Grid starts in [fromMs, toMs) from every range of every tutor-local date touching the viewer's day. */
function candidateStarts(options: TutorCalendar, fromMs: number, toMs: number, stepMs: number): number[] {
  const { availability, tutorTimeZone } = options;
  const daysOff = new Set(options.daysOff);
  const starts: number[] = [];
  if (fromMs >= toMs) return starts;
  const lastTutorDate = isoDateInZone(new Date(toMs - 1), tutorTimeZone);
  // Ranges never cross tutor-local midnight, so only dates overlapping [fromMs, toMs) matter.
  for (let tutorDate = isoDateInZone(new Date(fromMs), tutorTimeZone); tutorDate <= lastTutorDate; ) {
    const weekday = weekdayOfIsoDate(tutorDate);
    const ranges = availability.filter((r) => r.weekday === weekday && r.startMinute < r.endMinute);
    if (!daysOff.has(tutorDate) && ranges.length > 0) {
      const tutorWallTime = wallTimeConverter(tutorDate, tutorTimeZone);
      for (const range of ranges) pushRangeStarts(starts, range, tutorWallTime, { fromMs, toMs, stepMs });
    }
    tutorDate = addDaysToIsoDate(tutorDate, 1);
  }
  return starts;
}

function pushRangeStarts(
  starts: number[],
  range: { startMinute: number; endMinute: number },
  tutorWallTime: (minuteOfDay: number) => number,
  { fromMs, toMs, stepMs }: { fromMs: number; toMs: number; stepMs: number },
): void {
  const rangeStartMs = tutorWallTime(range.startMinute);
  const rangeEndMs = tutorWallTime(range.endMinute);
  // Jump straight to the first grid point at or after fromMs instead of walking the grid.
  const firstStep = Math.max(0, Math.ceil((fromMs - rangeStartMs) / stepMs));
  for (let t = rangeStartMs + firstStep * stepMs; t + stepMs <= rangeEndMs && t < toMs; t += stepMs) {
    starts.push(t);
  }
}

type MsInterval = { startMs: number; endMs: number };

function busyIntervals(booked: readonly TimeInterval[], fromMs: number, toMs: number): MsInterval[] {
  return booked
    .map((b) => ({ startMs: b.startAt.getTime(), endMs: b.endAt.getTime() }))
    .filter((b) => b.startMs < toMs && b.endMs > fromMs);
}

/** Half-open intervals: a session ending at 10:00 does not block a slot starting at 10:00. */
function overlapsAny(startMs: number, endMs: number, busy: readonly MsInterval[]): boolean {
  return busy.some((b) => startMs < b.endMs && b.startMs < endMs);
}

/** Sorted starts, keeping each that does not overlap the one kept before it. */
function withoutOverlaps(startsMs: readonly number[], stepMs: number): number[] {
  const kept: number[] = [];
  for (const startMs of startsMs) {
    const last = kept[kept.length - 1];
    if (last === undefined || startMs >= last + stepMs) kept.push(startMs);
  }
  return kept;
}

/** The viewer's offset around `date`: a constant on days without a DST change, else looked up. */
function viewerOffsetLookup(date: string, timeZone: string): (ms: number) => number {
  const steady = steadyOffsetMin(date, timeZone);
  if (steady !== null) return () => steady;
  return (ms) => offsetMin(timeZone, ms);
}

function toSlot(startMs: number, endMs: number, offsetAt: (ms: number) => number): Slot {
  const startMinute = wallMinuteInZone(startMs, offsetAt(startMs));
  const endMinute = wallMinuteInZone(endMs, offsetAt(endMs));
  return {
    startAt: new Date(startMs),
    endAt: new Date(endMs),
    start: formatHourMinute24(startMinute),
    end: formatHourMinute24(endMinute),
    timeView: `${formatHourMinute12(startMinute)} - ${formatHourMinute12(endMinute)}`,
  };
}

/** The offered slot starting at `startAt`, if any: how the server checks a booking request. */
export function findSlot(slots: readonly Slot[], startAt: Date): Slot | undefined {
  return slots.find((slot) => slot.startAt.getTime() === startAt.getTime());
}

// Slot groups by the viewer-local start hour, in the order of the day. The spec names no groups;
// these are ours. The hours after midnight are the chosen date's first, not the night after it, so
// they are a group of their own at the top (a tutor far away often has only those and the night).
export const slotGroupLabels = ['Early hours', 'Morning', 'Afternoon', 'Evening', 'Night'] as const;
export type SlotGroupLabel = (typeof slotGroupLabels)[number];
export type SlotGroup = { label: SlotGroupLabel; slots: Slot[] };

export const MORNING_START_HOUR = 5;
export const AFTERNOON_START_HOUR = 12;
export const EVENING_START_HOUR = 17;
export const NIGHT_START_HOUR = 21;

/** Early hours 00–04, Morning 05–11, Afternoon 12–16, Evening 17–20, Night 21–23 (hours of a 24 h clock). */
export function slotGroupForHour(hour: number): SlotGroupLabel {
  if (hour < MORNING_START_HOUR) return 'Early hours';
  if (hour < AFTERNOON_START_HOUR) return 'Morning';
  if (hour < EVENING_START_HOUR) return 'Afternoon';
  if (hour < NIGHT_START_HOUR) return 'Evening';
  return 'Night';
}

/** Non-empty groups, in the order of the day, each keeping the slots' order. */
export function groupSlots(slots: readonly Slot[]): SlotGroup[] {
  const byLabel = new Map<SlotGroupLabel, Slot[]>(slotGroupLabels.map((label) => [label, []]));
  for (const slot of slots) byLabel.get(slotGroupForHour(Number(slot.start.slice(0, 2))))?.push(slot);
  return slotGroupLabels
    .map((label) => ({ label, slots: byLabel.get(label) ?? [] }))
    .filter((group) => group.slots.length > 0);
}

/** Two slot groups are shown before Show More. */
export function visibleSlotGroups({ groups, showAll }: { groups: readonly SlotGroup[]; showAll: boolean }): {
  shown: SlotGroup[];
  hasMore: boolean;
} {
  const hasMore = groups.length > SLOT_GROUPS_BEFORE_SHOW_MORE;
  return { shown: showAll ? [...groups] : groups.slice(0, SLOT_GROUPS_BEFORE_SHOW_MORE), hasMore };
}
