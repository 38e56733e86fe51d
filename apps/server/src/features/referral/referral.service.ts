import type { Money } from '@parley/domain/money';
import { referralReward, referralRewardCap, type ReferralSummary } from '@parley/domain/referral';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { loadPriceSettings } from '../pricing/pricing.service';
import { recordLedgerEntry, walletCurrency } from '../wallet/wallet.service';
import * as repo from './referral.repository';

export const REFERRAL_REWARD_JOB = 'referral-reward';

/** A sign-up with someone's referral code joins their referrals. */
export async function recordReferral(db: Db, referral: { referrerId: string; referredId: string }): Promise<void> {
  await repo.insertReferral(db, referral);
}

/**
 * Inside the referee's payment: their first verified payment qualifies the referral (joined →
 * qualified), once. This only writes the referral's own row, so it cannot fail the payment.
 */
export async function qualifyReferral(tx: Db, referredId: string, paid: Money, paymentId: string): Promise<boolean> {
  return repo.markQualified(tx, referredId, paid, paymentId);
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
    const referral = await repo.lockQualified(tx, referredId);
    if (!referral?.qualifyingPaymentId || referral.qualifyingAmountMinor === null || !referral.qualifyingCurrency) return;
    const reward = referralReward({
      paid: { amountMinor: referral.qualifyingAmountMinor, currency: referral.qualifyingCurrency },
      currency: await walletCurrency(tx, referral.referrerId),
      usdToInrRate: (await loadPriceSettings(tx)).usdToInrRate,
    });
    if (reward.amountMinor > 0) {
      await recordLedgerEntry(tx, { userId: referral.referrerId, amount: reward, kind: 'cashback', description: 'Referral reward', paymentId: `referral:${referral.qualifyingPaymentId}` });
    }
    await repo.markRewarded(tx, referredId, reward, ctx.now());
  });
}

/** Runs reward jobs in this process, and queues again any qualified referral a crash left unpaid. */
export async function registerReferralRewardJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ referredId: string }>(REFERRAL_REWARD_JOB, ({ referredId }) => grantReferralReward(ctx, referredId), {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  for (const referredId of await repo.qualifiedReferredIds(ctx.db)) await queueReferralReward(ctx, referredId);
}

/** The learner's code, sign-up link and the people who joined with it, with what each earned. */
export async function referralSummary(ctx: AppContext, userId: string): Promise<ReferralSummary> {
  const code = await repo.findReferralCode(ctx.db, userId);
  if (!code) throw notFound('No referral code');
  const [currency, rows] = await Promise.all([walletCurrency(ctx.db, userId), repo.listReferred(ctx.db, userId)]);
  const referred = rows.map((r) => ({
    name: r.name,
    joinedAt: r.joinedAt.toISOString(),
    status: r.status,
    reward: r.rewardMinor !== null && r.rewardCurrency ? { amountMinor: r.rewardMinor, currency: r.rewardCurrency } : null,
  }));
  const link = new URL('/login', ctx.config.publicUrl);
  link.searchParams.set('mode', 'signup');
  link.searchParams.set('ref', code);
  return {
    code,
    link: link.toString(),
    reward: referralRewardCap(currency),
    referred,
    totalEarned: { amountMinor: referred.reduce((sum, r) => sum + (r.reward?.currency === currency ? r.reward.amountMinor : 0), 0), currency },
  };
}
