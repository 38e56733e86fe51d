import { and, arrayContains, asc, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CURRICULUM_SUBJECT, type CurriculumLevel } from '@parley/domain/curriculum';
import type { Db } from '../../db/client';
import { certificates, curriculumLevels, curriculumReviews, curriculumTopics, liveSessions, plans, subscriptions, users } from '../../db/schema';

export type LevelRow = typeof curriculumLevels.$inferSelect;
export type TopicRow = typeof curriculumTopics.$inferSelect;
export type ReviewRow = typeof curriculumReviews.$inferSelect;

/** The whole path: levels in order, and every topic in level and position order. */
export async function listPath(db: Db): Promise<{ levels: LevelRow[]; topics: TopicRow[] }> {
  const [levels, topics] = await Promise.all([
    db.select().from(curriculumLevels).orderBy(asc(curriculumLevels.position)),
    db.select().from(curriculumTopics).innerJoin(curriculumLevels, eq(curriculumLevels.code, curriculumTopics.levelCode)).orderBy(asc(curriculumLevels.position), asc(curriculumTopics.position)),
  ]);
  return { levels, topics: topics.map((row) => row.curriculum_topics) };
}

const tutor = alias(users, 'tutor');
const reviewer = alias(users, 'reviewer');

/** A curriculum session with its tutor's name and the mark on it (if any). */
const sessionColumns = {
  session: liveSessions,
  tutorName: tutor.name,
  review: curriculumReviews,
  reviewerName: reviewer.name,
};
export type CurriculumSessionRow = { session: typeof liveSessions.$inferSelect; tutorName: string; review: ReviewRow | null; reviewerName: string | null };

/** Curriculum sessions with their tutor's name and the review, if any (the caller adds the where). */
const selectSessions = (db: Db) =>
  db
    .select(sessionColumns)
    .from(liveSessions)
    .innerJoin(tutor, eq(tutor.id, liveSessions.teacherId))
    .leftJoin(curriculumReviews, eq(curriculumReviews.sessionId, liveSessions.id))
    .leftJoin(reviewer, eq(reviewer.id, curriculumReviews.tutorId));

/** Every curriculum session of the learner, oldest first. */
export async function listLearnerSessions(db: Db, learnerId: string): Promise<CurriculumSessionRow[]> {
  return selectSessions(db)
    .where(and(eq(liveSessions.learnerId, learnerId), eq(liveSessions.subject, CURRICULUM_SUBJECT)))
    .orderBy(asc(liveSessions.startAt), asc(liveSessions.id));
}

export async function findSession(db: Db, sessionId: string): Promise<CurriculumSessionRow | undefined> {
  const [row] = await selectSessions(db).where(and(eq(liveSessions.id, sessionId), eq(liveSessions.subject, CURRICULUM_SUBJECT)));
  return row;
}

/** The named curriculum sessions that `viewerId` holds, as their learner or their tutor. */
export async function findViewerSessions(db: Db, sessionIds: string[], viewerId: string): Promise<CurriculumSessionRow[]> {
  return selectSessions(db).where(
    and(
      inArray(liveSessions.id, sessionIds),
      eq(liveSessions.subject, CURRICULUM_SUBJECT),
      or(eq(liveSessions.learnerId, viewerId), eq(liveSessions.teacherId, viewerId)),
    ),
  );
}

/** Holds the session row until the transaction ends (a second mark waits, then sees the first). */
export async function lockSession(tx: Db, sessionId: string) {
  const [row] = await tx.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
  return row;
}

/**
 * Holds the learner's row until the transaction ends. Booking locks it too (spending the quota),
 * so a tutor's mark and the learner's next booking see each other's result.
 */
export async function lockLearner(tx: Db, learnerId: string) {
  const [row] = await tx.select({ id: users.id, name: users.name, timezone: users.timezone }).from(users).where(eq(users.id, learnerId)).for('update');
  return row;
}

export async function findLearner(db: Db, learnerId: string) {
  const [row] = await db.select({ id: users.id, name: users.name, timezone: users.timezone }).from(users).where(eq(users.id, learnerId));
  return row;
}

export async function insertReview(tx: Db, review: typeof curriculumReviews.$inferInsert): Promise<void> {
  await tx.insert(curriculumReviews).values(review);
}

/** The learner's level certificates, by level. */
export function listLevelCertificates(db: Db, learnerId: string) {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, learnerId), isNotNull(certificates.curriculumLevel)));
}

export async function findLevelCertificate(db: Db, learnerId: string, level: CurriculumLevel) {
  const [row] = await db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, learnerId), eq(certificates.curriculumLevel, level)));
  return row;
}

/** The learner's newest live subscription covering curriculum sessions, with its plan's name. */
export async function findLiveCurriculumSubscription(db: Db, learnerId: string, now: Date) {
  const [row] = await db
    .select({ subscription: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, learnerId), arrayContains(subscriptions.subjects, [CURRICULUM_SUBJECT]), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}
