import { and, count, eq, gt, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import { passwordRoles, type Role } from '@parley/domain/roles';
import type { Db } from '../../db/client';
import { authSessions, loginLinks, moderatorActions, passwordResets, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Db, role: Role, email: string) {
  const [row] = await db.select().from(users).where(and(eq(users.role, role), eq(users.email, email)));
  return row;
}

/** The accounts this e-mail has in the other areas that sign in with a password. */
export async function findOtherPasswordAccounts(db: Db, role: Role, email: string) {
  return db
    .select({ role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), ne(users.role, role), inArray(users.role, [...passwordRoles])));
}

export async function findUserByReferralCode(db: Db, code: string) {
  // Refer & Earn codes are learners'; an affiliate's code is an attribution (features/affiliate).
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.referralCode, code.toUpperCase()), ne(users.role, 'influencer')));
  return row;
}

export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertSession(db: Db, session: { userId: string; role: Role; expiresAt: Date; deviceId: string; openedBy: string | null }) {
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

/** Revokes a session and the kid sessions it opened; returns every session id it ended. */
export async function revokeSessionAndOpened(db: Db, sessionId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(or(eq(authSessions.id, sessionId), eq(authSessions.openedBy, sessionId)), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

/** True when the user has ever signed in on this device (a sign-up from it with their referral code is theirs). */
export async function userUsedDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  return deviceSignedIn(db, userId, deviceId, false);
}

/**
 * True when the user has signed in on this device and has not since ended its sign-ins from
 * elsewhere: the login limit gives such a device its own count.
 */
export async function isOwnersDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  return deviceSignedIn(db, userId, deviceId, true);
}

async function deviceSignedIn(db: Db, userId: string, deviceId: string, ownersOnly: boolean): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.deviceId, deviceId), ownersOnly ? eq(authSessions.ownersDevice, true) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Ends the learner's links not used yet: they expire now (a new link replaces them). */
export async function expireUnusedLoginLinks(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(loginLinks)
    .set({ expiresAt: now })
    .where(and(eq(loginLinks.userId, userId), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)));
}

export async function insertLoginLink(db: Db, link: { userId: string; tokenHash: string; expiresAt: Date }): Promise<string> {
  const [row] = await db.insert(loginLinks).values(link).returning({ id: loginLinks.id });
  return row!.id;
}

export async function insertModeratorAction(db: Db, action: typeof moderatorActions.$inferInsert) {
  await db.insert(moderatorActions).values(action);
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

/**
 * Revokes every live session of the user but `keep.session` (none when it is left out), and the
 * kid sessions those opened; returns every session id it ended. No device of those sessions, ended
 * now or before, counts as the owner's any more (`isOwnersDevice`), but the kept session's and
 * `keep.device` (the device a password reset was done on).
 */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keep: { session?: string; device?: string } = {}): Promise<string[]> {
  const others = and(eq(authSessions.userId, userId), keep.session ? ne(authSessions.id, keep.session) : undefined);
  const otherDevices = keep.device ? or(isNull(authSessions.deviceId), ne(authSessions.deviceId, keep.device)) : undefined;
  await db
    .update(authSessions)
    .set({ ownersDevice: false })
    .where(and(others, otherDevices, eq(authSessions.ownersDevice, true)));
  const theirs = db.select({ id: authSessions.id }).from(authSessions).where(others);
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(or(inArray(authSessions.id, theirs), inArray(authSessions.openedBy, theirs)), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

/** A new password ends every reset link mailed before it: one left in an inbox cannot change it again. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Locks the user's row, so two resets (or changes) of one account take turns. */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function countPasswordResetsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passwordResets).where(and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertPasswordReset(db: Db, reset: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }) {
  await db.insert(passwordResets).values(reset);
}

/** Whether a reset link is live (not used, not expired), without using it. */
export async function isPasswordResetLive(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
  return row !== undefined;
}

/** Marks a live reset link used and returns its user, in one statement so a link works once. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row;
}
