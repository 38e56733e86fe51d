import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LEARNER_SEARCH_LIMIT, type InfluencerStatus, type ModeratorActionKind } from '@parley/domain/moderation';
import type { Db } from '../../db/client';
import { courseVersions, influencers, liveSessions, loginLinks, moderatorActions, teachers, unappliedPayments, users } from '../../db/schema';

export type Page = { page: number; limit: number };

export async function listUnappliedPayments(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: unappliedPayments, learner: { id: users.id, name: users.name, email: users.email } })
      .from(unappliedPayments)
      .leftJoin(users, eq(users.id, unappliedPayments.userId))
      .orderBy(desc(unappliedPayments.createdAt), desc(unappliedPayments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(unappliedPayments),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const moderator = alias(users, 'moderator');
const learner = alias(users, 'learner');
const target = alias(users, 'target');

export async function listLoginLinkAudit(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        action: moderatorActions,
        moderator: { id: moderator.id, name: moderator.name, email: moderator.email },
        learner: { id: learner.id, name: learner.name, email: learner.email },
        link: { expiresAt: loginLinks.expiresAt, usedAt: loginLinks.usedAt },
      })
      .from(moderatorActions)
      .innerJoin(moderator, eq(moderator.id, moderatorActions.moderatorId))
      .innerJoin(learner, eq(learner.id, moderatorActions.targetUserId))
      .innerJoin(loginLinks, eq(loginLinks.id, moderatorActions.loginLinkId))
      .where(eq(moderatorActions.action, 'login_link.issued'))
      .orderBy(desc(moderatorActions.createdAt), desc(moderatorActions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(moderatorActions).where(eq(moderatorActions.action, 'login_link.issued')),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The only write this table takes: the trigger of migration 0013 refuses UPDATE, DELETE and TRUNCATE. */
export async function insertModeratorAction(tx: Db, action: typeof moderatorActions.$inferInsert): Promise<void> {
  await tx.insert(moderatorActions).values(action);
}

/** Every moderator action, newest first, with who did it and to whom. */
export async function listAudit(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        action: moderatorActions,
        moderator: { id: moderator.id, name: moderator.name, email: moderator.email },
        target: { id: target.id, name: target.name, email: target.email, role: target.role },
        course: { id: courseVersions.courseId, title: courseVersions.title },
      })
      .from(moderatorActions)
      .innerJoin(moderator, eq(moderator.id, moderatorActions.moderatorId))
      .innerJoin(target, eq(target.id, moderatorActions.targetUserId))
      .leftJoin(courseVersions, eq(courseVersions.id, moderatorActions.courseVersionId))
      .orderBy(desc(moderatorActions.createdAt), desc(moderatorActions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(moderatorActions),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** `%text%` for ILIKE, with the user's own % _ and \ matched literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The last time a moderator took one of `actions` on the person (through the target index). */
const lastAction = (userId: typeof users.id, actions: ModeratorActionKind[], column: 'reason' | 'created_at') =>
  sql`(select ma.${sql.raw(column)} from ${moderatorActions} ma where ma.target_user_id = ${userId} and ma.action in (${sql.join(
    actions.map((a) => sql`${a}`),
    sql`, `,
  )}) order by ma.created_at desc limit 1)`;

// ---- Influencer applications ----------------------------------------------------------------------

const applicationColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  appliedAt: users.createdAt,
  referralCode: influencers.referralCode,
  status: influencers.status,
  channel: influencers.channel,
  audience: influencers.audience,
  /** Why the last rejection was made (shown only while rejected). */
  rejectionReason: sql<string | null>`${lastAction(users.id, ['influencer.rejected'], 'reason')}`,
  decidedAt: sql<Date | null>`${lastAction(users.id, ['influencer.approved', 'influencer.rejected'], 'created_at')}`.mapWith(moderatorActions.createdAt),
};
export type ApplicationRow = {
  id: string;
  name: string;
  email: string | null;
  appliedAt: Date;
  referralCode: string;
  status: string;
  channel: string;
  audience: string;
  rejectionReason: string | null; decidedAt: Date | null };

/** Applications of one status ('' for none) or all; pending ones first, then the newest. */
export async function listInfluencerApplications(db: Db, { status, page, limit }: Page & { status: InfluencerStatus | undefined }) {
  const where = status === undefined ? undefined : eq(influencers.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select(applicationColumns)
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(where)
      .orderBy(desc(sql`${influencers.status} = 'Pending'`), desc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(influencers).where(where),
  ]);
  return { rows: rows as ApplicationRow[], total: total?.n ?? 0 };
}

export async function findInfluencerApplication(db: Db, userId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select(applicationColumns).from(influencers).innerJoin(users, eq(users.id, influencers.userId)).where(eq(influencers.userId, userId));
  return row as ApplicationRow | undefined;
}

/** The influencer's row, locked for the decision; with where to write to them. */
export async function lockInfluencer(tx: Db, userId: string) {
  const [row] = await tx
    .select({ status: influencers.status, name: users.name, email: users.email })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(eq(influencers.userId, userId))
    .for('update', { of: influencers });
  return row;
}

export async function setInfluencerStatus(tx: Db, userId: string, status: InfluencerStatus): Promise<void> {
  await tx.update(influencers).set({ status }).where(eq(influencers.userId, userId));
}

/** Why the influencer's application was last rejected. */
export async function lastRejectionReason(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: moderatorActions.reason })
    .from(moderatorActions)
    .where(and(eq(moderatorActions.targetUserId, userId), eq(moderatorActions.action, 'influencer.rejected')))
    .orderBy(desc(moderatorActions.createdAt))
    .limit(1);
  return row?.reason ?? null;
}

// ---- Tutors -----------------------------------------------------------------------------------------

export type TutorRow = { id: string; name: string; email: string | null; subjects: string[]; isBlocked: boolean; upcomingSessions: number };

const tutorColumns = (now: Date) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  subjects: teachers.subjects,
  isBlocked: teachers.isBlocked,
  upcomingSessions: sql<number>`(select count(*) from ${liveSessions} ls where ls.teacher_id = ${users.id} and ls.status = 'booked' and ls.start_at > ${now.toISOString()}::timestamptz)`.mapWith(Number),
});

