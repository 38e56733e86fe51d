import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '@parley/domain/roles';
import type { Db } from '../../db/client';
import { authSessions, loginLinks, referrals, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, role: Role, email: string) {
  const [row] = await db.select().from(users).where(and(eq(users.role, role), eq(users.email, email)));
  return row;
}

export async function findUserByReferralCode(db: Db, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.toUpperCase()));
  return row;
}

export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertSession(db: Db, session: { userId: string; role: Role; expiresAt: Date }) {
  const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findLiveSession(db: Db, sessionId: string, now: Date) {
  const [row] = await db
    .select({ userId: authSessions.userId, role: authSessions.role, sessionId: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(authSessions).set({ revokedAt: now }).where(eq(authSessions.id, sessionId));
}

export async function insertLoginLink(db: Db, link: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(loginLinks).values(link);
}

/** Marks a live link used and returns its user, in one statement so a link works once. */
export async function consumeLoginLink(db: Db, tokenHash: string, userId: string, now: Date) {
  const [row] = await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginLinks.tokenHash, tokenHash),
        eq(loginLinks.userId, userId),
        isNull(loginLinks.usedAt),
        gt(loginLinks.expiresAt, now),
      ),
    )
    .returning({ userId: loginLinks.userId });
  return row;
}

export async function insertReferral(db: Db, referral: { referrerId: string; referredId: string }) {
  await db.insert(referrals).values(referral).onConflictDoNothing();
}
