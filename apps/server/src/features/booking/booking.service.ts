import { avatarPath } from '@parley/domain/avatar';
import type { BookingResponse, SessionBookingPayload, SessionItem } from '@parley/domain/booking';
import { kidPlanSubjectFor, kidSubjects } from '@parley/domain/kids';
import {
  cancellationNotice,
  cancellationRefunds,
  cancelledNotice,
  formatSessionTime,
  FREE_CANCEL_BEFORE_HOURS,
  lateCancelFrom,
  reminderTimes,
  rescheduleNotice,
  sessionNoun,
  weeklyClockShift,
  type Canceller,
} from '@parley/domain/live-sessions';
import { messages } from '@parley/domain/messages';
import { withArticle } from '@parley/domain/plural';
import type { Role } from '@parley/domain/roles';
import { bookingType, countsInWeek, isDemoPaidFor, returnOneSession } from '@parley/domain/sessions';
import { findSlot, type Slot } from '@parley/domain/slots';
import { isoDateInZone, MS_PER_MINUTE, zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { refusingOverlap } from '../../lib/pg-errors';
import { userChannel } from '../../realtime/publisher';
import { spendKidSession } from '../kids/kids.service';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import { insertSessionJobs } from '../session-jobs/session-jobs.service';
import { assertTeaches, classDurationFor, loadTutorForBooking, loadTutorSnapshot, tutorSlots } from '../schedule/schedule.service';
import { hasLivePlanFor, isOutOfSessions, spendSubscriptionSession } from '../subscriptions/subscriptions.service';
import * as repo from './booking.repository';
import { bookedMail, cancelledByLearnerMail, cancelledByTutorMail, givenBackClause, movedMail, tutorMail, tutorNoShowMail, withReason, type MailText, type SessionMailFacts } from './session-mail';

type Payload = Omit<SessionBookingPayload, 'forKids'> & { forKids: boolean };
type Attendee = { userId: string; role: Role };

/**
 * Books a live session. The server decides everything that matters: the slot must be one the
 * schedule offers, the type follows the demo rule, one session of quota is spent in the same
 * transaction, and the database refuses overlaps.
 */
export async function bookSession(ctx: AppContext, auth: AuthContext, input: Payload, log: AfterCommitLog): Promise<BookingResponse> {
  if (input.learnerId !== auth.userId) throw notFound('Learner not found');
  if (input.forKids !== (auth.role === 'kid')) {
    throw new AppError('BAD_REQUEST', input.forKids ? 'Switch to the kid’s profile to book for them.' : 'Kids book from the kids area.');
  }
  // A chat booking (55 minutes for IELTS) is made by the tutor from a chat request, never here.
  if (input.isChatBooking) throw new AppError('VALIDATION_FAILED', 'Chat bookings are made by your tutor from the chat.', { isChatBooking: 'Only a tutor books from the chat' });
  const now = ctx.now();
  const durationMin = await classDurationFor(ctx.db, { learnerId: auth.userId, forKids: input.forKids }, input.subject, { isChatBooking: false, now });
  if (input.duration !== durationMin) {
    throw new AppError('VALIDATION_FAILED', `${input.subject} sessions last ${durationMin} minutes.`, { duration: `Must be ${durationMin}` });
  }
  const startAt = input.startAt ? new Date(input.startAt) : zonedWallTimeToInstant(input.date, minuteOfDay(input.startTime), input.timezone);
  // Booking reads the tutor fresh, never from the cache: the week, and the sessions of the slot's day.
  const tutor = await loadTutorForBooking(ctx.db, input.teacherId, startAt);
  if (!tutor) throw notFound('Tutor not found');
  // Said before the slot is looked at (the schedule of a subject not taught has none); createLiveSession checks again.
  assertTeaches(tutor.profile, input.subject, input.forKids);
  const slots = tutorSlots(tutor, { date: input.date, viewerTimeZone: input.timezone, durationMin, now });
  // Asked again for a session this learner already has (the answer to the first ask was lost on
  // the way, or the same ask came twice at once): the answer is that session, with nothing spent again.
  const alreadyMine = async () => {
    const mine = await repo.findBookedSessionAt(ctx.db, auth.userId, input.teacherId, startAt);
    const same =
      mine?.subject === input.subject &&
      mine.endAt.getTime() === startAt.getTime() + durationMin * MS_PER_MINUTE &&
      startAt.getTime() === zonedWallTimeToInstant(input.date, minuteOfDay(input.startTime), input.timezone).getTime();
    return mine && same ? bookingAnswer(mine, input, tutor.profile) : null;
  };
  const slot = findSlot(slots, startAt);
  if (!slot || slot.start !== input.startTime || slot.end !== input.endTime) {
    const mine = await alreadyMine();
    if (mine) return mine;
    throw new AppError('SLOT_UNAVAILABLE', messages.slotUnavailable);
  }
  try {
    const session = await createLiveSession(
      ctx,
      auth,
      {
        teacherId: input.teacherId,
        subject: input.subject,
        startAt: slot.startAt,
        endAt: slot.endAt,
        forKids: input.forKids,
        isChatBooking: false,
        // The spec's payload names a curriculum topic, but this route books no curriculum subject:
        // only the curriculum's own booking (POST /api/curriculum/sessions) keeps one.
        topicId: null,
        certificateId: null,
        level: null,
      },
      { allowDemo: true, now, log },
    );
    // The snapshot just read has the tutor's name: no second read.
    return bookingAnswer(session, { date: input.date, startTime: slot.start, endTime: slot.end }, tutor.profile);
  } catch (error) {
    // The same ask sent at once: the one that got in holds the slot for this learner, and may have
    // spent what the second would spend (a demo, the last session), so any refusal asks first.
    const mine = error instanceof AppError ? await alreadyMine() : null;
    if (mine) return mine;
    throw error;
  }
}

function bookingAnswer(session: repo.SessionRow, at: Pick<Payload, 'date' | 'startTime' | 'endTime'>, tutor: { id: string; name: string }): BookingResponse {
  return {
    _id: session.id,
    startTime: at.startTime,
    endTime: at.endTime,
    sessionDate: at.date,
    startAt: session.startAt.toISOString(),
    type: session.type,
    teacher: { _id: tutor.id, name: tutor.name, image: avatarPath(tutor.id) },
  };
}

/**
 * Spends the attendee's quota and inserts the session in one transaction, then lets every node
 * know the tutor's schedule changed; the exclusion constraints turn an overlap into SLOT_TAKEN or
 * LEARNER_BUSY (overlapRefusal). Used by booking and by the chat requests tutors book.
 */
export async function createLiveSession(
  ctx: AppContext,
  attendee: Attendee,
  session: Omit<Parameters<typeof repo.insertSession>[1], 'learnerId' | keyof PaidBy>,
  options: {
    allowDemo: boolean;
    now: Date;
    /** Where a failure after the commit (handing the e-mails to the queue) is written. */
    log: AfterCommitLog;
    alongside?: (tx: Db, sessionId: string) => Promise<void>;
    /** A tutor booked it (a chat request): the learner, and a kid's parent, are told. */
    bookedByTutor?: boolean;
  },
): Promise<repo.SessionRow> {
  let told: Told = { notifications: [], mailIds: [] };
  const row = await refusingOverlap(overlapRefusal(options.bookedByTutor ? 'tutor' : 'learner'), () =>
    ctx.db.transaction(async (tx) => {
      await assertTutorTakes(tx, session, options.bookedByTutor ? 'tutor' : 'learner');
      const paidBy = await spendQuota(tx, attendee, session.subject, options.now, options);
      const inserted = await repo.insertSession(tx, { ...session, learnerId: attendee.userId, ...paidBy });
      // Whatever must change with the booking (a chat request's status, its reminders and end job) commits or fails with it.
      await options.alongside?.(tx, inserted.id);
      await insertSessionJobs(ctx, tx, inserted);
      // The side that did not book hears of it in the app (the learner and a kid's parent, or the
      // tutor); the learner side gets an e-mail either way.
      told = await noticeBooked(ctx, tx, inserted, options.bookedByTutor ?? false, options.now);
      return inserted;
    }),
  );
  await publishSessionChange(ctx, { session: row, ...told }, options.log);
  return row;
}

/**
 * A tutor a moderator blocked takes no bookings (the share lock on their row orders this booking
 * with the block), and a tutor takes sessions only in subjects they teach (a chat request made
 * before they dropped one, too).
 */
async function assertTutorTakes(tx: Db, session: { teacherId: string; subject: string; forKids?: boolean | undefined }, bookedBy: 'tutor' | 'learner' = 'learner') {
  const tutor = await repo.lockTutor(tx, session.teacherId);
  if (!tutor) throw new AppError('SLOT_UNAVAILABLE', messages.slotUnavailable);
  // Said in the booker's words: a tutor booking a chat request is told their own account is blocked.
  if (tutor.isBlocked) throw new AppError('SLOT_UNAVAILABLE', bookedBy === 'tutor' ? messages.blockedTutorCannotBook : messages.tutorNotTakingBookings);
  assertTeaches(tutor, session.subject, session.forKids ?? false);
}

/**
 * The database refused a session overlapping one the tutor already has (someone took the slot:
 * SLOT_TAKEN, and the schedule is worth asking again; to a tutor booking a chat request, it is
 * their own session), or one the learner or kid already has with any tutor (LEARNER_BUSY: the
 * slot stays free for others, the learner picks another time), in the booker's words.
 */
const overlapRefusal = (bookedBy: 'tutor' | 'learner') => (constraint: string | undefined) =>
  constraint === repo.LEARNER_OVERLAP_CONSTRAINT
    ? new AppError('LEARNER_BUSY', bookedBy === 'tutor' ? messages.learnerBusyForTutor : messages.learnerBusy)
    : new AppError('SLOT_TAKEN', bookedBy === 'tutor' ? messages.slotTakenForTutor : messages.slotTaken);

/** What paid for a session, as its row keeps it: a subscription's session also says which count it came from, and when. */
type PaidBy = Pick<repo.SessionRow, 'type' | 'subscriptionId' | 'spentFrom' | 'spentAt'>;

/** Spends a demo, a subscription session or a kid's session (see spendKidQuota), whichever applies. */
async function spendQuota(tx: Db, attendee: Attendee, subject: string, now: Date, options: { allowDemo: boolean }): Promise<PaidBy> {
  const user = await repo.lockUser(tx, attendee.userId);
  if (!user) throw notFound('Learner not found');
  const isDemoPaid = isDemoPaidFor({ subject, isDemoPayed: user.isDemoPayed, isIELTSDemoPayed: user.isIeltsDemoPayed });
  if (options.allowDemo && bookingType({ isDemoPaid, demoBookedSubjects: user.demoBookedSubjects, subject }) === 'Demo') {
    if (!(await repo.markDemoBooked(tx, user.id, subject))) throw new AppError('DEMO_ALREADY_BOOKED', 'Your demo for this subject is already booked.');
    return { type: 'Demo', subscriptionId: null, spentFrom: null, spentAt: null };
  }
  if (attendee.role === 'kid') return spendKidQuota(tx, user, subject, now);
  const { subscriptionId, spentFrom } = await spendSubscriptionSession(tx, user.id, subject, now);
  return { type: 'Regular', subscriptionId, spentFrom, spentAt: now };
}

/**
 * A kid spends a session bought for them first, then one of the parent's live plan covering the
 * subject (kidPlanSubjectFor), spent as the parent's own booking would: the plan's row locked
 * after the kid's, its weekly limit included, and kept on the session so a give-back returns it
 * to the plan. With neither (or the plan's week used up), the kids' buy-sessions prompt (spec §5).
 */
async function spendKidQuota(tx: Db, kid: { id: string; parentId: string | null }, subject: string, now: Date): Promise<PaidBy> {
  if (await spendKidSession(tx, kid.id, subject)) return { type: 'Regular', subscriptionId: null, spentFrom: null, spentAt: null };
  const buySessions = () => new AppError('BUY_SESSIONS', messages.buySessionToBook);
  const planSubject = kidPlanSubjectFor(subject);
  if (!kid.parentId || !planSubject || !(await hasLivePlanFor(tx, kid.parentId, planSubject, now))) throw buySessions();
  try {
    const { subscriptionId, spentFrom } = await spendSubscriptionSession(tx, kid.parentId, planSubject, now);
    return { type: 'Regular', subscriptionId, spentFrom, spentAt: now };
  } catch (error) {
    // The plan's refusal speaks to a subscriber; a kid is offered sessions to buy instead.
    if (isOutOfSessions(error)) throw buySessions();
    throw error;
  }
}

export async function listMySessions(
  ctx: AppContext,
  auth: AuthContext,
  query: { page: number; limit: number; subject?: string | undefined; when: 'upcoming' | 'past'; studentID?: string | undefined; timezone?: string | undefined },
) {
  if (query.studentID && query.studentID !== auth.userId) throw notFound('Learner not found');
  const { items, total } = await repo.listLearnerSessions(ctx.db, {
    learnerId: auth.userId,
    subject: query.subject,
    when: query.when,
    now: ctx.now(),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    total,
    items: items.map(({ session, tutorName, learnerName, tutorTimeZone, learnerTimeZone, movedToStartAt }) =>
      toSessionItem(
        session,
        tutorName,
        learnerName,
        // The viewer's clock: the one the list is shown in when the page says so, else their own.
        query.when === 'upcoming' ? { viewerTimeZone: query.timezone ?? learnerTimeZone, other: { name: tutorName, timeZone: tutorTimeZone } } : undefined,
        movedToStartAt,
      ),
    ),
  };
}

/** A tutor's own upcoming sessions, one page at a time. */
export async function listTutorUpcomingSessions(ctx: AppContext, tutorId: string, page: { page: number; limit: number }) {
  const [{ items, total }, tutor] = await Promise.all([
    repo.listTutorUpcomingSessions(ctx.db, tutorId, ctx.now(), page.limit, (page.page - 1) * page.limit),
    repo.findUserName(ctx.db, tutorId),
  ]);
  if (!tutor) throw notFound('Tutor not found');
  return {
    total,
    items: items.map(({ session, learnerName, learnerTimeZone, ieltsBandGoal, ieltsTestDate }) => ({
      ...toSessionItem(session, tutor.name, learnerName, { viewerTimeZone: tutor.timezone, other: { name: learnerName, timeZone: learnerTimeZone } }),
      // The IELTS dashboard tells the learner their tutors plan around it.
      ieltsGoal: session.subject === 'IELTS' && (ieltsBandGoal !== null || ieltsTestDate !== null) ? { band: ieltsBandGoal, testDate: ieltsTestDate } : null,
    })),
  };
}

/** A tutor's ended and cancelled sessions, latest first, with the attendance outcome and minutes. */
export async function listTutorPastSessions(ctx: AppContext, tutorId: string, page: { page: number; limit: number }) {
  const [{ items, total }, tutor] = await Promise.all([
    repo.listTutorPastSessions(ctx.db, tutorId, ctx.now(), page.limit, (page.page - 1) * page.limit),
    repo.findUserName(ctx.db, tutorId),
  ]);
  if (!tutor) throw notFound('Tutor not found');
  return { total, items: items.map(({ session, learnerName, movedToStartAt }) => toSessionItem(session, tutor.name, learnerName, undefined, movedToStartAt)) };
}

/** Upcoming sessions: whose clocks to compare for the daylight-saving note (the viewer's, the other person's). */
type ClockPair = { viewerTimeZone: string; other: { name: string; timeZone: string } };

/** `movedToStartAt`: when the session it was moved to starts, for a session cancelled by a reschedule. */
function toSessionItem(session: repo.SessionRow, tutorName: string, learnerName: string, clocks?: ClockPair, movedToStartAt?: Date | null): SessionItem {
  const shift = clocks && session.status === 'booked' ? weeklyClockShift({ startAt: session.startAt, viewerTimeZone: clocks.viewerTimeZone, otherTimeZone: clocks.other.timeZone }) : null;
  return {
    _id: session.id,
    subject: session.subject,
    type: session.type,
    status: session.status,
    startAt: session.startAt.toISOString(),
    endAt: session.endAt.toISOString(),
    forKids: session.forKids,
    teacher: { _id: session.teacherId, name: tutorName, image: avatarPath(session.teacherId) },
    learner: { _id: session.learnerId, name: learnerName },
    outcome: session.outcome,
    learnerMinutes: session.learnerMinutes,
    tutorMinutes: session.tutorMinutes,
    cancelledBy: session.cancelledBy,
    cancelledAt: session.cancelledAt?.toISOString() ?? null,
    cancelReason: session.status === 'cancelled' && !session.rescheduledToId ? session.cancelReason || null : null,
    refunded: session.refunded,
    movedTo: session.rescheduledToId && movedToStartAt ? { _id: session.rescheduledToId, startAt: movedToStartAt.toISOString() } : null,
    clockShift: shift && clocks ? { name: clocks.other.name, ...shift } : null,
  };
}

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// ---- Cancelling and rescheduling -----------------------------------------------------------

type SessionPerson = Awaited<ReturnType<typeof repo.findPeople>>[number];
/** Everyone a session concerns: its tutor, its learner and, for a kid, the parent who runs the account. */
type SessionPeople = { tutor: SessionPerson | undefined; learner: SessionPerson | undefined; parent: SessionPerson | undefined };

async function sessionPeople(db: Db, session: Pick<repo.SessionRow, 'teacherId' | 'learnerId'>): Promise<SessionPeople> {
  const found = await repo.findPeople(db, [session.teacherId, session.learnerId]);
  const learner = found.find((p) => p.id === session.learnerId);
  const [parent] = learner?.parentId ? await repo.findPeople(db, [learner.parentId]) : [];
  return { tutor: found.find((p) => p.id === session.teacherId), learner, parent };
}

const learnerSide = (people: SessionPeople) => [people.learner, people.parent].filter((p): p is SessionPerson => Boolean(p));

/** Which side of the session the caller is on (a kid's parent acts for the kid); undefined for anyone else. */
function sideOf(auth: AuthContext, session: repo.SessionRow, people: SessionPeople): Canceller | undefined {
  if (auth.role === 'teacher') return session.teacherId === auth.userId ? 'tutor' : undefined;
  if (auth.role !== 'learner' && auth.role !== 'kid') return undefined;
  if (session.learnerId === auth.userId) return 'learner';
  return auth.role === 'learner' && people.parent?.id === auth.userId ? 'learner' : undefined;
}

/** The session and the caller's side of it; anyone else is told it does not exist. */
async function sessionForCaller(db: Db, auth: AuthContext, sessionId: string, lock: boolean) {
  const session = lock ? await repo.lockSession(db, sessionId) : await repo.findSession(db, sessionId);
  const people = session ? await sessionPeople(db, session) : undefined;
  const side = session && people ? sideOf(auth, session, people) : undefined;
  if (!session || !people || !side) throw notFound('Session not found');
  return { session, people, side };
}

function assertStillBooked(session: repo.SessionRow, now: Date) {
  if (session.rescheduledToId) throw new AppError('CONFLICT', 'This session was moved to another time. Your sessions list shows the new one.');
  if (session.status !== 'booked') throw new AppError('CONFLICT', 'This session is already cancelled.');
  if (now.getTime() >= session.startAt.getTime()) throw new AppError('CONFLICT', 'This session has already started.');
}

/** Before confirming: whether cancelling now gives the session back (spec: 12 h ahead, or any tutor cancellation). */
export async function cancelPreview(ctx: AppContext, auth: AuthContext, sessionId: string) {
  const now = ctx.now();
  const { session, side } = await sessionForCaller(ctx.db, auth, sessionId, false);
  assertStillBooked(session, now);
  const refunded = cancellationRefunds(side, now, session.startAt);
  return { refunded, message: cancellationNotice(side, refunded, session.type === 'Demo') };
}

/**
 * Cancels a booked session under a row lock, so cancelling twice gives back once. A tutor's
 * cancellation, or a learner's at least 12 hours ahead, gives back what booking spent; the other
 * side is told (a learner also by e-mail).
 */
export async function cancelSession(ctx: AppContext, auth: AuthContext, sessionId: string, reason: string, log: AfterCommitLog) {
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const { session, people, side } = await sessionForCaller(tx, auth, sessionId, true);
    assertStillBooked(session, now);
    const refunded = cancellationRefunds(side, now, session.startAt);
    if (refunded) await refundSession(tx, session, now);
    await repo.markCancelled(tx, session.id, { cancelledAt: now, cancelledBy: side, cancelReason: reason.trim(), refunded });
    const told =
      side === 'tutor' ? await noticeTutorCancelled(ctx, tx, session, people, reason.trim()) : await noticeLearnerCancelled(ctx, tx, session, people, { reason: reason.trim(), refunded });
    return { session, side, refunded, ...told };
  });
  await publishSessionChange(ctx, { session: done.session, notifications: done.notifications, mailIds: done.mailIds }, log);
  return { status: 'cancelled' as const, refunded: done.refunded, message: cancelledNotice(done.side, done.refunded, done.session.type === 'Demo') };
}

