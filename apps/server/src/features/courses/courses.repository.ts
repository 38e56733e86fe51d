import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, max, min, sql } from 'drizzle-orm';
import type { CourseSubject } from '@parley/domain/courses';
import type { Db } from '../../db/client';
import { courseCartItems, courseEnrolments, courseGifts, courseRatings, courses, courseSubscriptions, courseVersions, lessonProgress, users } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type CourseVersionRow = typeof courseVersions.$inferSelect;
export type GiftRow = typeof courseGifts.$inferSelect;

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

/** A course that went live, with the version that is (or, once unpublished, was last) live; whether it is unpublished is the caller's question. */
export async function findPublishedCourse(db: Db, courseId: string) {
  const [row] = await db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(and(eq(courses.id, courseId), isNotNull(courses.liveVersionId)));
  return row;
}

const isLive = and(isNotNull(courses.liveVersionId), isNull(courses.unpublishedAt));

/** What a catalogue card, a cart line and a My Courses entry show: the course, its live version's summary, its creator. */
const cardColumns = {
  id: courses.id,
  subject: courses.subject,
  ratingSum: courses.ratingSum,
  ratingCount: courses.ratingCount,
  title: courseVersions.title,
  level: courseVersions.level,
  coverMediaId: courseVersions.coverMediaId,
  durationMin: courseVersions.durationMin,
  lessonCount: courseVersions.lessonCount,
  priceInrMinor: courseVersions.priceInrMinor,
  priceUsdMinor: courseVersions.priceUsdMinor,
  creatorId: users.id,
  creatorName: users.name,
};
export type CourseCardRow = {
  id: string;
  subject: CourseSubject;
  ratingSum: number;
  ratingCount: number;
  title: string;
  level: CourseVersionRow['level'];
  coverMediaId: string | null;
  durationMin: number;
  lessonCount: number;
  priceInrMinor: number;
  priceUsdMinor: number;
  creatorId: string;
  creatorName: string;
};

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * One page of the catalogue, newest published first, and how many live courses match — in one
 * query (the count rides along as a window); a page past the end counts separately.
 */
export async function listLiveCourses(db: Db, filter: { subject?: CourseSubject | undefined; search?: string | undefined; limit: number; offset: number }) {
  const where = and(
    isLive,
    filter.subject ? eq(courses.subject, filter.subject) : undefined,
    filter.search ? ilike(courseVersions.title, `%${escapeLike(filter.search)}%`) : undefined,
  );
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(where)
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length > 0 || filter.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [counted] = await db
    .select({ total: count() })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email, country: users.country }).from(users).where(eq(users.id, userId));
  return row;
}

/** The latest reviews of a course, with each learner's name. */
export function listReviews(db: Db, courseId: string, limit: number) {
  return db
    .select({ learnerName: users.name, stars: courseRatings.stars, review: courseRatings.review, updatedAt: courseRatings.updatedAt })
    .from(courseRatings)
    .innerJoin(users, eq(users.id, courseRatings.userId))
    .where(eq(courseRatings.courseId, courseId))
    .orderBy(desc(courseRatings.updatedAt))
    .limit(limit);
}

export async function findRating(db: Db, userId: string, courseId: string) {
  const [row] = await db.select().from(courseRatings).where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)));
  return row;
}

// ---- Cart -------------------------------------------------------------------------------------

export async function isInCart(db: Db, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: courseCartItems.courseId })
    .from(courseCartItems)
    .where(and(eq(courseCartItems.userId, userId), eq(courseCartItems.courseId, courseId)));
  return Boolean(row);
}

/**
 * Adds a course unless the cart already holds `maxItems`; adding one already there changes
 * nothing. False when the cart is full. Additions to one learner's cart run one at a time, so
 * concurrent ones cannot each count the cart below the limit and overfill it together.
 */
export async function addCartItem(db: Db, userId: string, courseId: string, maxItems: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-cart:${userId}`}, 0))`);
    const result = await tx.execute(sql`
      insert into ${courseCartItems} (user_id, course_id)
      select ${userId}, ${courseId}
      where exists (select 1 from ${courseCartItems} where user_id = ${userId} and course_id = ${courseId})
         or (select count(*) from ${courseCartItems} where user_id = ${userId}) < ${maxItems}
      on conflict do nothing
      returning course_id`);
    if (rowsOf(result).length === 1) return true;
    return isInCart(tx, userId, courseId);
  });
}

const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

export async function removeCartItems(db: Db, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return;
  await db.delete(courseCartItems).where(and(eq(courseCartItems.userId, userId), inArray(courseCartItems.courseId, courseIds)));
}

