import { and, eq } from 'drizzle-orm';
import { currencyForCountry } from '@parley/domain/money';
import { referralReward } from '@parley/domain/referral';
import type { Db } from '../db/client';
import { referrals, users } from '../db/schema';
import { recordLedgerEntry } from './ledger';

/**
 * The referred learner's first verified payment rewards the referrer once: the status moves
 * joined → rewarded in the same transaction as the cashback credit.
 */
export async function rewardReferrerOnFirstPayment(tx: Db, referredId: string, paymentId: string, now: Date) {
  const [pending] = await tx
    .select({ referrerId: referrals.referrerId, country: users.country })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'joined')));
  if (!pending) return;
  const reward = referralReward(currencyForCountry(pending.country));
  const moved = await tx
    .update(referrals)
    .set({ status: 'rewarded', rewardMinor: reward.amountMinor, rewardCurrency: reward.currency, rewardedAt: now })
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'joined')))
    .returning({ id: referrals.referredId });
  if (!moved.length) return;
  await recordLedgerEntry(tx, { userId: pending.referrerId, amount: reward, kind: 'cashback', description: 'Referral reward', paymentId: `referral:${paymentId}` });
}
