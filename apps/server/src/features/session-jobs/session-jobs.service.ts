import {
  formatSessionTime,
  JOIN_OPENS_BEFORE_MIN,
  minutesPresent,
  outcomeRefunds,
  REMINDER_OFFSETS_MIN,
  reminderTimes,
  sessionOutcome,
  type Presence,
  type SessionOutcome,
} from '@parley/domain/live-sessions';
import { daysBetweenIsoDates, isoDateInZone, MS_PER_MINUTE } from '@parley/domain/zoned-time';
import { letter } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { userChannel } from '../../realtime/publisher';
import { mailTutorNoShow, refundSession } from '../booking/booking.service';
import { queueMail, sendQueuedMail } from '../mail/mail.service';
import { notify, pushNotifications, sessionLearnerRecipients, type NotificationRow } from '../notifications/notifications.service';
import * as repo from './session-jobs.repository';

// The jobs around a booked session: reminders before it and the attendance decision at its end.
// They are stored in the booking's transaction, with their times as `startAfter`; every handler
// is idempotent (delivery is at least once) and does nothing for a session cancelled meanwhile.

export const SESSION_REMINDER_JOB = 'session-reminder';
export const SESSION_END_JOB = 'session-end';

export type SessionReminderJob = { sessionId: string; offsetMin: number };
export type SessionEndJob = { sessionId: string };

const JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true };
/**
 * Reminders fall due in bursts (every session at the same hour has its two at the same minutes):
 * each process runs this many at once (bench/reminders.ts: 10,000 due within a minute, two nodes).
 * A try left by a process that died is handed out again after REMINDER_EXPIRE_SECONDS (plus up to
 * the queue's 2-minute maintenance interval), still well before a 15-minute reminder is too late.
 */
const REMINDER_CONCURRENCY = 20;
const REMINDER_EXPIRE_SECONDS = 5 * 60;
/**
 * Within this much of its time, a job that runs early is taken as a clock difference between this
 * process and the database; earlier, as a session that moved later, and it waits for the new time.
 */
const CLOCK_SKEW_TOLERANCE_MS = 5 * MS_PER_MINUTE;
/** At start-up, undecided sessions that ended within this many hours still get their end job. */
const END_CATCH_UP_HOURS = 24;

/**
 * A booked session's jobs, stored through `tx` (the transaction that books or moves it, so they
 * commit with it): one reminder per reminder still ahead (24 h and 15 min before) and the end job
 * at the session's end, each held by the queue until its time.
 */
export async function insertSessionJobs(ctx: AppContext, tx: Db, session: { id: string; startAt: Date; endAt: Date }): Promise<void> {
  const sessionId = session.id;
  await ctx.jobs.insertWithin(tx, [
    ...reminderTimes(session.startAt, ctx.now()).map(({ offsetMin, dueAt }) => ({
      name: SESSION_REMINDER_JOB,
      data: { sessionId, offsetMin } satisfies SessionReminderJob,
      startAfter: dueAt,
    })),
    { name: SESSION_END_JOB, data: { sessionId } satisfies SessionEndJob, startAfter: session.endAt },
  ]);
}

/** Runs the session jobs in this process (every node does), and schedules those a crash or an older version left out. */
export async function registerSessionJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<SessionReminderJob>(SESSION_REMINDER_JOB, (job) => sendSessionReminder(ctx, job), {
    ...JOB_RETRIES,
    concurrency: REMINDER_CONCURRENCY,
    expireInSeconds: REMINDER_EXPIRE_SECONDS,
  });
  await ctx.jobs.define<SessionEndJob>(SESSION_END_JOB, async ({ sessionId }) => {
    await decideSessionOutcome(ctx, sessionId);
  }, JOB_RETRIES);
  await scheduleMissingSessionJobs(ctx);
}

/** Booked, undecided sessions (not ended, or ended within the last day) without a pending end job get their jobs. */
export async function scheduleMissingSessionJobs(ctx: AppContext): Promise<number> {
  const endedAfter = new Date(ctx.now().getTime() - END_CATCH_UP_HOURS * 60 * MS_PER_MINUTE);
  const ids = await repo.sessionsMissingEndJob(ctx.db, SESSION_END_JOB, endedAfter);
  for (const id of ids) {
    const session = await repo.findSession(ctx.db, id);
    if (session?.status === 'booked') await insertSessionJobs(ctx, ctx.db, session);
  }
  return ids.length;
}

// ---- Reminders ------------------------------------------------------------------------------

type Person = Awaited<ReturnType<typeof repo.findPeople>>[number];
type ReminderRecipient = { person: Person; role: 'learner' | 'parent' | 'kid' | 'tutor' };

