import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneLimitKey } from '@parley/domain/phone-verification';
import { phoneCodeSends, phoneKeyOf, phoneVerifications, users } from '../../db/schema';

export type ProfileColumns = {
  name: string;
  phoneNumber: string | null;
  dob: string | null;
  country: string;
  timezone: string;
  ieltsBandGoal?: number | null | undefined;
  ieltsTestDate?: string | null | undefined;
};

/**
 * Saves the profile; a changed phone number is unverified again and its open code is dropped. The
 * kids take the parent's time zone: their classes are shown in it, and the parent is e-mailed in it.
 */
export async function updateProfile(db: Db, userId: string, profile: ProfileColumns, phoneChanged: boolean) {
  await db
    .update(users)
    .set({ ...profile, ...(phoneChanged ? { isPhoneNumberVerified: false } : {}) })
    .where(eq(users.id, userId));
  await db.update(users).set({ timezone: profile.timezone }).where(eq(users.parentId, userId));
  if (phoneChanged) await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
}

/** The learner's number and whether it is verified, with their row locked until the transaction ends (sends and checks one at a time). */
export async function lockPhone(tx: Db, userId: string) {
  const [row] = await tx
    .select({ phoneNumber: users.phoneNumber, verified: users.isPhoneNumberVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * When codes went to this learner, or to this number from any account however it was written
 * (`phoneLimitKey`), since `since`. The number is locked first (for this transaction), so two
 * accounts asking for one number count each other.
 */
export async function sendTimesSince(tx: Db, userId: string, phoneNumber: string, since: Date): Promise<Date[]> {
  const key = phoneLimitKey(phoneNumber);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:${key}`}, 0))`);
  const sameNumber = eq(phoneKeyOf(phoneCodeSends.phoneNumber), key);
  const rows = await tx
    .select({ sentAt: phoneCodeSends.sentAt })
    .from(phoneCodeSends)
    .where(and(or(eq(phoneCodeSends.userId, userId), sameNumber), gt(phoneCodeSends.sentAt, since)));
  return rows.map((row) => row.sentAt);
}

/** Records a send and makes its code the learner's one open code (replacing any earlier one). */
export async function openCode(tx: Db, code: { userId: string; phoneNumber: string; codeHash: string; expiresAt: Date; sentAt: Date }) {
  await tx.insert(phoneCodeSends).values({ userId: code.userId, phoneNumber: code.phoneNumber, sentAt: code.sentAt });
  const values = { phoneNumber: code.phoneNumber, codeHash: code.codeHash, expiresAt: code.expiresAt, failedAttempts: 0, createdAt: code.sentAt };
  await tx
    .insert(phoneVerifications)
    .values({ userId: code.userId, ...values })
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
}

export async function findOpenCode(tx: Db, userId: string) {
  const [row] = await tx.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return row;
}

export async function countFailedAttempt(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .update(phoneVerifications)
    .set({ failedAttempts: sql`${phoneVerifications.failedAttempts} + 1` })
    .where(eq(phoneVerifications.userId, userId))
    .returning({ failedAttempts: phoneVerifications.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** The code matched: the number it was sent to is verified (if it is still the saved one), and the code is spent. */
export async function markVerified(tx: Db, userId: string, phoneNumber: string) {
  await tx
    .update(users)
    .set({ isPhoneNumberVerified: true })
    .where(and(eq(users.id, userId), eq(users.phoneNumber, phoneNumber)));
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
}