/** The cart's courses (of one subject when given), oldest added first, with whether each can still be bought. */
export function listCart(db: Db, userId: string, subject: CourseSubject | undefined) {
  return db
    .select({
      ...cardColumns,
      unpublishedAt: courses.unpublishedAt,
      owned: sql<boolean>`exists (select 1 from ${courseEnrolments} where ${courseEnrolments.userId} = ${userId} and ${courseEnrolments.courseId} = ${courses.id})`,
    })
    .from(courseCartItems)
    .innerJoin(courses, eq(courses.id, courseCartItems.courseId))
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(and(eq(courseCartItems.userId, userId), subject ? eq(courses.subject, subject) : undefined))
    .orderBy(courseCartItems.addedAt, courses.id);
}

/** A course by id whatever its state, for checks that must also work on unpublished ones. */
export async function findCourse(db: Db, courseId: string) {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

// ---- Purchase and enrolment -----------------------------------------------------------------

/** The courses with their live version (when they have one) and state: what a purchase checks inside its transaction. */
export function listCoursesWithLiveVersion(db: Db, courseIds: string[]) {
  return db
    .select({ course: courses, version: courseVersions })
    .from(courses)
    .leftJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .where(inArray(courses.id, courseIds));
}

export async function listEnrolledCourseIds(db: Db, userId: string, courseIds: string[]): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), inArray(courseEnrolments.courseId, courseIds)));
  return rows.map((row) => row.courseId);
}

/** Every course the learner owns, by id. */
export async function listOwnedCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ courseId: courseEnrolments.courseId }).from(courseEnrolments).where(eq(courseEnrolments.userId, userId));
  return rows.map((row) => row.courseId);
}

export async function insertEnrolments(tx: Db, rows: (typeof courseEnrolments.$inferInsert)[]) {
  await tx.insert(courseEnrolments).values(rows);
}

// ---- Gifts ----------------------------------------------------------------------------------

export async function insertGift(tx: Db, gift: typeof courseGifts.$inferInsert): Promise<GiftRow> {
  const [row] = await tx.insert(courseGifts).values(gift).returning();
  return row!;
}

export async function setGiftOrder(db: Db, giftId: string, orderId: string) {
  await db.update(courseGifts).set({ orderId }).where(eq(courseGifts.id, giftId));
}

/** Marks a gift awaiting payment paid, with the hash of the code its e-mail carries; undefined if it was not awaiting payment. */
export async function markGiftPaid(tx: Db, giftId: string, codeHash: string): Promise<GiftRow | undefined> {
  const [row] = await tx
    .update(courseGifts)
    .set({ status: 'paid', codeHash })
    .where(and(eq(courseGifts.id, giftId), eq(courseGifts.status, 'pending_payment')))
    .returning();
  return row;
}

/** Whether the giver already has a gift sent under this request key. */
export async function hasGiftWithRequestKey(db: Db, giverId: string, requestKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courseGifts.id })
    .from(courseGifts)
    .where(and(eq(courseGifts.giverId, giverId), eq(courseGifts.requestKey, requestKey)));
  return row !== undefined;
}

/** A gift by its code's hash, with what its redeem page shows. */
export async function findGiftByCodeHash(db: Db, codeHash: string) {
  const [row] = await db
    .select({ gift: courseGifts, courseTitle: courseVersions.title, giverName: users.name })
    .from(courseGifts)
    .innerJoin(courses, eq(courses.id, courseGifts.courseId))
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .innerJoin(users, eq(users.id, courseGifts.giverId))
    .where(eq(courseGifts.codeHash, codeHash));
  return row;
}

/** The one conditional update that redeems a gift: false when it was no longer paid-and-unexpired. */
export async function claimGift(tx: Db, giftId: string, redeemerId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(courseGifts)
    .set({ status: 'redeemed', redeemedBy: redeemerId, redeemedAt: now })
    .where(and(eq(courseGifts.id, giftId), eq(courseGifts.status, 'paid'), gt(courseGifts.expiresAt, now)))
    .returning({ id: courseGifts.id });
  return rows.length === 1;
}

export async function findGift(db: Db, giftId: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(courseGifts).where(eq(courseGifts.id, giftId));
  return row;
}

/** A paid gift whose time ran out unredeemed becomes refunded, once: the row if this call changed it. */
export async function refundExpiredGift(tx: Db, giftId: string, now: Date): Promise<(GiftRow & { courseTitle: string | null }) | undefined> {
  const [row] = await tx
    .update(courseGifts)
    .set({ status: 'refunded' })
    .where(and(eq(courseGifts.id, giftId), eq(courseGifts.status, 'paid'), lte(courseGifts.expiresAt, now)))
    .returning();
  if (!row) return undefined;
  const [course] = await tx.select({ title: courseVersions.title }).from(courses).innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId)).where(eq(courses.id, row.courseId));
  return { ...row, courseTitle: course?.title ?? null };
}

