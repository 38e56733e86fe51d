import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionCounts } from '@parley/domain/sessions';
import type { Db } from '../../db/client';
import { kidSessionBalances, liveSessions, plans, subscriptions, teachers, users } from '../../db/schema';

export type SessionRow = typeof liveSessions.$inferSelect;

export async function lockUser(tx: Db, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Adds the subject to the demo list only if absent: one statement, so a demo is spent once. */
export async function markDemoBooked(tx: Db, userId: string, subject: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ demoBookedSubjects: sql`array_append(${users.demoBookedSubjects}, ${subject})` })
    .where(and(eq(users.id, userId), sql`not (${subject} = any(${users.demoBookedSubjects}))`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The exclusion constraint (migration 0002) refusing a booked session that overlaps another of the same learner or kid. */
export const LEARNER_OVERLAP_CONSTRAINT = 'live_sessions_no_learner_overlap';

export async function insertSession(tx: Db, session: typeof liveSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(liveSessions).values(session).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserName(db: Db, userId: string): Promise<{ id: string; name: string; timezone: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name, timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row;
}

/** The session a listed one was moved to (joined by its primary key), for when it now starts. */
const movedTo = alias(liveSessions, 'moved_to');

/** Upcoming: booked and not ended. Past: ended, or cancelled (whenever it was for), with what came of it. */
const listedWhen = (when: 'upcoming' | 'past', now: Date) =>
  when === 'upcoming' ? and(eq(liveSessions.status, 'booked'), gt(liveSessions.endAt, now)) : or(eq(liveSessions.status, 'cancelled'), lte(liveSessions.endAt, now));

/**
 * Past, latest first by when each session left Upcoming: its end, or when it was called off
 * (least() skips a null cancelledAt), so a session for next week cancelled yesterday sits among
 * yesterday's, not above today's. Then by start, and id, for a stable page order.
 */
const pastOrder = [desc(sql`least(${liveSessions.cancelledAt}, ${liveSessions.endAt})`), desc(liveSessions.startAt), desc(liveSessions.id)];

export async function listLearnerSessions(
  db: Db,
  filter: { learnerId: string; subject?: string | undefined; when: 'upcoming' | 'past'; now: Date; limit: number; offset: number },
) {
  const where = and(
    eq(liveSessions.learnerId, filter.learnerId),
    filter.subject ? eq(liveSessions.subject, filter.subject) : undefined,
    listedWhen(filter.when, filter.now),
  );
  const tutorName = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.teacherId})`;
  const learnerName = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.learnerId})`;
  const tutorTimeZone = sql<string>`(select timezone from ${users} where ${users.id} = ${liveSessions.teacherId})`;
  const learnerTimeZone = sql<string>`(select timezone from ${users} where ${users.id} = ${liveSessions.learnerId})`;
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, tutorName, learnerName, tutorTimeZone, learnerTimeZone, movedToStartAt: movedTo.startAt })
      .from(liveSessions)
      .leftJoin(movedTo, eq(movedTo.id, liveSessions.rescheduledToId))
      .where(where)
      .orderBy(...(filter.when === 'upcoming' ? [asc(liveSessions.startAt)] : pastOrder))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(liveSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** A tutor's booked sessions that have not ended, soonest first. */
export async function listTutorUpcomingSessions(db: Db, tutorId: string, now: Date, limit: number, offset: number) {
  const where = and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), gt(liveSessions.endAt, now));
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, learnerName: users.name, learnerTimeZone: users.timezone, ieltsBandGoal: users.ieltsBandGoal, ieltsTestDate: users.ieltsTestDate })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.learnerId))
      .where(where)
      .orderBy(asc(liveSessions.startAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** A tutor's ended and cancelled sessions, latest first (`pastOrder`), with their attendance outcome (and, for a moved one, when it moved to). */
export async function listTutorPastSessions(db: Db, tutorId: string, now: Date, limit: number, offset: number) {
  const where = and(eq(liveSessions.teacherId, tutorId), listedWhen('past', now));
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, learnerName: users.name, movedToStartAt: movedTo.startAt })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.learnerId))
      .leftJoin(movedTo, eq(movedTo.id, liveSessions.rescheduledToId))
      .where(where)
      .orderBy(...pastOrder)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findSession(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, sessionId));
  return row;
}

