import { and, desc, eq } from 'drizzle-orm';
import type { Money } from '@parley/domain/money';
import type { Db } from '../../db/client';
import { referrals, users } from '../../db/schema';

export async function insertReferral(db: Db, referral: { referrerId: string; referredId: string }): Promise<void> {
  await db.insert(referrals).values(referral).onConflictDoNothing();
}

/** joined → qualified, once; false when the referee has no referral still joined. */
export async function markQualified(tx: Db, referredId: string, paid: Money, paymentId: string): Promise<boolean> {
  const moved = await tx
    .update(referrals)
    .set({ status: 'qualified', qualifyingPaymentId: paymentId, qualifyingAmountMinor: paid.amountMinor, qualifyingCurrency: paid.currency })
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'joined')))
    .returning({ id: referrals.referredId });
  return moved.length === 1;
}

export async function lockQualified(tx: Db, referredId: string) {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'qualified')))
    .for('update');
  return referral;
}

export async function markRewarded(tx: Db, referredId: string, reward: Money, at: Date): Promise<void> {
  await tx
    .update(referrals)
    .set({ status: 'rewarded', rewardMinor: reward.amountMinor, rewardCurrency: reward.currency, rewardedAt: at })
    .where(eq(referrals.referredId, referredId));
}

export async function qualifiedReferredIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: referrals.referredId }).from(referrals).where(eq(referrals.status, 'qualified'));
  return rows.map((r) => r.id);
}

export async function findReferralCode(db: Db, userId: string): Promise<string | null | undefined> {
  const [me] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return me?.code;
}

export async function listReferred(db: Db, referrerId: string) {
  return db
    .select({ name: users.name, joinedAt: referrals.createdAt, status: referrals.status, rewardMinor: referrals.rewardMinor, rewardCurrency: referrals.rewardCurrency })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt));
}