/** Sessions cancelled for a tutor in someone else's transaction, and what to tell once it commits. */
export type TutorCancellations = { session: repo.SessionRow; notifications: NotificationRow[]; mailIds: string[] }[];

/**
 * Cancels every booked session of the tutor that has not started, each as the tutor's own
 * cancellation: what it spent is given back and its learner (and a kid's parent) is told in the
 * app and by e-mail. Runs in the caller's transaction (a moderator blocking the tutor), so the
 * sessions go back with the block or not at all; pass the answer to publishTutorCancellations
 * after the commit.
 */
export async function cancelUpcomingTutorSessions(ctx: AppContext, tx: Db, tutorId: string, reason: string, now: Date): Promise<TutorCancellations> {
  const changes: TutorCancellations = [];
  for (const session of await repo.lockUpcomingTutorSessions(tx, tutorId, now)) {
    const refunded = cancellationRefunds('tutor', now, session.startAt);
    if (refunded) await refundSession(tx, session, now);
    await repo.markCancelled(tx, session.id, { cancelledAt: now, cancelledBy: 'tutor', cancelReason: reason, refunded });
    const told = await noticeTutorCancelled(ctx, tx, session, await sessionPeople(tx, session), reason);
    changes.push({ session, ...told });
  }
  return changes;
}

