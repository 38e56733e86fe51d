import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { CurriculumLevel } from '@parley/domain/curriculum';
import type { Db } from '../../db/client';
import { certificates, courseEnrolments, courses, courseSubscriptions, courseVersions, lessonProgress, libraryVideos, users } from '../../db/schema';

export type LessonProgressRow = typeof lessonProgress.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
export type LibraryVideoRow = typeof libraryVideos.$inferSelect;

// ---- Progress ---------------------------------------------------------------------------------

/** A learner's progress rows in one course, the most recently touched first. */
export function listLessonProgress(db: Db, userId: string, courseId: string): Promise<LessonProgressRow[]> {
  return db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
    .orderBy(desc(lessonProgress.updatedAt), desc(lessonProgress.startedAt));
}

/** The learner's progress row in one lesson, if they ever opened it. */
export async function findLessonProgress(db: Db, userId: string, lessonId: string): Promise<LessonProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return row;
}

/** Creates the lesson's row on first open (its `startedAt` never moves after), or touches it so it becomes the one to resume. */
export async function startLesson(db: Db, row: { userId: string; courseId: string; lessonId: string; now: Date }): Promise<LessonProgressRow> {
  const [saved] = await db
    .insert(lessonProgress)
    .values({ userId: row.userId, courseId: row.courseId, lessonId: row.lessonId, startedAt: row.now, updatedAt: row.now })
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { updatedAt: row.now } })
    .returning();
  return saved!;
}

/** Adds a beat's seconds and stores the position, creating the row when the start call was missed. */
export async function recordBeat(
  db: Db,
  beat: { userId: string; courseId: string; lessonId: string; positionSeconds: number; secondsSpent: number; now: Date },
): Promise<LessonProgressRow> {
  const [saved] = await db
    .insert(lessonProgress)
    .values({
      userId: beat.userId,
      courseId: beat.courseId,
      lessonId: beat.lessonId,
      positionSeconds: beat.positionSeconds,
      secondsSpent: beat.secondsSpent,
      startedAt: beat.now,
      updatedAt: beat.now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { positionSeconds: beat.positionSeconds, secondsSpent: sql`${lessonProgress.secondsSpent} + ${beat.secondsSpent}`, updatedAt: beat.now },
    })
    .returning();
  return saved!;
}

/** Marks the lesson complete; a lesson completed before keeps its first completion time. */
export async function completeLesson(tx: Db, row: { userId: string; courseId: string; lessonId: string; now: Date }): Promise<void> {
  await tx
    .insert(lessonProgress)
    .values({ userId: row.userId, courseId: row.courseId, lessonId: row.lessonId, completedAt: row.now, startedAt: row.now, updatedAt: row.now })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, ${row.now.toISOString()}::timestamptz)`, updatedAt: row.now },
    });
}

/**
 * Serialises completions of one learner in one course until the transaction ends, so two
 * lessons completed at once still see each other and the last one issues the certificate.
 */
export async function lockLearnerCourse(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-progress:${userId}:${courseId}`}, 0))`);
}

// ---- Certificates -----------------------------------------------------------------------------

export async function findCertificateFor(db: Db, userId: string, courseId: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row;
}

/** The learner's certificate for a course or a curriculum level, if issued. */
export async function findCertificateOf(db: Db, userId: string, subject: { courseId: string } | { curriculumLevel: CurriculumLevel }): Promise<CertificateRow | undefined> {
  const matches = 'courseId' in subject ? eq(certificates.courseId, subject.courseId) : eq(certificates.curriculumLevel, subject.curriculumLevel);
  const [row] = await db.select().from(certificates).where(and(eq(certificates.userId, userId), matches));
  return row;
}

/** Inserts the certificate unless one exists for the learner and course, or the code is taken; returns whether it did. */
export async function insertCertificate(tx: Db, row: typeof certificates.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(certificates).values(row).onConflictDoNothing().returning({ id: certificates.id });
  return inserted.length > 0;
}

export function listCertificates(db: Db, userId: string): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

export async function findCertificate(db: Db, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function findCertificateByCode(db: Db, code: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row;
}

/** The learner's name and time zone, as a certificate records them when it is issued. */
export async function findLearnerForCertificate(db: Db, userId: string): Promise<{ name: string; timezone: string } | undefined> {
  const [row] = await db.select({ name: users.name, timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row;
}

// ---- Versions (creators and moderators open any version's files) ------------------------------

/** A course with one of its versions; without a version id, its live version (even if unpublished). */
export async function findCourseVersion(db: Db, courseId: string, versionId: string | undefined) {
  const [row] = await db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.courseId, courses.id))
    .where(and(eq(courses.id, courseId), versionId ? eq(courseVersions.id, versionId) : eq(courseVersions.id, sql`${courses.liveVersionId}`)));
  return row;
}

// ---- Bonus files ------------------------------------------------------------------------------

/**
 * Courses with bonus files that the learner can open: owned (live or unpublished since), or live
 * and of a subject with an active course subscription — the same rule as `courseAccess`, asked
 * for all courses at once.
 */
export function listAccessibleCoursesWithBonuses(db: Db, userId: string, now: Date) {
  const owned = db.select({ courseId: courseEnrolments.courseId }).from(courseEnrolments).where(eq(courseEnrolments.userId, userId));
  const subscribed = db
    .select({ subject: courseSubscriptions.subject })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.userId, userId), gt(courseSubscriptions.endsAt, now)));
  return db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(
      and(
        isNotNull(courses.liveVersionId),
        sql`jsonb_array_length(${courseVersions.bonuses}) > 0`,
        or(inArray(courses.id, owned), and(isNull(courses.unpublishedAt), inArray(courses.subject, subscribed))),
      ),
    )
    .orderBy(asc(courseVersions.title), asc(courses.id));
}

/** Courses that went live (unpublished ones too: the caller checks access) whose live version offers a bonus file of this name (one course, when given). */
export function listPublishedCoursesWithBonus(db: Db, bonusName: string, courseId: string | undefined) {
  return db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(
      and(
        isNotNull(courses.liveVersionId),
        sql`${courseVersions.bonuses} @> ${JSON.stringify([{ bonusName }])}::jsonb`,
        courseId ? eq(courses.id, courseId) : undefined,
      ),
    )
    .orderBy(asc(courses.createdAt), asc(courses.id));
}

// ---- The video library ------------------------------------------------------------------------

export function listLibraryVideos(db: Db, audiences: LibraryVideoRow['audience'][]): Promise<LibraryVideoRow[]> {
  return db
    .select()
    .from(libraryVideos)
    .where(inArray(libraryVideos.audience, audiences))
    .orderBy(asc(libraryVideos.sortOrder), asc(libraryVideos.createdAt), asc(libraryVideos.id));
}

export async function findLibraryVideo(db: Db, id: string): Promise<LibraryVideoRow | undefined> {
  const [row] = await db.select().from(libraryVideos).where(eq(libraryVideos.id, id));
  return row;
}
