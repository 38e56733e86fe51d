import type { Db } from '../../db/client';
import * as repo from './courses.repository';

export type { CourseRow, CourseVersionRow } from './courses.repository';

/** How a learner may open a course's lessons: they own it, or a course subscription of its subject is active. */
export type CourseAccess = 'owned' | 'subscription' | null;

/**
 * The one access check for a course's paid content (lessons, lesson files, bonus files,
 * progress, ratings): every feature that serves them asks this.
 */
export async function courseAccess(db: Db, userId: string, course: Pick<repo.CourseRow, 'id' | 'subject'>, now: Date): Promise<CourseAccess> {
  if (await repo.findEnrolment(db, userId, course.id)) return 'owned';
  return (await repo.hasActiveCourseSubscription(db, userId, course.subject, now)) ? 'subscription' : null;
}

/** The course and its live version, when learners can see it (approved, not unpublished). */
export const findLiveCourse = repo.findLiveCourse;