/** After the commit: both sides' tabs, the notifications and the e-mails of cancelUpcomingTutorSessions. */
export async function publishTutorCancellations(ctx: AppContext, cancelled: TutorCancellations, log: AfterCommitLog): Promise<void> {
  for (const change of cancelled) await publishSessionChange(ctx, change, log);
}

/**
 * Gives back exactly what booking the session spent: the demo (it can be booked again), one
 * session of the subscription that paid, to the count it came from (returnOneSession; to the
 * backlog of the plan that took its sessions over, if one did; a kid's session paid by the
 * parent's plan goes back to that plan), or one of the kid's purchased sessions. In the caller's
 * transaction; false when the session cost nothing to give back.
 */
export async function refundSession(
  tx: Db,
  session: Pick<repo.SessionRow, 'type' | 'subscriptionId' | 'spentFrom' | 'spentAt' | 'forKids' | 'learnerId' | 'subject'>,
  now: Date,
): Promise<boolean> {
  if (session.type === 'Demo') {
    await repo.unmarkDemoBooked(tx, session.learnerId, session.subject);
    return true;
  }
  if (session.subscriptionId) {
    const paid = await repo.lockSubscription(tx, session.subscriptionId);
    if (!paid) return false;
    // A plan bought since for the subject took the paying one's sessions over: this one joins them, as backlog.
    let locked = paid;
    while (locked.sub.carriedToId) {
      const next = await repo.lockSubscription(tx, locked.sub.carriedToId);
      if (!next) break;
      locked = next;
    }
    const { allowanceWeek, ...thisWeek } = countsInWeek(locked.sub, locked.weeklySessions, now);
    const spend = session.spentFrom && session.spentAt ? { spentFrom: session.spentFrom, spentAt: session.spentAt } : null;
    const counts = locked === paid ? returnOneSession({ subscription: { ...locked.sub, ...thisWeek }, spend, now }) : { ...thisWeek, backlogSession: thisWeek.backlogSession + 1 };
    await repo.setSubscriptionCounts(tx, locked.sub.id, { ...counts, allowanceWeek });
    return true;
  }
  if (session.forKids) {
    await repo.returnKidSession(tx, session.learnerId, session.subject);
    return true;
  }
  return false;
}

