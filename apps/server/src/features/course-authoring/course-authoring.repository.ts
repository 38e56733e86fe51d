import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, ne, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { certificates, courseEnrolments, courseGifts, courses, courseVersions, moderatorActions, users } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type CourseVersionRow = typeof courseVersions.$inferSelect;
export type NewCourseVersion = typeof courseVersions.$inferInsert;

/** The statuses of the one version per course that is being edited or reviewed. */
const openStatuses = ['draft', 'in_review', 'rejected'] as const;

export async function insertCourse(tx: Db, values: { creatorId: string; subject: CourseRow['subject']; now: Date }): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values({ creatorId: values.creatorId, subject: values.subject, createdAt: values.now, updatedAt: values.now }).returning();
  return row!;
}

export async function insertVersion(tx: Db, values: NewCourseVersion): Promise<CourseVersionRow> {
  const [row] = await tx.insert(courseVersions).values(values).returning();
  return row!;
}

/** The creator's own course; locked for the rest of the transaction when `lock` is set. */
export async function findCreatorCourse(db: Db, courseId: string, creatorId: string, lock = false): Promise<CourseRow | undefined> {
  const query = db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.creatorId, creatorId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOpenVersion(db: Db, courseId: string, lock = false): Promise<CourseVersionRow | undefined> {
  const query = db
    .select()
    .from(courseVersions)
    .where(and(eq(courseVersions.courseId, courseId), inArray(courseVersions.status, [...openStatuses])));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findVersion(db: Db, versionId: string): Promise<CourseVersionRow | undefined> {
  const [row] = await db.select().from(courseVersions).where(eq(courseVersions.id, versionId));
  return row;
}

export async function highestVersionNumber(db: Db, courseId: string): Promise<number> {
  const [row] = await db.select({ n: max(courseVersions.version) }).from(courseVersions).where(eq(courseVersions.courseId, courseId));
  return row?.n ?? 0;
}

export async function updateVersion(tx: Db, versionId: string, values: Partial<NewCourseVersion>): Promise<CourseVersionRow> {
  const [row] = await tx.update(courseVersions).set(values).where(eq(courseVersions.id, versionId)).returning();
  return row!;
}

export async function updateCourse(tx: Db, courseId: string, values: Partial<typeof courses.$inferInsert>): Promise<CourseRow> {
  const [row] = await tx.update(courses).set(values).where(eq(courses.id, courseId)).returning();
  return row!;
}

/** Where a creator is told of a decision on their course. */
export async function findCreatorContact(db: Db, creatorId: string): Promise<{ name: string; email: string | null } | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, creatorId));
  return row;
}

