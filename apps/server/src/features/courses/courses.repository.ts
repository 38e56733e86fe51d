import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseEnrolments, courses, courseSubscriptions, courseVersions } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type CourseVersionRow = typeof courseVersions.$inferSelect;

export async function findEnrolment(db: Db, userId: string, courseId: string) {
  const [row] = await db.select().from(courseEnrolments).where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)));
  return row;
}

export async function hasActiveCourseSubscription(db: Db, userId: string, subject: CourseRow['subject'], now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: courseSubscriptions.id })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.userId, userId), eq(courseSubscriptions.subject, subject), gt(courseSubscriptions.endsAt, now)))
    .limit(1);
  return Boolean(row);
}

/** A course learners can see: approved at least once and not unpublished, with its live version. */
export async function findLiveCourse(db: Db, courseId: string) {
  const [row] = await db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(and(eq(courses.id, courseId), isNotNull(courses.liveVersionId), isNull(courses.unpublishedAt)));
  return row;
}
