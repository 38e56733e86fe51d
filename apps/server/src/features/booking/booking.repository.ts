import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessions, users } from '../../db/schema';

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

export async function insertSession(tx: Db, session: typeof liveSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(liveSessions).values(session).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserName(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  return row;
}

export async function listLearnerSessions(
  db: Db,
  filter: { learnerId: string; subject?: string | undefined; when: 'upcoming' | 'past'; now: Date; limit: number; offset: number },
) {
  const where = and(
    eq(liveSessions.learnerId, filter.learnerId),
    eq(liveSessions.status, 'booked'),
    filter.subject ? eq(liveSessions.subject, filter.subject) : undefined,
    filter.when === 'upcoming' ? gt(liveSessions.endAt, filter.now) : lte(liveSessions.endAt, filter.now),
  );
  const tutorName = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.teacherId})`;
  const learnerName = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.learnerId})`;
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, tutorName, learnerName })
      .from(liveSessions)
      .where(where)
      .orderBy(filter.when === 'upcoming' ? asc(liveSessions.startAt) : desc(liveSessions.startAt))
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
      .select({ session: liveSessions, learnerName: users.name })
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
