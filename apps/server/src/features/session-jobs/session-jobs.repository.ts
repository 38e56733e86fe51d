import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessions, sessionPresence, sessionReminders, users } from '../../db/schema';

export type SessionRow = typeof liveSessions.$inferSelect;
export type PresenceRow = typeof sessionPresence.$inferSelect;

export async function findSession(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, sessionId));
  return row;
}

/** The session row, locked until the transaction ends: one decision at a time. */
export async function lockSession(tx: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
  return row;
}

/** The people a reminder can reach: name, e-mail (kids have none), timezone and parent. */
export async function findPeople(db: Db, userIds: string[]) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, timezone: users.timezone, parentId: users.parentId })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Records that one reminder went to one person; false when it already had (a second run of the job). */
export async function claimReminder(tx: Db, reminder: { sessionId: string; offsetMin: number; recipientId: string }): Promise<boolean> {
  const rows = await tx.insert(sessionReminders).values(reminder).onConflictDoNothing().returning({ sessionId: sessionReminders.sessionId });
  return rows.length === 1;
}

export async function presenceOf(db: Db, sessionId: string): Promise<PresenceRow[]> {
  return db.select().from(sessionPresence).where(eq(sessionPresence.sessionId, sessionId));
}

/** Writes the attendance decision, only if none was written yet. */
export async function recordOutcome(
  tx: Db,
  sessionId: string,
  decision: { outcome: NonNullable<SessionRow['outcome']>; learnerMinutes: number; tutorMinutes: number; refunded: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(liveSessions)
    .set({
      outcome: decision.outcome,
      learnerMinutes: decision.learnerMinutes,
      tutorMinutes: decision.tutorMinutes,
      // A refund already recorded (by whoever gave the session back) stays recorded.
      ...(decision.refunded ? { refunded: true } : {}),
    })
    .where(and(eq(liveSessions.id, sessionId), isNull(liveSessions.outcome)))
    .returning({ id: liveSessions.id });
  return rows.length === 1;
}

/**
 * Booked sessions still to be decided that have no pending end job in the queue: those booked
 * before the jobs existed, or whose jobs could not be stored after the booking committed, or
 * whose end job failed for good. Sessions that ended before `endedAfter` are left alone.
 * Reads pg-boss's own job table (schema `pgboss`, the default jobs/queue.ts keeps).
 */
export async function sessionsMissingEndJob(db: Db, endJobName: string, endedAfter: Date): Promise<string[]> {
  const pendingEndJob = sql`select 1 from pgboss.job j where j.name = ${endJobName} and j.state in ('created', 'retry', 'active') and j.data ->> 'sessionId' = ${liveSessions.id}::text`;
  const rows = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.status, 'booked'),
        isNull(liveSessions.outcome),
        gt(liveSessions.endAt, endedAfter),
        sql`not exists (${pendingEndJob})`,
      ),
    );
  return rows.map((row) => row.id);
}
