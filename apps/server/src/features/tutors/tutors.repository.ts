import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favouriteTeachers, liveSessions, teacherReviews } from '../../db/schema';

export async function setFavourite(db: Db, learnerId: string, tutorId: string, favourite: boolean) {
  if (favourite) {
    await db.insert(favouriteTeachers).values({ learnerId, teacherId: tutorId }).onConflictDoNothing();
  } else {
    await db.delete(favouriteTeachers).where(and(eq(favouriteTeachers.learnerId, learnerId), eq(favouriteTeachers.teacherId, tutorId)));
  }
}

/** Cancelled sessions per booked one, per tutor: the lower-is-better ratio of the mentor score. */
export async function cancellationRatios(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      tutorId: liveSessions.teacherId,
      cancelled: sql<number>`count(*) filter (where ${liveSessions.status} = 'cancelled')::int`,
      booked: sql<number>`count(*) filter (where ${liveSessions.status} = 'booked')::int`,
    })
    .from(liveSessions)
    .groupBy(liveSessions.teacherId);
  return new Map(rows.map((r) => [r.tutorId, r.cancelled / Math.max(r.booked, 1)]));
}

export async function listReviews(db: Db, tutorId: string) {
  return db
    .select({ learnerName: teacherReviews.learnerName, review: teacherReviews.reviews })
    .from(teacherReviews)
    .where(eq(teacherReviews.teacherId, tutorId))
    .orderBy(desc(teacherReviews.createdAt));
}

export async function favouriteTutorIds(db: Db, learnerId: string): Promise<Set<string>> {
  const rows = await db.select({ id: favouriteTeachers.teacherId }).from(favouriteTeachers).where(eq(favouriteTeachers.learnerId, learnerId));
  return new Set(rows.map((r) => r.id));
}
