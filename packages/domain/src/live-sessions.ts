import { z } from 'zod';
import { timeZoneSchema } from './auth';
import { safeText, visibleLength } from './text';
import { formatHourMinute12, MS_PER_DAY, offsetMin, wallMinuteInZone, zonedWallTimeToInstant } from './zoned-time';

// A booked session's life after booking: joining the class, attendance, cancelling and
// rescheduling, reminders and in-app notifications. Times are instants (Date); the caller
// passes the clock.

/** Join opens this many minutes before the start and stays open until the end. */
export const JOIN_OPENS_BEFORE_MIN = 10;
/** A learner who cancels at least this many hours before the start gets the session back. */
export const FREE_CANCEL_BEFORE_HOURS = 12;
/** Both sides must be present for at least this share of the session for it to count as Completed. */
export const ATTENDANCE_MIN_SHARE = 0.5;
/** Reminders go this many minutes before the start: 24 hours and 15 minutes. */
export const REMINDER_OFFSETS_MIN = [24 * 60, 15] as const;
/** In-call chat messages are at most this long. */
export const MEETING_MESSAGE_MAX = 1_000;

const MINUTE_MS = 60_000;

/** Whether the Join button works now, and if not, why. */
export type JoinWindow = 'open' | 'too-early' | 'ended';
export function joinWindow(now: Date, startAt: Date, endAt: Date): JoinWindow {
  if (now.getTime() < startAt.getTime() - JOIN_OPENS_BEFORE_MIN * MINUTE_MS) return 'too-early';
  if (now.getTime() >= endAt.getTime()) return 'ended';
  return 'open';
}

/** When the Join button turns on. */
export const joinOpensAt = (startAt: Date) => new Date(startAt.getTime() - JOIN_OPENS_BEFORE_MIN * MINUTE_MS);

export type Canceller = 'learner' | 'tutor';
/**
 * What a cancellation does to the session the learner spent on it: a tutor's cancellation, or a
 * learner's at least 12 hours ahead, gives it back; a learner's later cancellation spends it.
 */
export function cancellationRefunds(by: Canceller, now: Date, startAt: Date): boolean {
  if (by === 'tutor') return true;
  return startAt.getTime() - now.getTime() >= FREE_CANCEL_BEFORE_HOURS * 60 * MINUTE_MS;
}

/** One stretch of presence in the class: from a join to its leave (or to the end when never left). */
export type Presence = { joinedAt: Date; leftAt: Date | null };

