import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessions, users } from '../../db/schema';

export async function listSessions(
  db: Db,
  filter: { learnerId: string; subject?: string | undefined; when: 'upcoming' | 'past'; now: Date; limit: number; offset: number },
) {
  const where = and(
    eq(liveSessions.learnerId, filter.learnerId),
    eq(liveSessions.status, 'booked'),
    filter.subject ? eq(liveSessions.subject, filter.subject) : undefined,
    filter.when === 'upcoming' ? gt(liveSessions.endAt, filter.now) : lte(liveSessions.endAt, filter.now),
  );
  const teacher = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.teacherId})`;
  const learner = sql<string>`(select name from ${users} where ${users.id} = ${liveSessions.learnerId})`;
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, teacherName: teacher, learnerName: learner })
      .from(liveSessions)
      .where(where)
      .orderBy(filter.when === 'upcoming' ? asc(liveSessions.startAt) : desc(liveSessions.startAt))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(liveSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
