import { and, arrayContains, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { PEER_MINUTES_PLAN_TYPE } from '@parley/domain/plans';
import type { SessionCounts } from '@parley/domain/sessions';
import type { Db } from '../../db/client';
import { plans, subscriptions, users } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findPlan(db: Db, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan;
}

export async function listActivePlans(db: Db, subject: string | undefined): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.isActive, true), subject ? eq(plans.subject, subject) : undefined))
    .orderBy(asc(plans.subject), asc(plans.priceInrMinor));
}

export async function findCountry(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  return user?.country;
}

export async function insertSubscription(tx: Db, subscription: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(subscription).returning();
  return row!;
}

/**
 * The learner's live class plans (a Peer Learning plan grants minutes, shown on the peer
 * dashboard, not classes), with their plans, newest first.
 */
export async function listLiveSubscriptions(db: Db, learnerId: string, now: Date) {
  return db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, learnerId), gt(subscriptions.expiresAt, now), ne(subscriptions.subscriptionType, PEER_MINUTES_PLAN_TYPE)))
    .orderBy(desc(subscriptions.createdAt));
}

/** The class length of the learner's live plan covering `subject`, if there is one. */
export async function findLivePlanMinutesForSubject(db: Db, learnerId: string, subject: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ minutes: plans.classDurationMin })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, learnerId), arrayContains(subscriptions.subjects, [subject]), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.minutes;
}

/** The class length of the plans on sale for `subject` (the cheapest first), if any is. */
export async function findCatalogPlanMinutes(db: Db, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ minutes: plans.classDurationMin })
    .from(plans)
    .where(and(eq(plans.subject, subject), eq(plans.isActive, true)))
    .orderBy(asc(plans.priceInrMinor))
    .limit(1);
  return row?.minutes;
}

export async function lockLiveSubscriptionForSubject(tx: Db, learnerId: string, subject: string, now: Date) {
  const [row] = await tx
    .select({ sub: subscriptions, weeklySessions: plans.weeklySessions })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, learnerId), arrayContains(subscriptions.subjects, [subject]), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update', { of: subscriptions });
  return row;
}

/** Waits for the turn of the learner's plan purchases in `subject` (held until the transaction ends; taking it again is free). */
export async function takePurchaseTurn(tx: Db, learnerId: string, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscription-purchase:${learnerId}:${subject}`}, 0))`);
}

/**
 * The learner's live class plan for `subject`, locked, once this transaction holds the turn of the
 * learner's purchases for that subject (a purchase committed meanwhile is then seen).
 */
export async function lockLiveSubscriptionToCarry(tx: Db, learnerId: string, subject: string, now: Date) {
  await takePurchaseTurn(tx, learnerId, subject);
  return lockLiveSubscriptionForSubject(tx, learnerId, subject, now);
}

/**
 * Whether a live class plan was bought after the one the learner's page showed (`seenId`; null, or
 * an id that is none of the learner's plans: it showed none, so any live class plan was bought since).
 */
export async function planBoughtSince(db: Db, learnerId: string, seenId: string | null, now: Date): Promise<boolean> {
  const seenAt = seenId
    ? sql`coalesce((select ${subscriptions.createdAt} from ${subscriptions} where ${subscriptions.id} = ${seenId} and ${subscriptions.learnerId} = ${learnerId}), '-infinity'::timestamptz)`
    : undefined;
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.learnerId, learnerId),
        gt(subscriptions.expiresAt, now),
        ne(subscriptions.subscriptionType, PEER_MINUTES_PLAN_TYPE),
        seenAt ? sql`${subscriptions.createdAt} > ${seenAt}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the learner's wallet purchase with this key went through already. */
export async function hasSubscriptionWithRequestKey(db: Db, learnerId: string, requestKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.learnerId, learnerId), eq(subscriptions.requestKey, requestKey)))
    .limit(1);
  return row !== undefined;
}

/** The subscription's unbooked sessions went to `toId`: it holds none now, and what it gets back goes there. */
export async function carrySubscription(tx: Db, id: string, toId: string): Promise<void> {
  await tx.update(subscriptions).set({ availableSession: 0, availableWeeklySession: 0, backlogSession: 0, carriedToId: toId }).where(eq(subscriptions.id, id));
}

export async function updateSessionCounts(tx: Db, id: string, counts: SessionCounts & { allowanceWeek: number }): Promise<void> {
  await tx.update(subscriptions).set(counts).where(eq(subscriptions.id, id));
}
