import { z } from 'zod';
import { timeZoneSchema } from './auth';
import { SESSION_LIST_PAGE_SIZE } from './constants';
import { sessionOutcomes } from './live-sessions';
import { singleLineText } from './text';

const isoDate = z.iso.date({ message: 'Date must be YYYY-MM-DD' });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:mm' });
export const bookingSubjects = ['English', 'IELTS', 'Financial Education'] as const;
export const bookingSubjectSchema = z.enum(bookingSubjects);
export type BookingSubject = z.infer<typeof bookingSubjectSchema>;
/**
 * Subjects whose schedules, tutors and session lists can be read: the booking subjects and the
 * curriculum, whose sessions are booked from the curriculum (POST /api/curriculum/sessions, which
 * checks the topic), never through POST /api/sessions.
 */
export const sessionSubjects = [...bookingSubjects, 'Curriculum'] as const;
export const sessionSubjectSchema = z.enum(sessionSubjects);
export type SessionSubject = z.infer<typeof sessionSubjectSchema>;

/** Session booking payload. Times are wall-clock in `timezone` on `date`. */
export const sessionBookingPayload = z.object({
  startTime: hhmm,
  endTime: hhmm,
  date: isoDate,
  duration: z.number().int().positive().max(240),
  subject: bookingSubjectSchema,
  type: z.enum(['Demo', 'Regular']),
  learnerId: z.uuid(),
  teacherId: z.uuid(),
  token: z.null().optional(),
  timezone: timeZoneSchema,
  topicId: singleLineText(64).nullish(),
  certificateId: singleLineText(64).nullish(),
  level: singleLineText(32).nullish(),
  isChatBooking: z.boolean().optional(),
  forKids: z.boolean().default(false),
  /** The slot's instant (schedule slots carry it): tells apart the two 01:30s of a DST fall-back night. */
  startAt: z.iso.datetime().optional(),
});
export type SessionBookingPayload = z.input<typeof sessionBookingPayload>;

/** Booking response. */
export const bookingResponse = z.object({
  _id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  sessionDate: z.string(),
  startAt: z.string(),
  type: z.enum(['Demo', 'Regular']),
  teacher: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
});
export type BookingResponse = z.infer<typeof bookingResponse>;

export const scheduleQuery = z.object({
  date: isoDate,
  timezone: timeZoneSchema,
  subject: sessionSubjectSchema.default('English'),
  forKids: z.stringbool().default(false),
});

export const teacherCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  rating: z.number(),
  ratingCount: z.number().int(),
  tags: z.array(z.string()),
  description: z.string(),
  subjects: z.array(z.string()),
  timezone: z.string(),
  isBlocked: z.boolean(),
  isSalesPerson: z.boolean(),
  isFavourite: z.boolean(),
  mentorScore: z.number(),
});
export type TeacherCard = z.infer<typeof teacherCardSchema>;

export const slotSchema = z.object({ startAt: z.string(), endAt: z.string(), start: z.string(), end: z.string(), timeView: z.string() });

/** Schedule response, plus the slots already computed in the viewer's timezone. */
export const scheduleResponse = z.object({
  teacher: teacherCardSchema,
  ratingCount: z.number().int(),
  isBlocked: z.boolean(),
  isTeacherAvailableToday: z.boolean(),
  bookedTimings: z.array(z.string()),
  timeslot: z.array(z.string()),
  slots: z.array(slotSchema),
  durationMin: z.number().int(),
  /** On a date with no free time: the next date in the window that has some (null when none has, or when this date has; absent from a server older than it). */
  nextFreeDate: z.string().nullable().default(null),
});
export type ScheduleResponse = z.infer<typeof scheduleResponse>;

export const reviewSchema = z.object({ learnerName: z.string(), review: z.array(z.string()) });

export const sessionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(SESSION_LIST_PAGE_SIZE),
  subject: sessionSubjectSchema.optional(),
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  forKids: z.stringbool().default(false),
  studentID: z.uuid().optional(),
  timezone: timeZoneSchema.optional(),
});