/**
 * Moves a session to another slot of the same tutor, in one transaction: the new slot must be one
 * a fresh booking could take, and the old one is cancelled under the cancellation rule. Given back
 * (12 h or more ahead), its spend moves to the new session; otherwise the new one spends another,
 * and without one left nothing changes. The database refuses a taken slot: the old one stays.
 */
export async function rescheduleSession(
  ctx: AppContext,
  auth: AuthContext,
  sessionId: string,
  input: { startTime: string; endTime: string; timezone: string },
  log: AfterCommitLog,
) {
  const now = ctx.now();
  // Learners (and a kid's parent) only: the route admits no tutor, who cancels instead.
  const current = await sessionForCaller(ctx.db, auth, sessionId, false);
  assertStillBooked(current.session, now);
  const slot = await freeSlotFor(ctx, current.session, { startAt: new Date(input.startTime), endAt: new Date(input.endTime), timeZone: input.timezone, now });
  const moved = await refusingOverlap(overlapRefusal('learner'), () =>
    ctx.db.transaction(async (tx) => {
      // The tutor's row first, as a booking and a moderator's block take it (then the session): a
      // move takes turns with the tutor's bookings, and a block cannot miss the new session.
      await assertTutorTakes(tx, current.session);
      const { session: old, people } = await sessionForCaller(tx, auth, sessionId, true);
      assertStillBooked(old, now);
      const refunded = cancellationRefunds('learner', now, old.startAt);
      await repo.markCancelled(tx, old.id, { cancelledAt: now, cancelledBy: 'learner', cancelReason: 'Rescheduled', refunded });
      // Given back, the old spend (its count and week) moves to the new session as it was.
      const paidBy: PaidBy = refunded ? { type: old.type, subscriptionId: old.subscriptionId, spentFrom: old.spentFrom, spentAt: old.spentAt } : await spendAnother(tx, old, now);
      const row = await repo.insertSession(tx, {
        teacherId: old.teacherId,
        learnerId: old.learnerId,
        subject: old.subject,
        ...paidBy,
        startAt: slot.startAt,
        endAt: slot.endAt,
        forKids: old.forKids,
        isChatBooking: old.isChatBooking,
        topicId: old.topicId,
        certificateId: old.certificateId,
        level: old.level,
        rescheduledFromId: old.id,
      });
      await repo.markRescheduled(tx, old.id, row.id);
      await insertSessionJobs(ctx, tx, row);
      return { old, row, refunded, ...(await noticeRescheduled(ctx, tx, { old, moved: row, refunded }, people)) };
    }),
  );
  await publishSessionChange(ctx, { session: moved.row, notifications: moved.notifications, mailIds: moved.mailIds }, log);
  return {
    _id: moved.row.id,
    rescheduledFromId: moved.old.id,
    startAt: moved.row.startAt.toISOString(),
    endAt: moved.row.endAt.toISOString(),
    type: moved.row.type,
    refunded: moved.refunded,
    message: rescheduleNotice(moved.refunded, moved.old.type === 'Demo'),
  };
}