/** Milliseconds of [startAt, endAt] covered by the stretches, overlaps counted once. */
export function presentMs(stretches: readonly Presence[], startAt: Date, endAt: Date): number {
  const start = startAt.getTime();
  const end = endAt.getTime();
  const clipped = stretches
    .map((s) => [Math.max(start, s.joinedAt.getTime()), Math.min(end, (s.leftAt ?? endAt).getTime())] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let coveredTo = start;
  for (const [from, to] of clipped) {
    const begin = Math.max(from, coveredTo);
    if (to > begin) total += to - begin;
    coveredTo = Math.max(coveredTo, to);
  }
  return total;
}

export const sessionOutcomes = ['Completed', 'LearnerNoShow', 'TutorNoShow'] as const;
export type SessionOutcome = (typeof sessionOutcomes)[number];

/**
 * Decided at the end: Completed when both were present for at least half of the session; a tutor
 * who was not is a tutor no-show (which gives the learner's session back), otherwise the learner
 * is the no-show (which does not).
 */
export function sessionOutcome(input: { startAt: Date; endAt: Date; learner: readonly Presence[]; tutor: readonly Presence[] }): SessionOutcome {
  const needed = (input.endAt.getTime() - input.startAt.getTime()) * ATTENDANCE_MIN_SHARE;
  const tutorPresent = presentMs(input.tutor, input.startAt, input.endAt) >= needed;
  const learnerPresent = presentMs(input.learner, input.startAt, input.endAt) >= needed;
  if (!tutorPresent) return 'TutorNoShow';
  return learnerPresent ? 'Completed' : 'LearnerNoShow';
}

/** Said in the class's lobby: how long to stay for the class to count (whole minutes, rounded up). */
export function attendanceNote(side: 'learner' | 'tutor', durationMin: number): string {
  const stay = `${Math.ceil(durationMin * ATTENDANCE_MIN_SHARE)} of its ${durationMin} minutes`;
  return side === 'tutor'
    ? `Be in the class for at least half of it (${stay}), or it counts as a tutor no-show and the learner gets the session back.`
    : `It counts as attended when you are in the class for at least half of it: ${stay}.`;
}

/** A tutor no-show gives the learner's session back; a learner no-show does not. */
export const outcomeRefunds = (outcome: SessionOutcome) => outcome === 'TutorNoShow';

/** When each reminder is due; reminders already past are not sent. */
export function reminderTimes(startAt: Date, now: Date): { offsetMin: number; dueAt: Date }[] {
  return REMINDER_OFFSETS_MIN.map((offsetMin) => ({ offsetMin, dueAt: new Date(startAt.getTime() - offsetMin * MINUTE_MS) })).filter(
    (reminder) => reminder.dueAt.getTime() > now.getTime(),
  );
}

/** Whole minutes someone was present, for the past-sessions list. */
export const minutesPresent = (stretches: readonly Presence[], startAt: Date, endAt: Date) => Math.floor(presentMs(stretches, startAt, endAt) / MINUTE_MS);

/** What a session is called in what the learner side and the tutor are told: 'demo session' or 'session'. */
export const sessionNoun = (type: 'Demo' | 'Regular'): string => (type === 'Demo' ? 'demo session' : 'session');

/**
 * What the person cancelling is told before confirming, by who cancels and the refund rule. A demo
 * given back is not a session in a balance: it can be booked again.
 */
export function cancellationNotice(by: Canceller, refunded: boolean, demo: boolean): string {
  if (by === 'tutor') return demo ? 'The learner can book their demo again.' : 'The learner will get this session back.';
  if (!refunded) return `It is less than ${FREE_CANCEL_BEFORE_HOURS} hours to the start, so this ${demo ? 'demo' : 'session'} will be spent.`;
  return demo ? 'You can book your demo again.' : 'You will get this session back.';
}

/** …and once it is done. */
export function cancelledNotice(by: Canceller, refunded: boolean, demo: boolean): string {
  const what = demo ? 'The demo is cancelled.' : 'The session is cancelled.';
  if (by === 'tutor') return `${what} ${demo ? 'The learner can book it again.' : 'The learner got it back.'}`;
  if (!refunded) return `${what} It was less than ${FREE_CANCEL_BEFORE_HOURS} hours to the start, so it was spent.`;
  return `${what} ${demo ? 'You can book it again.' : 'You got it back.'}`;
}

/** A new time this close can no longer be cancelled for free, once a session is moved there. */
export function lateCancelFrom(startAt: Date, now: Date): boolean {
  return !cancellationRefunds('learner', now, startAt);
}

/** Said before booking a session (or a demo) at a time that close. */
export const bookedIntoLateWindow = (demo: boolean): string =>
  `This time is less than ${FREE_CANCEL_BEFORE_HOURS} hours away: once it is booked, cancelling it spends the ${demo ? 'demo' : 'session'}.`;

/** Said before moving a session (or a demo) to a time that close. */
export const movedIntoLateWindow = (demo: boolean): string => {
  const what = demo ? 'demo' : 'session';
  return `The new time is less than ${FREE_CANCEL_BEFORE_HOURS} hours away: once the ${what} is moved there, cancelling it spends the ${what}.`;
};

/**
 * What a learner is told after moving a session: whether the move cost a session. A demo moved
 * late is spent, and its new time is paid as any booking is, with one of the learner's sessions.
 */
export function rescheduleNotice(refunded: boolean, demo: boolean): string {
  const moved = movedNotice(demo);
  if (demo) {
    return refunded
      ? `${moved} The old time was given back, so the move costs nothing.`
      : `${moved} It was less than ${FREE_CANCEL_BEFORE_HOURS} hours to the old start, so the demo was spent and the new time used a session.`;
  }
  return refunded
    ? `${moved} The old one was given back, so the move costs no session.`
    : `${moved} It was less than ${FREE_CANCEL_BEFORE_HOURS} hours to the old start, so that session was spent and the new one used another.`;
}

/** A move's own words, also all the web app can say when the move's answer was lost but the session is found at its new time. */
export const movedNotice = (demo: boolean): string => `Your ${demo ? 'demo' : 'session'} is moved.`;

/** A weekly class is compared with the same slot one week earlier. */
const WEEK_MS = 7 * MS_PER_DAY;

export type ClockShift = {
  /** How much later (+) or earlier (−) the class is in the other party's clock than the week before. */
  minutes: number;
  /** When it starts for them now, e.g. '3:30 PM'. */
  otherLocalTime: string;
};

/**
 * For a class booked at the same time every week, as the viewer's clock says (learners book their
 * weekly slot again and again): how far a daylight-saving change moved it in the other party's
 * clock since the week before, and when it now starts for them. Null when it did not move (no
 * clock changed, or both moved together) or a zone is unknown.
 */
export function weeklyClockShift({ startAt, viewerTimeZone, otherTimeZone }: { startAt: Date; viewerTimeZone: string; otherTimeZone: string }): ClockShift | null {
  const at = startAt.getTime();
  try {
    const apart = (instantMs: number) => offsetMin(otherTimeZone, instantMs) - offsetMin(viewerTimeZone, instantMs);
    const minutes = apart(at) - apart(at - WEEK_MS);
    if (minutes === 0) return null;
    return { minutes, otherLocalTime: formatHourMinute12(wallMinuteInZone(at, offsetMin(otherTimeZone, at))) };
  } catch (error) {
    if (error instanceof RangeError) return null; // an unknown zone: nothing to say
    throw error;
  }
}

/** formatSessionTime's text, found in a notice: weekday, day, month (en-GB writes Sept), year, 12-hour time and the zone in brackets. */
const SESSION_TIME_TEXT = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec) (\d{4}), (\d{1,2}):(\d{2}) (AM|PM) \(([\w/+-]+)\)/g;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A notice's session times (formatSessionTime's, in the zone its reader had when it was written)
 * said in the reader's zone now, so a learner who moved zones reads every time in one zone. A time
 * the clocks showed twice (the hour repeated when they go back) names no one instant and is left as
 * written, as is any text that is not a time this module wrote.
 */
