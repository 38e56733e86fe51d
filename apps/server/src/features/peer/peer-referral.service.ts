import { peerReferralBonusMinutes } from '@parley/domain/peer-referral';
import type { AppContext } from '../../context';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import * as peerRepo from './peer.repository';
import * as repo from './peer-referral.repository';

// Peer referral: when someone who signed up with your code buys their first peer plan, you both
// get free minutes (packages/domain/src/peer-referral.ts). The purchase only queues this job
// after its transaction commits; the job credits both sides in the peer-minute ledger, once.

export const PEER_REFERRAL_JOB = 'peer-referral-bonus';
export type PeerReferralJob = { subscriptionId: string };

/** After a peer plan's purchase committed: asks the queue to credit the referral bonus (if any). */
export async function queuePeerReferralBonus(ctx: AppContext, subscriptionId: string): Promise<void> {
  await ctx.jobs.send<PeerReferralJob>(PEER_REFERRAL_JOB, { subscriptionId });
}

/**
 * The job: for the referee's first peer plan (bought for a price), both sides get the bonus, in
 * one transaction under both balances' locks (in user-id order); a second run finds the entries
 * and does nothing. Returns the minutes each side got.
 */
export async function grantPeerReferralBonus(ctx: AppContext, subscriptionId: string): Promise<number> {
  const now = ctx.now();
  const { minutes, notices } = await ctx.db.transaction(async (tx) => {
    const none = { minutes: 0, notices: [] as NotificationRow[] };
    const row = await repo.referredPeerPlan(tx, subscriptionId);
    if (!row) return none;
    const minutes = peerReferralBonusMinutes({
      firstPeerPlan: row.firstPeerSubscriptionId === subscriptionId,
      planMinutes: row.planMinutes,
      paidMinor: Math.max(row.priceInrMinor, row.priceUsdMinor),
    });
    if (minutes === 0) return none;
    const sides = [row.buyerId, row.referrerId].sort();
    const balances = new Map<string, number>();
    for (const userId of sides) balances.set(userId, await peerRepo.lockBalance(tx, userId));
    if (await repo.hasReferralEntry(tx, subscriptionId)) return none;
    const notices: NotificationRow[] = [];
    for (const [userId, counterpartId] of [
      [row.buyerId, row.referrerId],
      [row.referrerId, row.buyerId],
    ] as const) {
      await peerRepo.insertEntryAndSetBalance(tx, { userId, delta: minutes, reason: 'referral', subscriptionId, counterpartId, balanceAfter: balances.get(userId)! + minutes, createdAt: now });
      notices.push(
        await notify(tx, userId, {
          kind: 'peer_referral_bonus',
          title: `${minutes} free peer minutes`,
          body: userId === row.buyerId ? 'For joining with a referral code and buying your first peer plan.' : 'Someone you referred bought their first peer plan.',
          link: '/peer-learning/dashboard',
        }),
      );
    }
    return { minutes, notices };
  });
  pushNotifications(ctx, notices);
  return minutes;
}

/** Runs the job in this process, and queues it again for any referee's peer plan a crash left without it. */
export async function registerPeerReferralJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<PeerReferralJob>(PEER_REFERRAL_JOB, async ({ subscriptionId }) => void (await grantPeerReferralBonus(ctx, subscriptionId)), {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  for (const subscriptionId of await repo.peerPlansWithoutReferralEntry(ctx.db)) await queuePeerReferralBonus(ctx, subscriptionId);
}
