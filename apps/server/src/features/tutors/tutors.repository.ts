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

/**
 * The lower-is-better ratio of the mentor score (the spec does not define it): the sessions a tutor
 * let down (cancelled themselves, or missed) per session they were booked for. A learner's
 * cancellation or move is not the tutor's doing, so it counts neither way: otherwise any learner
 * could sink a tutor's ranking by booking and cancelling.
 */
export async function cancellationRatios(db: Db): Promise<Map<string, number>> {
  const byTutor = sql`${liveSessions.cancelledBy} = 'tutor'`;
  const rows = await db
    .select({
      tutorId: liveSessions.teacherId,
      letDown: sql<number>`count(*) filter (where ${byTutor} or ${liveSessions.outcome} = 'TutorNoShow')::int`,
      bookedFor: sql<number>`count(*) filter (where ${liveSessions.status} = 'booked' or ${byTutor})::int`,
    })
    .from(liveSessions)
    .groupBy(liveSessions.teacherId);
  return new Map(rows.map((r) => [r.tutorId, r.letDown / Math.max(r.bookedFor, 1)]));
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