/** Paid gifts with no expiry job waiting (made before there was one, or a job lost): the start gives them one. */
export async function paidGiftsMissingExpiryJob(db: Db, jobName: string) {
  const pendingJob = sql`select 1 from pgboss.job j where j.name = ${jobName} and j.state in ('created', 'retry', 'active') and j.data ->> 'giftId' = ${courseGifts.id}::text`;
  return db
    .select({ id: courseGifts.id, expiresAt: courseGifts.expiresAt })
    .from(courseGifts)
    .where(and(eq(courseGifts.status, 'paid'), sql`not exists (${pendingJob})`));
}

// ---- Course subscriptions -------------------------------------------------------------------

/** Serialises changes to one learner's subscriptions of one subject until the transaction ends. */
export async function lockSubscriptionsOf(tx: Db, userId: string, subject: CourseSubject) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-subscription:${userId}:${subject}`}, 0))`);
}

export async function latestSubscriptionEnd(tx: Db, userId: string, subject: CourseSubject): Promise<Date | null> {
  const [row] = await tx
    .select({ endsAt: max(courseSubscriptions.endsAt) })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.userId, userId), eq(courseSubscriptions.subject, subject)));
  return row?.endsAt ?? null;
}

export async function insertCourseSubscription(tx: Db, row: typeof courseSubscriptions.$inferInsert) {
  const [inserted] = await tx.insert(courseSubscriptions).values(row).returning();
  return inserted!;
}

/** Per subject, the learner's subscriptions that have not ended: from the earliest start to the latest end. */
export function listActiveSubscriptions(db: Db, userId: string, now: Date) {
  return db
    .select({ subject: courseSubscriptions.subject, startsAt: min(courseSubscriptions.startsAt), endsAt: max(courseSubscriptions.endsAt) })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.userId, userId), gt(courseSubscriptions.endsAt, now)))
    .groupBy(courseSubscriptions.subject)
    .orderBy(courseSubscriptions.subject);
}

// ---- My courses -----------------------------------------------------------------------------

/** The learner's own courses (unpublished ones too: learners keep what they had), newest first. */
export function listEnrolledCourses(db: Db, userId: string) {
  return db
    .select({ ...cardColumns, modules: courseVersions.modules })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(eq(courseEnrolments.userId, userId))
    .orderBy(desc(courseEnrolments.createdAt), courses.id);
}

/** Live courses of these subjects the learner has started and does not own. */
export function listStartedCoursesOfSubjects(db: Db, userId: string, subjects: CourseSubject[]) {
  if (subjects.length === 0) return Promise.resolve([]);
  return db
    .select({ ...cardColumns, modules: courseVersions.modules })
    .from(courses)
    .innerJoin(courseVersions, eq(courseVersions.id, courses.liveVersionId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(
      and(
        isLive,
        inArray(courses.subject, subjects),
        sql`exists (select 1 from ${lessonProgress} where ${lessonProgress.userId} = ${userId} and ${lessonProgress.courseId} = ${courses.id})`,
        sql`not exists (select 1 from ${courseEnrolments} where ${courseEnrolments.userId} = ${userId} and ${courseEnrolments.courseId} = ${courses.id})`,
      ),
    )
    .orderBy(desc(courses.publishedAt), courses.id);
}

// ---- Ratings --------------------------------------------------------------------------------

/** Locks the course row while its rating totals change (key-share locks from new enrolments still pass). */
export async function lockCourseRating(tx: Db, courseId: string) {
  const [row] = await tx.select({ ratingSum: courses.ratingSum, ratingCount: courses.ratingCount }).from(courses).where(eq(courses.id, courseId)).for('no key update');
  return row;
}

export async function upsertRating(tx: Db, row: { userId: string; courseId: string; stars: number; review: string; now: Date }) {
  await tx
    .insert(courseRatings)
    .values({ userId: row.userId, courseId: row.courseId, stars: row.stars, review: row.review, createdAt: row.now, updatedAt: row.now })
    .onConflictDoUpdate({ target: [courseRatings.userId, courseRatings.courseId], set: { stars: row.stars, review: row.review, updatedAt: row.now } });
}

export async function setCourseRating(tx: Db, courseId: string, ratingSum: number, ratingCount: number) {
  await tx.update(courses).set({ ratingSum, ratingCount }).where(eq(courses.id, courseId));
}