/** The slot asked for, if a fresh booking of the same length with the same tutor could take it now (the session being moved frees its own time). */
async function freeSlotFor(ctx: AppContext, session: repo.SessionRow, want: { startAt: Date; endAt: Date; timeZone: string; now: Date }): Promise<Slot> {
  const durationMin = Math.round((session.endAt.getTime() - session.startAt.getTime()) / 60_000);
  if (want.startAt.getTime() === session.startAt.getTime()) throw new AppError('VALIDATION_FAILED', messages.rescheduleSameTime, { startTime: messages.rescheduleSameTime });
  if (want.endAt.getTime() - want.startAt.getTime() !== durationMin * 60_000) {
    throw new AppError('VALIDATION_FAILED', `This session lasts ${durationMin} minutes.`, { endTime: `Must be ${durationMin} minutes after the start` });
  }
  const tutor = await loadTutorSnapshot(ctx.db, session.teacherId, want.now);
  if (!tutor) throw notFound('Tutor not found');
  const booked = tutor.booked.filter((b) => b.startAt.getTime() !== session.startAt.getTime() || b.endAt.getTime() !== session.endAt.getTime());
  const slots = tutorSlots({ ...tutor, booked }, { date: isoDateInZone(want.startAt, want.timeZone), viewerTimeZone: want.timeZone, durationMin, now: want.now });
  const slot = findSlot(slots, want.startAt);
  if (!slot || slot.endAt.getTime() !== want.endAt.getTime()) throw new AppError('SLOT_UNAVAILABLE', messages.slotUnavailable);
  return slot;
}

