import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { peerMinuteEntries, plans, referrals, subscriptions } from '../../db/schema';

/** The id of a learner's first peer-plan subscription (the one a referral bonus is for). */
const firstPeerSubscriptionOf = (learnerId: typeof subscriptions.learnerId) =>
  sql<string>`(select s.id from ${subscriptions} s join ${plans} p on p.id = s.plan_id where s.learner_id = ${learnerId} and p.peer_minutes > 0 order by s.created_at, s.id limit 1)`;

/** The referee's peer-plan subscription, with who referred them and their first peer-plan subscription. */
export async function referredPeerPlan(db: Db, subscriptionId: string) {
  const [row] = await db
    .select({
      buyerId: subscriptions.learnerId,
      referrerId: referrals.referrerId,
      planMinutes: plans.peerMinutes,
      priceInrMinor: plans.priceInrMinor,
      priceUsdMinor: plans.priceUsdMinor,
      firstPeerSubscriptionId: firstPeerSubscriptionOf(subscriptions.learnerId),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(referrals, eq(referrals.referredId, subscriptions.learnerId))
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

export async function hasReferralEntry(tx: Db, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: peerMinuteEntries.id })
    .from(peerMinuteEntries)
    .where(and(eq(peerMinuteEntries.subscriptionId, subscriptionId), eq(peerMinuteEntries.reason, 'referral')))
    .limit(1);
  return Boolean(row);
}

/** Referred users' first peer-plan subscriptions with no referral entry yet: what a crash may have left unqueued. */
export async function peerPlansWithoutReferralEntry(db: Db) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(referrals, eq(referrals.referredId, subscriptions.learnerId))
    .where(
      and(
        gt(plans.peerMinutes, 0),
        gt(plans.priceInrMinor, 0),
        eq(subscriptions.id, firstPeerSubscriptionOf(subscriptions.learnerId)),
        notExists(db.select({ one: sql`1` }).from(peerMinuteEntries).where(and(eq(peerMinuteEntries.subscriptionId, subscriptions.id), eq(peerMinuteEntries.reason, 'referral')))),
      ),
    )
    .orderBy(asc(subscriptions.createdAt));
  return rows.map((r) => r.id);
}