/** The learner's (or kid's) booked session with this tutor starting at this instant, if there is one. */
export async function findBookedSessionAt(db: Db, learnerId: string, teacherId: string, startAt: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.learnerId, learnerId), eq(liveSessions.teacherId, teacherId), eq(liveSessions.startAt, startAt), eq(liveSessions.status, 'booked')));
  return row;
}

/** Locks the session row for the rest of the transaction, so two cancellations take turns. */
export async function lockSession(tx: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
  return row;
}

/**
 * The tutor's row with what a booking checks (blocked, subjects, and the name to say so), held
 * until the booking commits. So a moderator blocking the tutor waits for the booking, then cancels
 * it too, and bookings of one tutor take turns: two inserts checking the tutor's exclusion
 * constraint at once can each wait for the other, and fifty at once chain deadlocks that
 * PostgreSQL breaks one a second. Foreign-key checks (key share) do not wait for this lock.
 */
export async function lockTutor(tx: Db, tutorId: string): Promise<{ isBlocked: boolean; subjects: string[]; name: string } | undefined> {
  const [row] = await tx
    .select({ isBlocked: teachers.isBlocked, subjects: teachers.subjects, name: users.name })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.userId, tutorId))
    .for('no key update', { of: teachers });
  return row;
}

/** The tutor's booked sessions that have not started, locked for the rest of the transaction. */
export async function lockUpcomingTutorSessions(tx: Db, tutorId: string, now: Date): Promise<SessionRow[]> {
  return tx
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), gt(liveSessions.startAt, now)))
    .orderBy(asc(liveSessions.startAt))
    .for('update');
}

/** Cancels a booked session; false when it was not booked any more. */
export async function markCancelled(
  tx: Db,
  sessionId: string,
  cancellation: { cancelledAt: Date; cancelledBy: 'learner' | 'tutor'; cancelReason: string; refunded: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(liveSessions)
    .set({ status: 'cancelled', ...cancellation })
    .where(and(eq(liveSessions.id, sessionId), eq(liveSessions.status, 'booked')))
    .returning({ id: liveSessions.id });
  return rows.length === 1;
}

/** Links a session cancelled by a reschedule to the one that replaced it, so its lists say where it moved. */
export async function markRescheduled(tx: Db, oldSessionId: string, newSessionId: string): Promise<void> {
  await tx.update(liveSessions).set({ rescheduledToId: newSessionId }).where(eq(liveSessions.id, oldSessionId));
}

/** Takes the subject off the demo list, so the demo can be booked again. */
export async function unmarkDemoBooked(tx: Db, userId: string, subject: string): Promise<void> {
  await tx
    .update(users)
    .set({ demoBookedSubjects: sql`array_remove(${users.demoBookedSubjects}, ${subject})` })
    .where(eq(users.id, userId));
}

/** The subscription, locked, with its plan's weekly allowance. */
export async function lockSubscription(tx: Db, subscriptionId: string) {
  const [row] = await tx
    .select({ sub: subscriptions, weeklySessions: plans.weeklySessions })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId))
    .for('update', { of: subscriptions });
  return row;
}

export async function setSubscriptionCounts(tx: Db, subscriptionId: string, counts: SessionCounts & { allowanceWeek: number }): Promise<void> {
  await tx.update(subscriptions).set(counts).where(eq(subscriptions.id, subscriptionId));
}

/** Gives one session back to a kid's balance for the subject. */
export async function returnKidSession(tx: Db, kidId: string, subject: string): Promise<void> {
  await tx
    .insert(kidSessionBalances)
    .values({ kidId, subject, sessionsAvailable: 1 })
    .onConflictDoUpdate({
      target: [kidSessionBalances.kidId, kidSessionBalances.subject],
      set: { sessionsAvailable: sql`${kidSessionBalances.sessionsAvailable} + 1` },
    });
}

/** Who hears about a session: name, address, timezone, and a kid's parent. */
export async function findPeople(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, timezone: users.timezone, role: users.role, parentId: users.parentId })
    .from(users)
    .where(inArray(users.id, userIds));
}