export function restateSessionTimes(text: string, timeZone: string): string {
  return text.replace(SESSION_TIME_TEXT, (written, day: string, month: string, year: string, hour: string, minute: string, half: string, zone: string) => {
    if (zone === timeZone) return written;
    try {
      const date = `${year}-${String(MONTHS.indexOf(month.slice(0, 3)) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
      const minuteOfDay = ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
      const at = zonedWallTimeToInstant(date, minuteOfDay, zone);
      // Not this wall time (one the clocks skipped), or one they showed again an hour later: left alone.
      if (formatSessionTime(at, zone) !== written || formatSessionTime(new Date(at.getTime() + 3_600_000), zone) === written) return written;
      return formatSessionTime(at, timeZone);
    } catch (error) {
      if (error instanceof RangeError) return written; // a zone this runtime does not know
      throw error;
    }
  });
}

/** A session's start as its recipient reads it in a notification or an e-mail: 'Tue, 1 Dec 2026, 3:30 PM (Asia/Kolkata)'. */
export function formatSessionTime(startAt: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // en-GB's own 12-hour clock is h11 (0:40 AM); h12 says 12:40 AM.
    hourCycle: 'h12',
  }).format(startAt);
  return `${text.replace(/\b(am|pm)\b/, (m) => m.toUpperCase())} (${timeZone})`;
}

// ---- Wire schemas ---------------------------------------------------------------------------

/** POST /api/sessions/:id/cancel */
/** The longest reason a cancel takes, in characters. */
export const CANCEL_REASON_MAX = 500;
export const cancelSessionPayload = z.object({ reason: safeText(CANCEL_REASON_MAX).default('') });
/** POST /api/sessions/:id/reschedule: the new slot, with the booking's own rules. */
export const rescheduleSessionPayload = z.object({ startTime: z.iso.datetime({ offset: true }), endTime: z.iso.datetime({ offset: true }), timezone: timeZoneSchema });
/** GET /api/sessions/:id/cancel-preview: whether cancelling now gives the session back, said before confirming. */
export const cancelPreviewResponse = z.object({ refunded: z.boolean(), message: z.string() });
/** POST /api/sessions/:id/cancel */
export const cancelSessionResponse = z.object({ status: z.literal('cancelled'), refunded: z.boolean(), message: z.string() });
/** POST /api/sessions/:id/reschedule: the new session (times in the payload's timezone) and what happened to the old one. */
export const rescheduleSessionResponse = z.object({
  _id: z.string(),
  rescheduledFromId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  type: z.enum(['Demo', 'Regular']),
  /** Whether the old session was given back (12 h or more ahead), so the new one cost nothing more. */
  refunded: z.boolean(),
  message: z.string(),
});

export const meetingMessagePayload = z.object({ message: safeText(MEETING_MESSAGE_MAX).refine((text) => visibleLength(text) > 0, { message: 'Write a message' }) });

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
/** The bell lists this many at first, and this many more at each Show older. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The most the bell lists: older ones are still read by Mark all as read. */
export const NOTIFICATIONS_LIST_MAX = 100;
/** GET /api/notifications[?limit]: the latest `limit`. */
export const notificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_LIST_MAX).default(NOTIFICATIONS_PAGE_SIZE) });
/** `unread` counts all of them, listed or not; `hasMore`: older ones are not in `items`. */
export const notificationsResponse = z.object({ items: z.array(notificationSchema), unread: z.number().int(), hasMore: z.boolean() });
/** POST /api/notifications/read: the given ids, or every unread one when ids is left out. */
export const readNotificationsPayload = z.object({ ids: z.array(z.uuid()).max(100).optional() });

export const meetingMessageSchema = z.object({ _id: z.string(), sessionId: z.string(), senderId: z.string(), senderName: z.string(), message: z.string(), createdAt: z.string() });
export type MeetingMessage = z.infer<typeof meetingMessageSchema>;

/** A browser's connection id in the call (one per RTCPeerConnection), carried by every signal. */
const linkIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * WebRTC signalling relayed between the two sides: a session description or an ICE candidate,
 * or whether the sender's microphone and camera are on (`media`: a muted track still flows, as
 * silence and black frames, so the other side is told). `from` is the sender's connection, `to` the
 * receiver's connection it answers (absent until the sender has heard from one), so a signal
 * that crossed a leave or a reconnect is told apart from one for the connection in use.
 */
export const meetingSignalSchema = z.object({
  from: linkIdSchema,
  to: linkIdSchema.optional(),
  description: z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(200_000).optional() }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    })
    .nullable()
    .optional(),
  media: z.object({ mic: z.boolean(), camera: z.boolean() }).optional(),
});
export type MeetingSignal = z.infer<typeof meetingSignalSchema>;

/** A signal the server relays: a description, a candidate (null: the end of candidates) or the media state, never nothing. */
export const relayedSignalSchema = meetingSignalSchema.refine((signal) => signal.description !== undefined || signal.candidate !== undefined || signal.media !== undefined, {
  message: 'Empty signal',
});

/** GET /api/meeting/:sessionId: what the classroom needs before joining. */
export const meetingInfoSchema = z.object({
  sessionId: z.string(),
  subject: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** Which side the caller is on. */
  side: z.enum(['learner', 'tutor']),
  /** The other person. */
  peer: z.object({ name: z.string(), image: z.string().nullable() }),
  joinWindow: z.enum(['open', 'too-early', 'ended']),
  joinOpensAt: z.string(),
  status: z.enum(['booked', 'cancelled']),
  /** STUN/TURN servers from configuration (empty: host candidates only, enough on one network). */
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
});
export type MeetingInfo = z.infer<typeof meetingInfoSchema>;
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/meeting/:sessionId/messages: the in-call chat kept with the session, oldest first. */
export const meetingMessagesResponse = z.object({ items: z.array(meetingMessageSchema) });

const attendanceSideSchema = z.object({
  /** Whole minutes present within the session's time. */
  minutes: z.number().int(),
  stretches: z.array(z.object({ joinedAt: z.string(), leftAt: z.string().nullable() })),
});
/** GET /api/meeting/:sessionId/attendance: who was in the class and when; outcome is null until decided. */
export const meetingAttendanceSchema = z.object({ learner: attendanceSideSchema, tutor: attendanceSideSchema, outcome: z.enum(sessionOutcomes).nullable() });
export type MeetingAttendance = z.infer<typeof meetingAttendanceSchema>;
