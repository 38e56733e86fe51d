import { eq } from 'drizzle-orm';
import type { Currency, Money } from '@parley/domain/money';
import type { Db } from '../db/client';
import { plans, subscriptions } from '../db/schema';
import { notFound } from '../http/app-error';

const DAY_MS = 86_400_000;

export async function findActivePlan(db: Db, planId: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan || !plan.isActive) throw notFound('Plan not found');
  return plan;
}

export const planPrice = (plan: typeof plans.$inferSelect, currency: Currency): Money => ({
  amountMinor: currency === 'INR' ? plan.priceInrMinor : plan.priceUsdMinor,
  currency,
});

/** Activation creates the active subscription with the plan's session counts. */
export async function activateSubscription(tx: Db, learnerId: string, plan: typeof plans.$inferSelect, now: Date) {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      learnerId,
      planId: plan.id,
      subjects: [plan.subject],
      subscriptionType: plan.subscriptionType,
      availableSession: plan.sessionCount,
      availableWeeklySession: plan.weeklySessions,
      backlogSession: 0,
      startsAt: now,
      expiresAt: new Date(now.getTime() + plan.validityDays * DAY_MS),
    })
    .returning();
  return row!;
}