export const sessionItemSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  type: z.enum(['Demo', 'Regular']),
  status: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  forKids: z.boolean(),
  teacher: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  learner: z.object({ _id: z.string(), name: z.string() }),
  /** Decided by the job at the session's end (null until then), with the whole minutes each side was present. */
  outcome: z.enum(sessionOutcomes).nullable().optional(),
  learnerMinutes: z.number().int().nullable().optional(),
  tutorMinutes: z.number().int().nullable().optional(),
  cancelledBy: z.enum(['learner', 'tutor']).nullable().optional(),
  /** When a cancelled session was called off (null while booked). */
  cancelledAt: z.string().nullable().optional(),
  /** The reason given when it was called off (the other side was told it); null for none, or for a moved session. */
  cancelReason: z.string().nullable().optional(),
  /** Whether the session spent on it was given back (a cancellation or a tutor no-show). */
  refunded: z.boolean().optional(),
  /** A cancelled session the learner rescheduled: the session it became, and when that starts. */
  movedTo: z.object({ _id: z.string(), startAt: z.string() }).nullable().optional(),
  /**
   * Upcoming only: a daylight-saving change moved this weekly slot in the other person's clock
   * since the week before (weeklyClockShift, from both people's timezones); `name` is theirs.
   */
  clockShift: z.object({ name: z.string(), minutes: z.number().int(), otherLocalTime: z.string() }).nullable().optional(),
  /** A tutor's upcoming IELTS session: the band the learner aims for and their test date, as the learner set them (null: none set, or another subject). */
  ieltsGoal: z.object({ band: z.number().nullable(), testDate: z.string().nullable() }).nullable().optional(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionListResponse = z.object({ items: z.array(sessionItemSchema), total: z.number().int() });

/** A tutor's hours start and end on this step of minutes (the editor's time fields step by it too). */
export const AVAILABILITY_MINUTE_STEP = 5;

/** Said of a new day off before the tutor's today (the editor's field, and the server's refusal). */
export const PAST_DAY_OFF = 'Pick today or a later date.';

/** The tutor area's weekly availability editor. */
export const availabilityPayload = z.object({
  ranges: z
    .array(
      z.object({
        weekday: z.number().int().min(0).max(6),
        startMinute: z.number().int().min(0).max(1439),
        endMinute: z.number().int().min(1).max(1440),
      }),
    )
    .max(70)
    .superRefine((ranges, ctx) => {
      // Each issue names its range (ranges.i), so the editor can say which day and hours are at fault.
      // Every problem at once: a backwards range, and overlaps among the ranges that run forwards.
      const forwards: number[] = [];
      ranges.forEach((r, i) => {
        if (r.startMinute % AVAILABILITY_MINUTE_STEP !== 0 || r.endMinute % AVAILABILITY_MINUTE_STEP !== 0) {
          ctx.addIssue({ code: 'custom', path: [i], message: `Use times on a ${AVAILABILITY_MINUTE_STEP}-minute step, such as 10:05` });
        } else if (r.startMinute < r.endMinute) forwards.push(i);
        else ctx.addIssue({ code: 'custom', path: [i], message: 'Each range must end after it starts' });
      });
      for (const j of overlappingRanges(forwards.map((i) => ranges[i]!))) {
        ctx.addIssue({ code: 'custom', path: [forwards[j]!], message: 'Ranges on the same day must not overlap' });
      }
    }),
  daysOff: z.array(isoDate).max(366),
  /**
   * The `version` of the hours the edit started from: a save from hours changed since (another tab
   * saved first) is refused as HOURS_CHANGED instead of overwriting them. Without it the week is replaced.
   */
  version: z.string().max(64).optional(),
});
export type AvailabilityPayload = z.infer<typeof availabilityPayload>;

/** The tutor's saved week, in the tutor's own timezone, and days off. */
export const availabilityResponse = z.object({
  timezone: z.string(),
  /** Names these hours and days off: the same week always has the same version. */
  version: z.string(),
  ranges: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
  daysOff: z.array(z.string()),
  /** Set while a moderator has the tutor blocked (no learner can book them), with the reason the block was logged with. */
  block: z.object({ reason: z.string().nullable() }).nullable(),
  /**
   * The days (in the tutor's timezone) that have booked sessions not yet ended starting on them,
   * soonest first: the editor warns as soon as one of them is made a day off, which cancels nothing.
   */
  bookedDays: z.array(z.object({ day: z.string(), sessions: z.number().int().min(1) })),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/** The indexes of every range that overlaps another range of the same day, in day and time order. */
function overlappingRanges(ranges: { weekday: number; startMinute: number; endMinute: number }[]): number[] {
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[a]!.weekday - ranges[b]!.weekday || ranges[a]!.startMinute - ranges[b]!.startMinute);
  const overlapping = new Set<number>();
  order.forEach((i, at) => {
    const r = ranges[i]!;
    // The later-starting ranges of the day that start before this one ends overlap it, and it them.
    for (const j of order.slice(at + 1)) {
      const later = ranges[j]!;
      if (later.weekday !== r.weekday || later.startMinute >= r.endMinute) break;
      overlapping.add(i).add(j);
    }
  });
  return order.filter((i) => overlapping.has(i));
}
