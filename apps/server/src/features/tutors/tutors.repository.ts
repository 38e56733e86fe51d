import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favouriteTeachers, liveSessions, teacherReviews } from '../../db/schema';

export async function setFavourite(db: Db, learnerId: string, teacherId: string, favourite: boolean) {
  if (favourite) {
    await db.insert(favouriteTeachers).values({ learnerId, teacherId }).onConflictDoNothing();
  } else {
    await db.delete(favouriteTeachers).where(and(eq(favouriteTeachers.learnerId, learnerId), eq(favouriteTeachers.teacherId, teacherId)));
  }
}

/** Cancelled sessions per booked one, per tutor: the lower-is-better ratio of the mentor score. */
export async function cancellationRatios(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      teacherId: liveSessions.teacherId,
      cancelled: sql<number>`count(*) filter (where ${liveSessions.status} = 'cancelled')::int`,
      booked: sql<number>`count(*) filter (where ${liveSessions.status} = 'booked')::int`,
    })
    .from(liveSessions)
    .groupBy(liveSessions.teacherId);
  return new Map(rows.map((r) => [r.teacherId, r.cancelled / Math.max(r.booked, 1)]));
}

export async function listReviews(db: Db, teacherId: string) {
  return db
    .select({ learnerName: teacherReviews.learnerName, review: teacherReviews.reviews })
    .from(teacherReviews)
    .where(eq(teacherReviews.teacherId, teacherId))
    .orderBy(desc(teacherReviews.createdAt));
}
