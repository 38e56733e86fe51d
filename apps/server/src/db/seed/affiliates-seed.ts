import { and, eq } from 'drizzle-orm';
import { affiliateCommission } from '@parley/domain/affiliate';
import { defaultPriceSettings } from '@parley/domain/pricing';
import type { Db } from '../client';
import { affiliateAttributions, affiliateBalances, affiliateClicks, affiliateCommissions, affiliateLedger, paymentOrders, users, walletEntries, wallets } from '../schema';

// Demo history for the approved affiliate (affiliate@parley.test): visits over the last eight
// weeks, three learners who signed up through them, one of whom paid, and that commission in
// the earnings ledger. Written once: a second run finds the clicks and stops.

const DAY_MS = 86_400_000;
const referred = [
  { email: 'kavya.referred@parley.test', name: 'Kavya Menon', signedUpDaysAgo: 20, paidDaysAgo: 6 },
  { email: 'arjun.referred@parley.test', name: 'Arjun Bose', signedUpDaysAgo: 11, paidDaysAgo: null },
  { email: 'neha.referred@parley.test', name: 'Neha Kulkarni', signedUpDaysAgo: 3, paidDaysAgo: null },
] as const;
const TOP_UP_MINOR = 200_000;

export async function seedAffiliateHistory(db: Db, passwordHash: string, now: Date): Promise<void> {
  const [affiliate] = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'influencer'), eq(users.email, 'affiliate@parley.test')));
  if (!affiliate) throw new Error('seed: the demo affiliate is missing');
  const [already] = await db.select({ id: affiliateClicks.id }).from(affiliateClicks).where(eq(affiliateClicks.influencerId, affiliate.id)).limit(1);
  if (already) return;
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * 60_000);
  const utm = { utmSource: 'affiliate', utmMedium: 'web', utmCampaign: 'TANYA10', landingPath: '/index-affiliate' };
  // A steady trickle of visits: one to three a day on most days of the last 8 weeks.
  const clicks = Array.from({ length: 56 }, (_, day) => ({ day, count: (day * 7) % 4 })).flatMap(({ day, count }) =>
    Array.from({ length: count }, (_, i) => ({ influencerId: affiliate.id, ...utm, createdAt: ago(day, 90 + i * 37) })),
  );
  const inserted = await db.insert(affiliateClicks).values(clicks).returning({ id: affiliateClicks.id, createdAt: affiliateClicks.createdAt });

  for (const learner of referred) {
    const signedUpAt = ago(learner.signedUpDaysAgo);
    const click = inserted.find((c) => c.createdAt.getTime() <= signedUpAt.getTime()) ?? inserted[0]!;
    const [user] = await db
      .insert(users)
      .values({ role: 'learner', email: learner.email, passwordHash, name: learner.name, createdAt: signedUpAt })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    await db.insert(affiliateAttributions).values({ learnerId: user.id, influencerId: affiliate.id, clickId: click.id, touchedAt: click.createdAt, createdAt: signedUpAt });
    if (learner.paidDaysAgo === null) continue;

    // A ₹2,000 wallet top-up, applied like a verified payment, and the commission it earned.
    const paidAt = ago(learner.paidDaysAgo);
    const paymentId = 'pay_seed_affiliate_1';
    const paid = { amountMinor: TOP_UP_MINOR, currency: 'INR' as const };
    await db.insert(paymentOrders).values({ id: 'order_seed_affiliate_1', provider: 'sandbox', userId: user.id, purpose: 'Wallet', ...paid, details: {}, status: 'Success', paymentId, createdAt: paidAt, updatedAt: paidAt });
    await db.insert(wallets).values({ userId: user.id, currency: 'INR', balanceMinor: TOP_UP_MINOR });
    await db.insert(walletEntries).values({ userId: user.id, kind: 'credit', amountMinor: TOP_UP_MINOR, closingBalanceMinor: TOP_UP_MINOR, currency: 'INR', description: 'Money added', paymentId, createdAt: paidAt });
    const commission = affiliateCommission({ paid, currency: 'INR', usdToInrRate: defaultPriceSettings.usdToInrRate, signedUpAt, paidAt, earnedSoFarMinor: 0 });
    const [line] = await db
      .insert(affiliateCommissions)
      .values({ influencerId: affiliate.id, learnerId: user.id, paymentId, paidMinor: paid.amountMinor, paidCurrency: 'INR', paidAt, amountMinor: commission.amountMinor, currency: 'INR', creditedAt: paidAt })
      .returning({ id: affiliateCommissions.id });
    await db.insert(affiliateBalances).values({ influencerId: affiliate.id, currency: 'INR', balanceMinor: commission.amountMinor });
    await db.insert(affiliateLedger).values({
      influencerId: affiliate.id,
      kind: 'commission',
      amountMinor: commission.amountMinor,
      currency: 'INR',
      closingBalanceMinor: commission.amountMinor,
      commissionId: line!.id,
      sourceKey: `commission:${paymentId}`,
      createdAt: paidAt,
    });
  }
}
