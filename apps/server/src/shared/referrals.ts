import { and, eq } from 'drizzle-orm';
import type { Money } from '@parley/domain/money';
import { referralReward } from '@parley/domain/referral';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { referrals } from '../db/schema';
import { recordLedgerEntry, walletCurrency } from './ledger';
import { loadPriceSettings } from './settings';

export const REFERRAL_REWARD_JOB = 'referral-reward';

/**
 * Inside the referee's payment: their first verified payment qualifies the referral (joined →
 * qualified), once. This only writes the referral's own row, so it cannot fail the payment.
 */
export async function qualifyReferral(tx: Db, referredId: string, paid: Money, paymentId: string): Promise<boolean> {
  const moved = await tx
    .update(referrals)
    .set({ status: 'qualified', qualifyingPaymentId: paymentId, qualifyingAmountMinor: paid.amountMinor, qualifyingCurrency: paid.currency })
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'joined')))
    .returning({ id: referrals.referredId });
  return moved.length === 1;
}

/** Asks the job queue to pay a qualified referral's reward; the job retries until it lands. */
export async function queueReferralReward(ctx: AppContext, referredId: string): Promise<void> {
  await ctx.jobs.send(REFERRAL_REWARD_JOB, { referredId });
}

/**
 * The reward job: in its own transaction, pays the referrer a share of the qualifying payment
 * in their wallet's currency (qualified → rewarded). Running it twice pays once.
 */
export async function grantReferralReward(ctx: AppContext, referredId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'qualified')))
      .for('update');
    if (!referral?.qualifyingPaymentId || referral.qualifyingAmountMinor === null || !referral.qualifyingCurrency) return;
    const reward = referralReward({
      paid: { amountMinor: referral.qualifyingAmountMinor, currency: referral.qualifyingCurrency },
      currency: await walletCurrency(tx, referral.referrerId),
      usdToInrRate: (await loadPriceSettings(tx)).usdToInrRate,
    });
    if (reward.amountMinor > 0) {
      await recordLedgerEntry(tx, { userId: referral.referrerId, amount: reward, kind: 'cashback', description: 'Referral reward', paymentId: `referral:${referral.qualifyingPaymentId}` });
    }
    await tx
      .update(referrals)
      .set({ status: 'rewarded', rewardMinor: reward.amountMinor, rewardCurrency: reward.currency, rewardedAt: ctx.now() })
      .where(eq(referrals.referredId, referredId));
  });
}

/** Qualified referrals whose reward job may have been lost (a crash between commit and queue). */
export async function qualifiedReferralIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: referrals.referredId }).from(referrals).where(eq(referrals.status, 'qualified'));
  return rows.map((r) => r.id);
}

/** Runs reward jobs in this process, and queues again any qualified referral a crash left unpaid. */
export async function registerReferralRewardJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ referredId: string }>(REFERRAL_REWARD_JOB, ({ referredId }) => grantReferralReward(ctx, referredId), {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  for (const referredId of await qualifiedReferralIds(ctx.db)) await queueReferralReward(ctx, referredId);
}