/**
 * The reminder job: each recipient (the learner, or a kid's parent, and the tutor) gets one
 * e-mail and one in-app notification; a kid gets the notification. A row in session_reminders
 * per recipient decides, in the same transaction, whether this run sends: a second run sends
 * nothing. A session cancelled, started, or moved since the job was sent gets nothing from it.
 */
export async function sendSessionReminder(ctx: AppContext, job: SessionReminderJob): Promise<void> {
  const now = ctx.now();
  const session = await repo.findSession(ctx.db, job.sessionId);
  if (!session || session.status !== 'booked' || now.getTime() >= session.startAt.getTime()) return;
  const dueAtMs = session.startAt.getTime() - job.offsetMin * MS_PER_MINUTE;
  if (now.getTime() < dueAtMs - CLOCK_SKEW_TOLERANCE_MS) {
    await ctx.jobs.send<SessionReminderJob>(SESSION_REMINDER_JOB, job, { startAfter: new Date(dueAtMs) });
    return;
  }
  // A late run (the queue was down) whose next, closer reminder is already due leaves it to that one.
  if (REMINDER_OFFSETS_MIN.some((offset) => offset < job.offsetMin && now.getTime() >= session.startAt.getTime() - offset * MS_PER_MINUTE)) return;

  const sent = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockSession(tx, job.sessionId);
    if (!current || current.status !== 'booked') return { mailIds: [], notifications: [] };
    const { recipients, names } = await reminderRecipients(tx, current);
    const mailIds: string[] = [];
    const notifications: NotificationRow[] = [];
    for (const recipient of recipients) {
      if (!(await repo.claimReminder(tx, { sessionId: current.id, offsetMin: job.offsetMin, recipientId: recipient.person.id }))) continue;
      const reminder = reminderText(ctx, current, recipient, names, now);
      notifications.push(await notify(tx, recipient.person.id, { kind: 'session_reminder', title: reminder.title, body: reminder.summary, link: meetingPath(current.id) }));
      if (recipient.role !== 'kid' && recipient.person.email) {
        mailIds.push(await queueMail(tx, { to: recipient.person.email, subject: reminder.subject, text: reminder.text, topic: `session-reminder:${current.id}:${job.offsetMin}` }));
      }
    }
    return { mailIds, notifications };
  });
  pushNotifications(ctx, sent.notifications);
  for (const mailId of sent.mailIds) await sendQueuedMail(ctx, mailId);
}

/** The learner (or, for a kid, the parent by e-mail and the kid in the app) and the tutor. */
async function reminderRecipients(tx: Db, session: repo.SessionRow): Promise<{ recipients: ReminderRecipient[]; names: { learner: string; tutor: string } }> {
  const people = new Map((await repo.findPeople(tx, [session.learnerId, session.teacherId])).map((p) => [p.id, p]));
  const learner = people.get(session.learnerId);
  const tutor = people.get(session.teacherId);
  if (!learner || !tutor) throw new Error(`session ${session.id} has no learner or tutor`);
  const names = { learner: learner.name, tutor: tutor.name };
  const tutorRecipient: ReminderRecipient = { person: tutor, role: 'tutor' };
  if (!learner.parentId) return { recipients: [{ person: learner, role: 'learner' }, tutorRecipient], names };
  const [parent] = await repo.findPeople(tx, [learner.parentId]);
  return { recipients: [{ person: learner, role: 'kid' }, ...(parent ? [{ person: parent, role: 'parent' as const }] : []), tutorRecipient], names };
}

/** The session's time in the recipient's own timezone (UTC, said as such, when theirs is unknown). */
function reminderText(
  ctx: AppContext,
  session: repo.SessionRow,
  recipient: ReminderRecipient,
  names: { learner: string; tutor: string },
  now: Date,
) {
  const timeZone = knownTimeZone(recipient.person.timezone);
  const whose = recipient.role === 'parent' ? `${names.learner}’s` : 'your';
  const withWhom = recipient.role === 'tutor' ? names.learner : names.tutor;
  const minutesLeft = Math.max(1, Math.round((session.startAt.getTime() - now.getTime()) / MS_PER_MINUTE));
  const when = minutesLeft <= 60 ? `starts in ${minutesLeft} ${minutesLeft === 1 ? 'minute' : 'minutes'}` : `is ${dayWord(session.startAt, now, timeZone)} at ${clock(session.startAt, timeZone)}`;
  const subject = `Reminder: ${whose} ${session.subject} session ${when}`;
  const durationMin = Math.round((session.endAt.getTime() - session.startAt.getTime()) / MS_PER_MINUTE);
  const slot = `${formatSessionTime(session.startAt, timeZone)}, ${durationMin} minutes`;
  const link = `${ctx.config.publicUrl}${meetingPath(session.id)}`;
  const text = letter(recipient.person.name, [
    `${capitalise(whose)} ${session.subject} session with ${withWhom} ${when}.`,
    '',
    `When: ${slot}`,
    `Join: ${link}`,
    '',
    `The Join button works from ${JOIN_OPENS_BEFORE_MIN} minutes before the start until the end.`,
  ]);
  return { subject, text, title: `${capitalise(whose)} ${session.subject} session ${when}`, summary: `With ${withWhom}: ${slot}` };
}

