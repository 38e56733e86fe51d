import {
  CHAT_DATE_WINDOW_DAYS,
  CHAT_SLOT_GAP_MIN,
  CHAT_SLOT_START_OFFSET_MIN,
  REQUEST_EXPIRY_BEFORE_START_MIN,
} from './constants';
import type { StoredAvailabilityRange, TimeInterval } from './slots';
import {
  addDaysToIsoDate,
  formatHourMinute12,
  formatIsoDateDdMmmYyyy,
  isoDateInZone,
  MINUTES_PER_DAY,
  MS_PER_MINUTE,
  offsetMin,
  wallMinuteInZone,
  weekdayOfIsoDate,
  zonedWallTimeToInstant,
} from './zoned-time';

// Chat slot requests: a learner proposes a time in chat; the tutor books or rejects it.

export type ChatDate = { value: string; label: string };

/** Today through 6 days ahead in the learner's zone, labelled dd-MMM-yyyy. */
export function chatDates({ now, timeZone }: { now: Date; timeZone: string }): ChatDate[] {
  const today = isoDateInZone(now, timeZone);
  return Array.from({ length: CHAT_DATE_WINDOW_DAYS }, (_, i) => {
    const value = addDaysToIsoDate(today, i);
    return { value, label: formatIsoDateDdMmmYyyy(value) };
  });
}

export type ChatTimeSlot = { startAt: Date; endAt: Date; label: string; disabled: boolean };

export type ChatTimeSlotsOptions = {
  /** 'YYYY-MM-DD' in `timeZone`. */
  date: string;
  now: Date;
  timeZone: string;
  classDurationMin: number;
  reserved: readonly TimeInterval[];
  dayStartMinute?: number;
  dayEndMinute?: number;
};

/**
 * On today the first slot starts 10 minutes from now (rounded up to the whole minute,
 * so labels read cleanly); on later dates at dayStartMinute. Slots step by class duration plus a
 * 5-minute gap, must end by dayEndMinute, and those overlapping a reserved session are disabled.
 * Dates outside the 7-day window give no slots. Steps are real time, so DST never shortens one.
 */
export function chatTimeSlots(options: ChatTimeSlotsOptions): ChatTimeSlot[] {
  const { date, now, timeZone, classDurationMin } = options;
  if (!Number.isSafeInteger(classDurationMin) || classDurationMin <= 0) {
    throw new RangeError(`classDurationMin must be a positive integer, got ${classDurationMin}`);
  }
  const dates = chatDates({ now, timeZone }).map((d) => d.value);
  if (!dates.includes(date)) return [];
  const dayStartMs = zonedWallTimeToInstant(date, options.dayStartMinute ?? 0, timeZone).getTime();
  const dayEndMs = zonedWallTimeToInstant(date, options.dayEndMinute ?? MINUTES_PER_DAY, timeZone).getTime();
  const firstMs = date === dates[0] ? Math.max(dayStartMs, earliestTodayMs(now)) : dayStartMs;
  const classMs = classDurationMin * MS_PER_MINUTE;
  const stepMs = classMs + CHAT_SLOT_GAP_MIN * MS_PER_MINUTE;
  const slots: ChatTimeSlot[] = [];
  for (let startMs = firstMs; startMs + classMs <= dayEndMs; startMs += stepMs) {
    slots.push(chatSlot(startMs, startMs + classMs, timeZone, options.reserved));
  }
  return slots;
}

/**
 * Whether the request form lists `startAt` as a time on `date` (chatTimeSlots), reserved or not:
 * what the server takes from a learner, whatever their browser sent. A later date has one grid,
 * from the day start. Today's times start 10 minutes after the form opened, a moment only the
 * browser knows: any whole minute that lets the class end by midnight is the first time of a form
 * opened 10 minutes before it, so that much is what can be checked (chatRequestProblem keeps it
 * far enough from now).
 */
export function listsChatSlot({
  date,
  startAt,
  now,
  timeZone,
  classDurationMin,
}: {
  date: string;
  startAt: Date;
  now: Date;
  timeZone: string;
  classDurationMin: number;
}): boolean {
  const isToday = chatDates({ now, timeZone })[0]!.value === date;
  const formOpenedAt = isToday ? new Date(startAt.getTime() - CHAT_SLOT_START_OFFSET_MIN * MS_PER_MINUTE) : now;
  return chatTimeSlots({ date, now: formOpenedAt, timeZone, classDurationMin, reserved: [] }).some((slot) => slot.startAt.getTime() === startAt.getTime());
}