export async function findCourse(db: Db, courseId: string, lock = false): Promise<CourseRow | undefined> {
  const query = db.select().from(courses).where(eq(courses.id, courseId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Which of `lessonIds` already name a lesson in a version of another course. */
/** Held by a draft save until it commits, so two saves cannot both find a lesson id free. */
export async function lockLessonIds(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('course-lesson-ids', 0))`);
}

export async function lessonIdsOfOtherCourses(db: Db, courseId: string, lessonIds: string[]): Promise<string[]> {
  const lessonId = sql<string>`lesson->>'id'`;
  const rows = await db
    .selectDistinct({ id: lessonId })
    .from(sql`${courseVersions} cross join lateral jsonb_array_elements(${courseVersions.modules}) as module cross join lateral jsonb_array_elements(module->'lessons') as lesson`)
    .where(and(ne(courseVersions.courseId, courseId), inArray(lessonId, lessonIds)));
  return rows.map((row) => row.id);
}

// ---- The creator's list -----------------------------------------------------------------------

const openVersion = alias(courseVersions, 'open_version');
const liveVersion = alias(courseVersions, 'live_version');

/** One page of the creator's courses with their open and live versions, newest change first. */
export async function listCreatorCourses(db: Db, creatorId: string, { limit, offset }: { limit: number; offset: number }) {
  return db
    .select({ course: courses, open: openVersion, live: liveVersion })
    .from(courses)
    .leftJoin(openVersion, and(eq(openVersion.courseId, courses.id), inArray(openVersion.status, [...openStatuses])))
    .leftJoin(liveVersion, eq(liveVersion.id, courses.liveVersionId))
    .where(eq(courses.creatorId, creatorId))
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(limit)
    .offset(offset);
}

export async function countCreatorCourses(db: Db, creatorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.creatorId, creatorId));
  return row?.n ?? 0;
}

/** Enrolments per course, and how many of those learners hold the course's certificate. */
export async function enrolmentCounts(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({ courseId: courseEnrolments.courseId, enrolments: count(), certified: count(certificates.id) })
    .from(courseEnrolments)
    .leftJoin(certificates, and(eq(certificates.courseId, courseEnrolments.courseId), eq(certificates.userId, courseEnrolments.userId)))
    .where(inArray(courseEnrolments.courseId, courseIds))
    .groupBy(courseEnrolments.courseId);
}

/** What enrolments brought in, per course and currency (a gift's redeemer paid nothing: 0 here). */
export async function enrolmentRevenue(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({ courseId: courseEnrolments.courseId, currency: courseEnrolments.currency, amountMinor: sum(courseEnrolments.amountMinor).mapWith(Number) })
    .from(courseEnrolments)
    .where(inArray(courseEnrolments.courseId, courseIds))
    .groupBy(courseEnrolments.courseId, courseEnrolments.currency);
}

/** What givers paid for gifts of the courses, per course and currency, redeemed or not. */
export async function paidGiftRevenue(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({ courseId: courseGifts.courseId, currency: courseGifts.currency, amountMinor: sum(courseGifts.amountMinor).mapWith(Number) })
    .from(courseGifts)
    .where(and(inArray(courseGifts.courseId, courseIds), inArray(courseGifts.status, ['paid', 'redeemed'])))
    .groupBy(courseGifts.courseId, courseGifts.currency);
}

// ---- Reviews ----------------------------------------------------------------------------------

const creator = alias(users, 'creator');

const reviewColumns = { version: courseVersions, course: courses, creatorName: creator.name };

/** Versions waiting for a moderator, oldest submission first. */
export async function listInReview(db: Db) {
  return db
    .select(reviewColumns)
    .from(courseVersions)
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .innerJoin(creator, eq(creator.id, courses.creatorId))
    .where(eq(courseVersions.status, 'in_review'))
    .orderBy(asc(courseVersions.submittedAt), asc(courseVersions.id));
}

export async function findVersionForReview(db: Db, versionId: string) {
  const [row] = await db
    .select(reviewColumns)
    .from(courseVersions)
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .innerJoin(creator, eq(creator.id, courses.creatorId))
    .where(eq(courseVersions.id, versionId));
  return row;
}

/** The version, locked for the rest of the transaction, so two moderators cannot both decide it. */
export async function lockVersion(tx: Db, versionId: string): Promise<CourseVersionRow | undefined> {
  const [row] = await tx.select().from(courseVersions).where(eq(courseVersions.id, versionId)).for('update');
  return row;
}

export async function insertModeratorAction(tx: Db, values: typeof moderatorActions.$inferInsert): Promise<void> {
  await tx.insert(moderatorActions).values(values);
}

/** Courses learners can see now, newest first, with their live version's title and enrolments. */
export async function listLiveCourses(db: Db) {
  const enrolments = db
    .select({ courseId: courseEnrolments.courseId, n: count().as('n') })
    .from(courseEnrolments)
    .groupBy(courseEnrolments.courseId)
    .as('enrolment_counts');
  return db
    .select({ course: courses, title: liveVersion.title, creatorName: creator.name, enrolments: sql<number>`coalesce(${enrolments.n}, 0)`.mapWith(Number) })
    .from(courses)
    .innerJoin(liveVersion, eq(liveVersion.id, courses.liveVersionId))
    .innerJoin(creator, eq(creator.id, courses.creatorId))
    .leftJoin(enrolments, eq(enrolments.courseId, courses.id))
    .where(and(isNotNull(courses.liveVersionId), isNull(courses.unpublishedAt)))
    .orderBy(desc(courses.publishedAt), desc(courses.id));
}