const meetingPath = (sessionId: string) => `/meeting?session=${sessionId}`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function knownTimeZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** '3:30 PM', as formatSessionTime writes the time. */
const clock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(instant).replace(/\b(am|pm)\b/, (m) => m.toUpperCase());

/** "today", "tomorrow", or "on Wednesday, 14 May", as the recipient's calendar has it. */
function dayWord(startAt: Date, now: Date, timeZone: string): string {
  const days = daysBetweenIsoDates(isoDateInZone(now, timeZone), isoDateInZone(startAt, timeZone));
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `on ${new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(startAt)}`;
}

// ---- Attendance at the end ------------------------------------------------------------------

export type SessionDecision = { outcome: SessionOutcome; learnerMinutes: number; tutorMinutes: number; refunded: boolean };

/**
 * The end job: with the session row locked, decides Completed / LearnerNoShow / TutorNoShow from
 * the presence stretches, records each side's minutes, and on a tutor no-show gives the
 * learner's session back as a cancellation would. Once decided (or cancelled) it changes nothing.
 */
export async function decideSessionOutcome(ctx: AppContext, sessionId: string): Promise<SessionDecision | null> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const session = await repo.lockSession(tx, sessionId);
    if (!session || session.status !== 'booked' || session.outcome) return null;
    if (now.getTime() < session.endAt.getTime()) return { early: true as const, endsAt: session.endAt };
    const stretches = await repo.presenceOf(tx, sessionId);
    const side = (which: 'learner' | 'tutor'): Presence[] => stretches.filter((s) => s.side === which).map(({ joinedAt, leftAt }) => ({ joinedAt, leftAt }));
    const window = { startAt: session.startAt, endAt: session.endAt };
    const outcome = sessionOutcome({ ...window, learner: side('learner'), tutor: side('tutor') });
    const refunded = outcomeRefunds(outcome) ? await refundSession(tx, session, now) : false;
    const decision: SessionDecision = {
      outcome,
      learnerMinutes: minutesPresent(side('learner'), session.startAt, session.endAt),
      tutorMinutes: minutesPresent(side('tutor'), session.startAt, session.endAt),
      refunded,
    };
    if (!(await repo.recordOutcome(tx, sessionId, decision))) return null;
    const learnerSide = await sessionLearnerRecipients(tx, session.learnerId);
    const notifications: NotificationRow[] = [];
    const mailIds: string[] = [];
    if (outcome === 'TutorNoShow') {
      mailIds.push(...(await mailTutorNoShow(ctx, tx, session, refunded)));
      const people = await repo.findPeople(tx, [session.teacherId, session.learnerId]);
      const tutor = people.find((person) => person.id === session.teacherId);
      const learner = people.find((person) => person.id === session.learnerId);
      for (const userId of learnerSide) {
        notifications.push(
          await notify(tx, userId, {
            kind: 'session_tutor_no_show',
            // A kid's parent hears whose tutor it was.
            title: userId !== session.learnerId && learner ? `${learner.name}’s tutor missed the session` : 'Your tutor missed the session',
            body: `${tutor?.name ?? 'The tutor'} did not join the ${session.subject} session, so it did not count${refunded ? ': the session is back in the balance to book again' : ''}.`,
            link: null,
          }),
        );
      }
      // The tutor hears of it too: the session did not count, and the learner side got it back.
      notifications.push(
        await notify(tx, session.teacherId, {
          kind: 'session_tutor_no_show',
          title: 'You missed a session',
          body: `You did not join the ${session.subject} session with ${learner?.name ?? 'the learner'}, so it did not count${refunded ? ': the learner got the session back' : ''}.`,
          link: '/teacher/sessions?when=past',
        }),
      );
    }
    return { early: false as const, decision, notify: notifications, mailIds, users: [...learnerSide, session.teacherId] };
  });
  if (!result) return null;
  if (result.early) {
    // Only the clocks disagree: the queue retries it shortly, on the database's clock.
    if (result.endsAt.getTime() - now.getTime() <= CLOCK_SKEW_TOLERANCE_MS) throw new Error(`session ${sessionId} has not ended yet by this process's clock`);
    // The session was moved later: wait again for its end.
    await ctx.jobs.send<SessionEndJob>(SESSION_END_JOB, { sessionId }, { startAfter: result.endsAt });
    return null;
  }
  pushNotifications(ctx, result.notify);
  for (const mailId of result.mailIds) await sendQueuedMail(ctx, mailId);
  ctx.realtime.emit(result.users.map(userChannel), 'sessions_changed', { sessionId });
  return result.decision;
}