/** 10 minutes from now, rounded up to the next whole minute. */
function earliestTodayMs(now: Date): number {
  const ms = now.getTime() + CHAT_SLOT_START_OFFSET_MIN * MS_PER_MINUTE;
  return Math.ceil(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
}

function chatSlot(startMs: number, endMs: number, timeZone: string, reserved: readonly TimeInterval[]): ChatTimeSlot {
  const disabled = reserved.some((r) => startMs < r.endAt.getTime() && r.startAt.getTime() < endMs);
  const label = formatHourMinute12(wallMinuteInZone(startMs, offsetMin(timeZone, startMs)));
  return { startAt: new Date(startMs), endAt: new Date(endMs), label, disabled };
}

/** Where a requested time stands against the tutor's week: on a day off, or not inside one of that day's ranges. */
export type HoursNote = 'day-off' | 'outside-hours';

/** A tutor's weekly ranges (in `timeZone`, the tutor's own) and days off. */
export type TutorWeek = { timeZone: string; ranges: readonly StoredAvailabilityRange[]; daysOff: readonly string[] };

/**
 * What the tutor is told of a request before booking it (a request may ask for any time the form
 * lists, and the tutor decides): null when it starts inside one of the day's weekly ranges, in the
 * tutor's timezone, on a day that is not a day off. Only the start: the class's length is the
 * learner's plan's, settled when it is booked.
 */
export function requestAgainstHours({ startAt, timeZone, ranges, daysOff }: TutorWeek & { startAt: Date }): HoursNote | null {
  const date = isoDateInZone(startAt, timeZone);
  if (daysOff.includes(date)) return 'day-off';
  const start = wallMinuteInZone(startAt.getTime(), offsetMin(timeZone, startAt.getTime()));
  const weekday = weekdayOfIsoDate(date);
  return ranges.some((r) => r.weekday === weekday && r.startMinute <= start && start < r.endMinute) ? null : 'outside-hours';
}

/** A request's status as shown: stored ones, and Cancelled or Rescheduled where its booked session since was. */
export const chatSessionStatuses = ['Requested', 'Booked', 'Rejected', 'Expired', 'Cancelled', 'Rescheduled'] as const;
export type ChatSessionStatus = (typeof chatSessionStatuses)[number];

/** spec §4: the moment a Requested message becomes Expired, 5 minutes before the session start. */
export function requestExpiresAt(sessionStartAt: Date): Date {
  return new Date(sessionStartAt.getTime() - REQUEST_EXPIRY_BEFORE_START_MIN * MS_PER_MINUTE);
}

/** A Requested message shows as Expired from 5 minutes before the session start (requestExpiresAt). */
export function displayStatus({
  status,
  sessionStartAt,
  now,
}: {
  status: ChatSessionStatus;
  sessionStartAt: Date;
  now: Date;
}): ChatSessionStatus {
  if (status !== 'Requested') return status;
  return now.getTime() >= requestExpiresAt(sessionStartAt).getTime() ? 'Expired' : 'Requested';
}

export type ChatRequestProblem = 'OUTSIDE_WINDOW' | 'TOO_SOON';

/**
 * Whether the server takes a learner's proposed time. The date must be one the picker offers
 * (chatDates). The start must be later than the moment the request would show as Expired: the
 * picker offers times from CHAT_SLOT_START_OFFSET_MIN minutes after the form opened, and the
 * gap down to REQUEST_EXPIRY_BEFORE_START_MIN leaves the learner time to send it.
 */
export function chatRequestProblem({
  sessionDate,
  sessionStartAt,
  now,
  timeZone,
}: {
  sessionDate: string;
  sessionStartAt: Date;
  now: Date;
  timeZone: string;
}): ChatRequestProblem | null {
  if (!chatDates({ now, timeZone }).some((d) => d.value === sessionDate)) return 'OUTSIDE_WINDOW';
  if (displayStatus({ status: 'Requested', sessionStartAt, now }) === 'Expired') return 'TOO_SOON';
  return null;
}

/** badge colours, as daisyUI classes. */
export const statusBadgeClass: Record<ChatSessionStatus, string> = {
  Requested: 'badge-secondary',
  Booked: 'badge-success',
  // Outlined: a filled error badge looks much like the coral (secondary) Requested one.
  Rejected: 'badge-error badge-outline',
  Expired: 'badge-neutral',
  Cancelled: 'badge-neutral badge-outline',
  Rescheduled: 'badge-neutral badge-outline',
};

/** Only the teacher sees Book and Reject, and only on a request still shown as Requested. */
export function showsBookAndReject({
  viewerIsTeacher,
  status,
  sessionStartAt,
  now,
}: {
  viewerIsTeacher: boolean;
  status: ChatSessionStatus;
  sessionStartAt: Date;
  now: Date;
}): boolean {
  return viewerIsTeacher && displayStatus({ status, sessionStartAt, now }) === 'Requested';
}