/** A late move spends a second session; with none left the whole move is refused and the old booking stays. */
async function spendAnother(tx: Db, old: repo.SessionRow, now: Date) {
  try {
    // Never the learner's demo: a move pays with the plan (a demo moved late is spent, not booked again).
    return await spendQuota(tx, { userId: old.learnerId, role: old.forKids ? 'kid' : 'learner' }, old.subject, now, { allowDemo: false });
  } catch (error) {
    if (isOutOfSessions(error)) {
      const needs = old.type === 'Demo' ? 'moving this demo needs one of your sessions' : 'moving this session needs another one';
      throw new AppError('CONFLICT', `It is less than ${FREE_CANCEL_BEFORE_HOURS} hours to the start, so ${needs}, and you have none left. Your booking stays as it is.`);
    }
    throw error;
  }
}

// ---- Telling both sides ----------------------------------------------------------------------

/**
 * Where each person finds their sessions. A kid's are listed (to move or cancel) on the kid's
 * subject page, for the kid and for the parent; the link names the kid, so a parent with another
 * kid open is asked to choose.
 */
function sessionsPath(person: SessionPerson, session: Pick<repo.SessionRow, 'subject' | 'forKids' | 'learnerId'>): string {
  if (person.role === 'teacher') return '/teacher/sessions';
  if (session.forKids) {
    const slug = kidSubjects.find((kid) => kid.subject === session.subject)?.slug;
    return slug ? `/kids/${slug}/session?kid=${session.learnerId}` : '/kids/dashboard';
  }
  if (session.subject === 'IELTS') return '/ielts/session';
  if (session.subject === 'Curriculum') return '/curriculumNew/session';
  return '/learner/session';
}

/** The sessions list's Past tab, where a cancelled session is listed. */
function pastSessionsPath(person: SessionPerson, session: Pick<repo.SessionRow, 'subject' | 'forKids' | 'learnerId'>): string {
  const path = sessionsPath(person, session);
  return `${path}${path.includes('?') ? '&' : '?'}when=past`;
}

