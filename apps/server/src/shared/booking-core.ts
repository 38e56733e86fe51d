import { and, arrayContains, desc, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@parley/domain/roles';
import { messages } from '@parley/domain/messages';
import { bookingType, isDemoPaidFor, QUICK_LEARNER_MODE, totalSessions } from '@parley/domain/sessions';
import { AppError, notFound } from '../http/app-error';
import { EXCLUSION_VIOLATION, pgErrorCode } from './pg-errors';
import type { Db } from '../db/client';
import { kidSessionBalances, liveSessions, subscriptions, users } from '../db/schema';

export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Adds the subject to the demo list only if absent: one statement, so a demo is spent once. */
export async function markDemoBooked(db: Db, userId: string, subject: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ demoBookedSubjects: sql`array_append(${users.demoBookedSubjects}, ${subject})` })
    .where(and(eq(users.id, userId), sql`not (${subject} = any(${users.demoBookedSubjects}))`))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function lockActiveSubscription(db: Db, learnerId: string, subject: string, now: Date) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.learnerId, learnerId), arrayContains(subscriptions.subjects, [subject]), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateSubscriptionCounts(
  db: Db,
  id: string,
  counts: { availableSession: number; availableWeeklySession: number; backlogSession: number },
) {
  await db.update(subscriptions).set(counts).where(eq(subscriptions.id, id));
}

/** Spends one of a kid's purchased sessions if one is left; false when none are. */
export async function spendKidSession(db: Db, kidId: string, subject: string): Promise<boolean> {
  const rows = await db
    .update(kidSessionBalances)
    .set({ sessionsAvailable: sql`${kidSessionBalances.sessionsAvailable} - 1` })
    .where(and(eq(kidSessionBalances.kidId, kidId), eq(kidSessionBalances.subject, subject), gt(kidSessionBalances.sessionsAvailable, 0)))
    .returning({ left: kidSessionBalances.sessionsAvailable });
  return rows.length === 1;
}

export async function insertLiveSession(db: Db, session: typeof liveSessions.$inferInsert) {
  const [row] = await db.insert(liveSessions).values(session).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}


/** Spends a demo, a subscription session or a kid's purchased session, whichever applies. */
export async function spendQuota(tx: Db, attendee: { userId: string; role: Role }, subject: string, now: Date, options: { allowDemo: boolean }) {
  const user = await lockUser(tx, attendee.userId);
  if (!user) throw notFound('Learner not found');
  const isDemoPaid = isDemoPaidFor({ subject, isDemoPayed: user.isDemoPayed, isIELTSDemoPayed: user.isIeltsDemoPayed });
  if (options.allowDemo && bookingType({ isDemoPaid, demoBookedSubjects: user.demoBookedSubjects, subject }) === 'Demo') {
    if (!(await markDemoBooked(tx, user.id, subject))) throw new AppError('DEMO_ALREADY_BOOKED', 'Your demo for this subject is already booked.');
    return { kind: 'Demo' as const, subscriptionId: null };
  }
  if (attendee.role === 'kid') {
    if (!(await spendKidSession(tx, user.id, subject))) throw new AppError('BUY_SESSIONS', messages.buySessionToBook);
    return { kind: 'Regular' as const, subscriptionId: null };
  }
  const subscription = await lockActiveSubscription(tx, user.id, subject, now);
  if (!subscription || totalSessions(subscription) <= 0) throw new AppError('NOT_SUBSCRIBED', messages.subscribeToBook);
  await updateSubscriptionCounts(tx, subscription.id, spendOne(subscription));
  return { kind: 'Regular' as const, subscriptionId: subscription.id };
}

/** spec §4 Sessions count: quick learner mode spends available then backlog; others weekly then backlog. */
export function spendOne(s: typeof subscriptions.$inferSelect) {
  const counts = { availableSession: s.availableSession, availableWeeklySession: s.availableWeeklySession, backlogSession: s.backlogSession };
  if (s.subscriptionType === QUICK_LEARNER_MODE) {
    if (counts.availableSession > 0) counts.availableSession -= 1;
    else counts.backlogSession -= 1;
    return counts;
  }
  if (counts.availableWeeklySession > 0) {
    counts.availableWeeklySession -= 1;
    counts.availableSession = Math.max(counts.availableSession - 1, 0);
  } else {
    counts.backlogSession -= 1;
  }
  return counts;
}


/**
 * Spends the attendee's quota and inserts the session in one transaction; the exclusion
 * constraints turn an overlap into SLOT_TAKEN. Used by booking and by chat requests tutors book.
 */
export async function createLiveSession(
  db: Db,
  attendee: { userId: string; role: Role },
  session: Omit<typeof liveSessions.$inferInsert, 'learnerId' | 'type' | 'subscriptionId'>,
  options: { allowDemo: boolean; now: Date; alongside?: (tx: Db, sessionId: string) => Promise<void> },
) {
  try {
    return await db.transaction(async (tx) => {
      const paidBy = await spendQuota(tx, attendee, session.subject, options.now, options);
      const row = await insertLiveSession(tx, { ...session, learnerId: attendee.userId, type: paidBy.kind, subscriptionId: paidBy.subscriptionId });
      // Whatever must change with the booking (a chat request's status) commits or fails with it.
      await options.alongside?.(tx, row.id);
      return row;
    });
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_TAKEN', messages.slotTaken);
    throw error;
  }
}