/** Tutors whose name or e-mail contains `q` (all without it), by name. */
export async function listTutors(db: Db, { q, page, limit, now }: Page & { q: string | undefined; now: Date }) {
  const where = q ? or(ilike(users.name, containing(q)), ilike(users.email, containing(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(tutorColumns(now))
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(where),
  ]);
  return { rows: rows as TutorRow[], total: total?.n ?? 0 };
}

export async function findTutor(db: Db, tutorId: string, now: Date): Promise<TutorRow | undefined> {
  const [row] = await db.select(tutorColumns(now)).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(eq(teachers.userId, tutorId));
  return row as TutorRow | undefined;
}

/** For each tutor named, the last block: who, why and when. */
export async function lastBlocks(db: Db, tutorIds: string[]) {
  if (!tutorIds.length) return [];
  return db
    .selectDistinctOn([moderatorActions.targetUserId], {
      tutorId: moderatorActions.targetUserId,
      reason: moderatorActions.reason,
      createdAt: moderatorActions.createdAt,
      moderator: { id: moderator.id, name: moderator.name, email: moderator.email },
    })
    .from(moderatorActions)
    .innerJoin(moderator, eq(moderator.id, moderatorActions.moderatorId))
    .where(and(inArray(moderatorActions.targetUserId, tutorIds), eq(moderatorActions.action, 'tutor.blocked')))
    .orderBy(moderatorActions.targetUserId, desc(moderatorActions.createdAt));
}

/** Whether a moderator has the tutor blocked now (undefined: no such tutor). */
export async function isTutorBlocked(db: Db, tutorId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ isBlocked: teachers.isBlocked }).from(teachers).where(eq(teachers.userId, tutorId));
  return row?.isBlocked;
}

/** Locks the tutor's row: a booking in flight holds a share lock on it, so the block waits for it. */
export async function lockTutor(tx: Db, tutorId: string) {
  const [row] = await tx.select({ isBlocked: teachers.isBlocked }).from(teachers).where(eq(teachers.userId, tutorId)).for('update');
  return row;
}

export async function setTutorBlocked(tx: Db, tutorId: string, isBlocked: boolean): Promise<void> {
  await tx.update(teachers).set({ isBlocked }).where(eq(teachers.userId, tutorId));
}

// ---- Learners ------------------------------------------------------------------------------------------

/** Learners whose name or e-mail contains `q`, by name; at most LEARNER_SEARCH_LIMIT. */
export async function searchLearners(db: Db, q: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber, country: users.country, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.role, 'learner'), or(ilike(users.name, containing(q)), ilike(users.email, containing(q)))))
    .orderBy(asc(users.name), asc(users.id))
    .limit(LEARNER_SEARCH_LIMIT);
}

