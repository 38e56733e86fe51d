import type { BookingResponse, SessionBookingPayload } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import { findSlot } from '@parley/domain/slots';
import { zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { createLiveSession } from '../../shared/booking-core';
import { classDurationFor, tutorSlots } from '../../shared/schedule';
import { loadTutorSnapshot } from '../../shared/tutor-cache';
import * as repo from './booking.repository';

type Payload = Omit<SessionBookingPayload, 'forKids'> & { forKids: boolean };

/**
 * Books a live session (spec §4 Booking flow). The server decides everything that matters:
 * the slot must be one the schedule offers, the type follows the demo rule, one session of
 * quota is spent in the same transaction, and the database refuses overlaps.
 */
export async function bookSession(ctx: AppContext, auth: AuthContext, input: Payload): Promise<BookingResponse> {
  if (input.learnerId !== auth.userId) throw notFound('Learner not found');
  if (input.forKids !== (auth.role === 'kid')) {
    throw new AppError('BAD_REQUEST', input.forKids ? 'Switch to the kid’s profile to book for them.' : 'Kids book from the kids area.');
  }
  const now = ctx.now();
  const durationMin = await classDurationFor(ctx.db, auth.userId, input.subject, input.forKids, input.isChatBooking ?? false, now);
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
    ctx.db,
    auth,
    {
      teacherId: input.teacherId,
      subject: input.subject,
      startAt: slot.startAt,
      endAt: slot.endAt,
      forKids: input.forKids,
      isChatBooking: input.isChatBooking ?? false,
      topicId: input.topicId ?? null,
      certificateId: input.certificateId ?? null,
      level: input.level ?? null,
    },
    { allowDemo: true, now },
  );
  await ctx.tutorCache.invalidate(input.teacherId);
  return {
    _id: session.id,
    startTime: slot.start,
    endTime: slot.end,
    sessionDate: input.date,
    startAt: session.startAt.toISOString(),
    type: session.type,
    teacher: await teacherSummary(ctx, input.teacherId),
  };
}

async function teacherSummary(ctx: AppContext, teacherId: string) {
  const row = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, teacherId), columns: { id: true, name: true } });
  if (!row) throw notFound('Tutor not found');
  return { _id: row.id, name: row.name, image: `/api/assets/avatar/${row.id}.svg` };
}

export async function listMySessions(
  ctx: AppContext,
  auth: AuthContext,
  query: { page: number; limit: number; subject?: string | undefined; when: 'upcoming' | 'past'; studentID?: string | undefined },
) {
  if (query.studentID && query.studentID !== auth.userId) throw notFound('Learner not found');
  const { items, total } = await repo.listSessions(ctx.db, {
    learnerId: auth.userId,
    subject: query.subject,
    when: query.when,
    now: ctx.now(),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    total,
    items: items.map(({ session, teacherName, learnerName }) => ({
      _id: session.id,
      subject: session.subject,
      type: session.type,
      status: session.status,
      startAt: session.startAt.toISOString(),
      endAt: session.endAt.toISOString(),
      forKids: session.forKids,
      teacher: { _id: session.teacherId, name: teacherName, image: `/api/assets/avatar/${session.teacherId}.svg` },
      learner: { _id: session.learnerId, name: learnerName },
    })),
  };
}

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