/** The kid's name when `person` is the parent of the kid whose session it is; null for the learner (or kid) themselves. */
function kidOfParent(person: SessionPerson, people: SessionPeople): string | null {
  return person.id === people.parent?.id && people.learner ? people.learner.name : null;
}

/** A kid's parent hears whose session the tutor booked. */
const tutorBookedTitle = (kid: string | null) => (kid ? `${kid}’s tutor booked a session` : 'Your tutor booked your session');

/** 'Your English session' ('Your English demo session'), or for a kid's parent 'Aarav's English session'. */
function whoseSession(person: SessionPerson, people: SessionPeople, session: Pick<repo.SessionRow, 'subject' | 'type'>): string {
  const what = `${session.subject} ${sessionNoun(session.type)}`;
  const kid = kidOfParent(person, people);
  return kid ? `${kid}’s ${what}` : `Your ${what}`;
}

type Told = { notifications: NotificationRow[]; mailIds: string[] };

/** What an e-mail to someone on the learner side says about the session, in their own zone. */
function mailFacts(ctx: AppContext, person: SessionPerson, people: SessionPeople, session: repo.SessionRow): SessionMailFacts {
  return {
    name: person.name,
    whose: whoseSession(person, people, session),
    kid: kidOfParent(person, people),
    demo: session.type === 'Demo',
    tutorName: people.tutor?.name ?? 'Your tutor',
    when: formatSessionTime(session.startAt, person.timezone),
    durationMin: Math.round((session.endAt.getTime() - session.startAt.getTime()) / MS_PER_MINUTE),
    sessionsUrl: `${ctx.config.publicUrl}${sessionsPath(person, session)}`,
  };
}

/** In the transaction that decided a tutor no-show: the learner side's e-mails of it, to send after the commit. */
export async function mailTutorNoShow(ctx: AppContext, tx: Db, session: repo.SessionRow, refunded: boolean): Promise<string[]> {
  const people = await sessionPeople(tx, session);
  return mailLearnerSide(tx, people, `session-tutor-no-show:${session.id}`, (person) => tutorNoShowMail(mailFacts(ctx, person, people, session), { refunded }));
}

/** Queues one e-mail to each person on the learner side who has an address (a kid has none; the parent gets it). */
async function mailLearnerSide(tx: Db, people: SessionPeople, topic: string, write: (person: SessionPerson) => MailText): Promise<string[]> {
  const mailIds: string[] = [];
  for (const person of learnerSide(people)) {
    if (person.email) mailIds.push(await queueMail(tx, { to: person.email, ...write(person), topic }));
  }
  return mailIds;
}

/**
 * Queues the tutor's e-mail of what the learner side did (the bell's words, `said`), when the tutor
 * has an address; `path` is where the tutor's web app lists the session.
 */
async function mailTutor(ctx: AppContext, tx: Db, tutor: SessionPerson, change: { topic: string; subject: string; said: string; path: string; booked?: boolean }): Promise<string[]> {
  if (!tutor.email) return [];
  const text = tutorMail({ name: tutor.name, sessionsUrl: `${ctx.config.publicUrl}${change.path}` }, change.subject, change.said, { booked: change.booked });
  return [await queueMail(tx, { to: tutor.email, ...text, topic: `${change.topic}:tutor` })];
}

/**
 * A new session: the side that did not book hears of it in the app and by e-mail (the learner and
 * a kid's parent when the tutor booked it, the tutor when the learner did), and the learner side
 * gets an e-mail either way.
 */
async function noticeBooked(ctx: AppContext, tx: Db, session: repo.SessionRow, bookedByTutor: boolean, now: Date): Promise<Told> {
  const people = await sessionPeople(tx, session);
  const topic = `session-booked:${session.id}`;
  const reminderOffsetsMin = reminderTimes(session.startAt, now).map((r) => r.offsetMin);
  const mailIds = await mailLearnerSide(tx, people, topic, (person) =>
    bookedMail(mailFacts(ctx, person, people, session), { bookedByTutor, reminderOffsetsMin, late: lateCancelFrom(session.startAt, now) }),
  );
  if (bookedByTutor) return { notifications: await noticeTutorBooked(tx, session, people), mailIds };
  const tutor = people.tutor;
  if (!tutor) return { notifications: [], mailIds };
  const learnerName = people.learner?.name ?? 'A learner';
  const when = formatSessionTime(session.startAt, tutor.timezone);
  const said = `${learnerName} booked ${withArticle(session.subject)} ${sessionNoun(session.type)} with you for ${when}.`;
  const link = sessionsPath(tutor, session);
  const notification = await notify(tx, tutor.id, { kind: 'session_booked', title: 'New session booked', body: said, link });
  const subject = `${learnerName} booked a session for ${when}`;
  return { notifications: [notification], mailIds: [...mailIds, ...(await mailTutor(ctx, tx, tutor, { topic, subject, said, path: link, booked: true }))] };
}

function noticeTutorBooked(tx: Db, session: repo.SessionRow, people: SessionPeople): Promise<NotificationRow[]> {
  const tutorName = people.tutor?.name ?? 'Your tutor';
  return Promise.all(
    learnerSide(people).map((person) =>
      notify(tx, person.id, {
        kind: 'session_booked',
        title: tutorBookedTitle(kidOfParent(person, people)),
        body: `${tutorName} booked ${whoseSession(person, people, session).replace(/^Your/, 'your')} for ${formatSessionTime(session.startAt, person.timezone)}.`,
        link: sessionsPath(person, session),
      }),
    ),
  );
}

