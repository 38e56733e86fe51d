import type { BookingResponse, SessionBookingPayload, SessionItem } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import type { Role } from '@parley/domain/roles';
import { bookingType, isDemoPaidFor } from '@parley/domain/sessions';
import { findSlot } from '@parley/domain/slots';
import { zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { spendKidSession } from '../kids/kids.service';
import { classDurationFor, loadTutorSnapshot, tutorSlots } from '../schedule/schedule.service';
import { spendSubscriptionSession } from '../subscriptions/subscriptions.service';
import * as repo from './booking.repository';

type Payload = Omit<SessionBookingPayload, 'forKids'> & { forKids: boolean };
type Attendee = { userId: string; role: Role };

/**
 * Books a live session. The server decides everything that matters: the slot must be one the
 * schedule offers, the type follows the demo rule, one session of quota is spent in the same
 * transaction, and the database refuses overlaps.
 */
export async function bookSession(ctx: AppContext, auth: AuthContext, input: Payload): Promise<BookingResponse> {
  if (input.learnerId !== auth.userId) throw notFound('Learner not found');
  if (input.forKids !== (auth.role === 'kid')) {
    throw new AppError('BAD_REQUEST', input.forKids ? 'Switch to the kid’s profile to book for them.' : 'Kids book from the kids area.');
  }
  const now = ctx.now();
  const isChatBooking = input.isChatBooking ?? false;
  const durationMin = await classDurationFor(ctx.db, { learnerId: auth.userId, forKids: input.forKids }, input.subject, { isChatBooking, now });
  if (input.duration !== durationMin) {
    throw new AppError('VALIDATION_FAILED', `${input.subject} sessions last ${durationMin} minutes.`, { duration: `Must be ${durationMin}` });
  }
  const startAt = input.startAt ? new Date(input.startAt) : zonedWallTimeToInstant(input.date, minuteOfDay(input.startTime), input.timezone);
  // Booking reads the tutor fresh, never from the cache.
  const tutor = await loadTutorSnapshot(ctx.db, input.teacherId, now);
  if (!tutor) throw notFound('Tutor not found');
  const slots = tutorSlots(tutor, { date: input.date, viewerTimeZone: input.timezone, durationMin, now });
  const slot = findSlot(slots, startAt);
  if (!slot || slot.start !== input.startTime || slot.end !== input.endTime) {
    throw new AppError('SLOT_UNAVAILABLE', messages.slotUnavailable);
  }
  const session = await createLiveSession(
    ctx,
    auth,
    {
      teacherId: input.teacherId,
      subject: input.subject,
      startAt: slot.startAt,
      endAt: slot.endAt,
      forKids: input.forKids,
      isChatBooking,
      topicId: input.topicId ?? null,
      certificateId: input.certificateId ?? null,
      level: input.level ?? null,
    },
    { allowDemo: true, now },
  );
  return {
    _id: session.id,
    startTime: slot.start,
    endTime: slot.end,
    sessionDate: input.date,
    startAt: session.startAt.toISOString(),
    type: session.type,
    teacher: await tutorSummary(ctx, input.teacherId),
  };
}

/**
 * Spends the attendee's quota and inserts the session in one transaction, then lets every node
 * know the tutor's schedule changed; the exclusion constraints turn an overlap into SLOT_TAKEN.
 * Used by booking and by the chat requests tutors book.
 */
export async function createLiveSession(
  ctx: AppContext,
  attendee: Attendee,
  session: Omit<Parameters<typeof repo.insertSession>[1], 'learnerId' | 'type' | 'subscriptionId'>,
  options: { allowDemo: boolean; now: Date; alongside?: (tx: Db, sessionId: string) => Promise<void> },
): Promise<repo.SessionRow> {
  let row: repo.SessionRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const paidBy = await spendQuota(tx, attendee, session.subject, options.now, options);
      const inserted = await repo.insertSession(tx, { ...session, learnerId: attendee.userId, type: paidBy.kind, subscriptionId: paidBy.subscriptionId });
      // Whatever must change with the booking (a chat request's status) commits or fails with it.
      await options.alongside?.(tx, inserted.id);
      return inserted;
    });
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_TAKEN', messages.slotTaken);
    throw error;
  }
  await ctx.tutorCache.invalidate(session.teacherId);
  return row;
}

/** Spends a demo, a subscription session or a kid's purchased session, whichever applies. */
async function spendQuota(tx: Db, attendee: Attendee, subject: string, now: Date, options: { allowDemo: boolean }) {
  const user = await repo.lockUser(tx, attendee.userId);
  if (!user) throw notFound('Learner not found');
  const isDemoPaid = isDemoPaidFor({ subject, isDemoPayed: user.isDemoPayed, isIELTSDemoPayed: user.isIeltsDemoPayed });
  if (options.allowDemo && bookingType({ isDemoPaid, demoBookedSubjects: user.demoBookedSubjects, subject }) === 'Demo') {
    if (!(await repo.markDemoBooked(tx, user.id, subject))) throw new AppError('DEMO_ALREADY_BOOKED', 'Your demo for this subject is already booked.');
    return { kind: 'Demo' as const, subscriptionId: null };
  }
  if (attendee.role === 'kid') {
    if (!(await spendKidSession(tx, user.id, subject))) throw new AppError('BUY_SESSIONS', messages.buySessionToBook);
    return { kind: 'Regular' as const, subscriptionId: null };
  }
  return { kind: 'Regular' as const, subscriptionId: await spendSubscriptionSession(tx, user.id, subject, now) };
}

async function tutorSummary(ctx: AppContext, tutorId: string) {
  const row = await repo.findUserName(ctx.db, tutorId);
  if (!row) throw notFound('Tutor not found');
  return { _id: row.id, name: row.name, image: avatarUrl(row.id) };
}

export async function listMySessions(
  ctx: AppContext,
  auth: AuthContext,
  query: { page: number; limit: number; subject?: string | undefined; when: 'upcoming' | 'past'; studentID?: string | undefined },
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
  return { total, items: items.map(({ session, tutorName, learnerName }) => toSessionItem(session, tutorName, learnerName)) };
}

/** A tutor's own upcoming sessions, one page at a time. */
export async function listTutorUpcomingSessions(ctx: AppContext, tutorId: string, page: { page: number; limit: number }) {
  const [{ items, total }, tutor] = await Promise.all([
    repo.listTutorUpcomingSessions(ctx.db, tutorId, ctx.now(), page.limit, (page.page - 1) * page.limit),
    repo.findUserName(ctx.db, tutorId),
  ]);
  if (!tutor) throw notFound('Tutor not found');
  return { total, items: items.map(({ session, learnerName }) => toSessionItem(session, tutor.name, learnerName)) };
}

function toSessionItem(session: repo.SessionRow, tutorName: string, learnerName: string): SessionItem {
  return {
    _id: session.id,
    subject: session.subject,
    type: session.type,
    status: session.status,
    startAt: session.startAt.toISOString(),
    endAt: session.endAt.toISOString(),
    forKids: session.forKids,
    teacher: { _id: session.teacherId, name: tutorName, image: avatarUrl(session.teacherId) },
    learner: { _id: session.learnerId, name: learnerName },
  };
}

const avatarUrl = (userId: string) => `/api/assets/avatar/${userId}.svg`;
const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