/** The learner (and a kid's parent) hear of a tutor's cancellation in the app and by e-mail. */
async function noticeTutorCancelled(ctx: AppContext, tx: Db, session: repo.SessionRow, people: SessionPeople, reason: string): Promise<Told> {
  const notifications: NotificationRow[] = [];
  for (const person of learnerSide(people)) {
    // A kid's parent hears of the kid's tutor and the kid's balance.
    const kid = kidOfParent(person, people);
    const givenBack = givenBackClause({ demo: session.type === 'Demo', kid });
    const body = withReason(`${whoseSession(person, people, session)} on ${formatSessionTime(session.startAt, person.timezone)} was cancelled by ${kid ? 'the' : 'your'} tutor; ${givenBack}.`, reason);
    const title = kid ? `${kid}’s session cancelled by the tutor` : 'Session cancelled by your tutor';
    notifications.push(await notify(tx, person.id, { kind: 'session_cancelled', title, body, link: pastSessionsPath(person, session) }));
  }
  const mailIds = await mailLearnerSide(tx, people, `session-cancelled:${session.id}`, (person) => cancelledByTutorMail(mailFacts(ctx, person, people, session), { reason }));
  return { notifications, mailIds };
}

/** The tutor hears of a learner's cancellation in the app and by e-mail; the learner side gets an e-mail that says whether the session came back. */
async function noticeLearnerCancelled(ctx: AppContext, tx: Db, session: repo.SessionRow, people: SessionPeople, cancelled: { reason: string; refunded: boolean }): Promise<Told> {
  const topic = `session-cancelled:${session.id}`;
  const mailIds = await mailLearnerSide(tx, people, topic, (person) => cancelledByLearnerMail(mailFacts(ctx, person, people, session), { refunded: cancelled.refunded }));
  const tutor = people.tutor;
  if (!tutor) return { notifications: [], mailIds };
  const learnerName = people.learner?.name ?? 'Your learner';
  const when = formatSessionTime(session.startAt, tutor.timezone);
  const said = withReason(`${learnerName} cancelled the ${session.subject} ${sessionNoun(session.type)} on ${when}.`, cancelled.reason);
  // To the tutor's past sessions, where a cancelled one is listed (the dashboard shows upcoming ones only).
  const link = '/teacher/sessions?when=past';
  const row = await notify(tx, tutor.id, { kind: 'session_cancelled', title: 'Session cancelled', body: said, link });
  const subject = `${learnerName} cancelled the session on ${when}`;
  return { notifications: [row], mailIds: [...mailIds, ...(await mailTutor(ctx, tx, tutor, { topic, subject, said, path: link }))] };
}

/** The tutor hears of a move in the app and by e-mail; the learner side gets an e-mail with the old and the new time. */
async function noticeRescheduled(
  ctx: AppContext,
  tx: Db,
  change: { old: repo.SessionRow; moved: repo.SessionRow; refunded: boolean },
  people: SessionPeople,
): Promise<Told> {
  const { old, moved } = change;
  const mailIds = await mailLearnerSide(tx, people, `session-moved:${moved.id}`, (person) =>
    // Named as what was booked: a demo moved late is spent, and its new time (a plan's session) is still the learner's demo time.
    movedMail(mailFacts(ctx, person, people, { ...moved, type: old.type }), { from: formatSessionTime(old.startAt, person.timezone), refunded: change.refunded }),
  );
  const tutor = people.tutor;
  if (!tutor) return { notifications: [], mailIds };
  const learnerName = people.learner?.name ?? 'Your learner';
  const when = formatSessionTime(moved.startAt, tutor.timezone);
  const said = `${learnerName} moved the ${old.subject} ${sessionNoun(old.type)} on ${formatSessionTime(old.startAt, tutor.timezone)} to ${when}.`;
  const link = sessionsPath(tutor, moved);
  const notification = await notify(tx, tutor.id, { kind: 'session_rescheduled', title: 'Session rescheduled', body: said, link });
  const subject = `${learnerName} moved a session to ${when}`;
  return { notifications: [notification], mailIds: [...mailIds, ...(await mailTutor(ctx, tx, tutor, { topic: `session-moved:${moved.id}`, subject, said, path: link }))] };
}

/**
 * After the commit: the tutor's schedule is read afresh on every node, the notifications and
 * `sessions_changed` reach both sides' open tabs, and the e-mails go to the mail job (one that
 * cannot be queued now is sent at the next start).
 */
async function publishSessionChange(
  ctx: AppContext,
  change: { session: repo.SessionRow; notifications: NotificationRow[]; mailIds: string[] },
  log: AfterCommitLog,
): Promise<void> {
  await ctx.tutorCache.invalidate(change.session.teacherId);
  pushNotifications(ctx, change.notifications);
  const people = await sessionPeople(ctx.db, change.session);
  const everyone = [people.tutor, ...learnerSide(people)].filter((p): p is SessionPerson => Boolean(p));
  ctx.realtime.emit(everyone.map((p) => userChannel(p.id)), 'sessions_changed', { sessionId: change.session.id });
  for (const mailId of change.mailIds) await sendAfterCommit(ctx, mailId, log);
}
