import { messages } from '@parley/domain/messages';
import { currencies, currencyForCountry, type Currency, type Money } from '@parley/domain/money';
import { classDurationLabel, isPeerVerticalPlan, PEER_MINUTES_PLAN_TYPE, planChanged, type Plan } from '@parley/domain/plans';
import { countsInWeek, noSessionsLeftText, spendOneSession, totalSessions, unbookedSessions, type SpentFrom } from '@parley/domain/sessions';
import type { ActiveSubscription } from '@parley/domain/user';
import { MS_PER_DAY } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { creditPlanMinutes, queuePeerReferralBonus } from '../peer/peer.service';
import { debitWallet, walletBalance, walletCurrency } from '../wallet/wallet.service';
import * as repo from './subscriptions.repository';

export type PlanRow = repo.PlanRow;

export async function findActivePlan(db: Db, planId: string): Promise<PlanRow> {
  const plan = await repo.findPlan(db, planId);
  if (!plan || !plan.isActive) throw notFound('Plan not found');
  return plan;
}

export const planPrice = (plan: PlanRow, currency: Currency): Money => ({
  amountMinor: currency === 'INR' ? plan.priceInrMinor : plan.priceUsdMinor,
  currency,
});

const currencyOf = async (db: Db, userId: string) => currencyForCountry((await repo.findCountry(db, userId)) ?? 'IN');

/**
 * The plans on sale (for one subject, or all), priced in the viewer's currency, and in their
 * wallet's when that differs; a peer-only account (no wallet) sees only the Peer Learning plans.
 */
export async function listPlans(ctx: AppContext, viewer: Pick<AuthContext, 'userId' | 'role'>, subject: string | undefined): Promise<{ items: Plan[] }> {
  const [currency, inWallet, rows] = await Promise.all([
    currencyOf(ctx.db, viewer.userId),
    viewer.role === 'peer' ? null : walletCurrency(ctx.db, viewer.userId),
    repo.listActivePlans(ctx.db, subject),
  ]);
  const onSale = viewer.role === 'peer' ? rows.filter(isPeerVerticalPlan) : rows;
  return {
    items: onSale.map((row) => ({ ...planOnSale(row, currency), ...(inWallet && inWallet !== currency ? { walletPrice: planPrice(row, inWallet) } : {}) })),
  };
}

/** The same plans for someone not signed in, in the currency their browser's timezone implies. */
export async function listPublicPlans(ctx: AppContext, currency: Currency): Promise<{ items: Plan[] }> {
  const rows = await repo.listActivePlans(ctx.db, undefined);
  return { items: rows.map((row) => planOnSale(row, currency)) };
}

/**
 * What /subscription shows a visitor, sent with the HTML so the page renders its plans without a
 * request: GET /api/plans/public's answer in each currency a visitor may be shown (the browser
 * picks by its timezone's country, as it would ask).
 */
export async function visitorPublicPlans(ctx: AppContext): Promise<string> {
  const rows = await repo.listActivePlans(ctx.db, undefined);
  return JSON.stringify(Object.fromEntries(currencies.map((currency) => [currency, { items: rows.map((row) => planOnSale(row, currency)) }])));
}

const planOnSale = (p: PlanRow, currency: Currency): Plan => ({
  _id: p.id,
  name: p.name,
  subject: p.subject,
  subscriptionType: p.subscriptionType,
  classDuration: classDurationLabel(p.classDurationMin),
  sessionCount: p.sessionCount,
  weeklySessions: p.weeklySessions,
  validityDays: p.validityDays,
  price: planPrice(p, currency),
});

/**
 * Refuses a class plan's purchase chosen against a page that showed `currentSubscriptionId` as the
 * learner's live plan when a plan was bought since (a second tab, a second press): one decision
 * is charged once. Peer Learning plans add minutes and may be bought any number of times.
 */
export async function assertPlanUnchanged(db: Db, learnerId: string, plan: PlanRow, currentSubscriptionId: string | null, now: Date): Promise<void> {
  if (await planBoughtSinceSeen(db, learnerId, plan, currentSubscriptionId, now)) throw new AppError('PLAN_CHANGED', planChanged);
}

/**
 * Whether a class plan was bought since a page showed `seenId` as the learner's live plan. It first
 * takes the turn of the learner's purchases of the plan's subject (held to the end of a
 * transaction), so a purchase committing meanwhile is seen and none commits before this one's.
 */
export async function planBoughtSinceSeen(db: Db, learnerId: string, plan: PlanRow, seenId: string | null, now: Date): Promise<boolean> {
  if (plan.subscriptionType === PEER_MINUTES_PLAN_TYPE) return false;
  await repo.takePurchaseTurn(db, learnerId, plan.subject);
  return repo.planBoughtSince(db, learnerId, seenId, now);
}

/**
 * Pays for a plan from the wallet and activates it, in one transaction; returns the closing balance.
 * `currentSubscriptionId` is the live plan the learner's page showed: when a plan was bought since
 * (a second tab, a second press), this purchase is refused, so one decision is charged once.
 */
export async function buyPlanWithWallet(
  ctx: AppContext,
  learnerId: string,
  planId: string,
  seen: { currentSubscriptionId: string | null; requestKey?: string | undefined },
): Promise<{ message: string; closingBalance: Money }> {
  const plan = await findActivePlan(ctx.db, planId);
  const currency = await walletCurrency(ctx.db, learnerId);
  const price = planPrice(plan, currency);
  const now = ctx.now();
  const bought = await ctx.db.transaction(async (tx) => {
    await repo.takePurchaseTurn(tx, learnerId, plan.subject);
    // This purchase sent again (its first answer was lost): answered as it was, charged once.
    if (seen.requestKey && (await repo.hasSubscriptionWithRequestKey(tx, learnerId, seen.requestKey))) {
      return { closing: await walletBalance(tx, learnerId, currency), subscriptionId: null };
    }
    await assertPlanUnchanged(tx, learnerId, plan, seen.currentSubscriptionId, now);
    const closing = await debitWallet(tx, { userId: learnerId, amount: price, description: `Plan: ${plan.name}` });
    const subscription = await activateSubscription(tx, learnerId, plan, now, seen.requestKey);
    return { closing, subscriptionId: subscription.id };
  });
  // A referee's first peer plan earns both sides free minutes: credited by a job, never in this payment.
  if (plan.peerMinutes > 0 && bought.subscriptionId) await queuePeerReferralBonus(ctx, bought.subscriptionId);
  return { message: messages.planActivated, closingBalance: bought.closing };
}

/**
 * Activation creates the live subscription with the plan's session counts, and adds the plan's
 * peer minutes (if any) to the buyer's peer balance, keyed by that subscription: once per purchase.
 * Only the newest plan of a subject is booked from, so a plan bought while another of its subject
 * is live takes over that one's unbooked sessions as its backlog (and the sessions it gives back
 * later, `carriedToId`): nothing paid for is lost. Purchases of one learner and subject take turns.
 */
export async function activateSubscription(tx: Db, learnerId: string, plan: PlanRow, now: Date, requestKey?: string) {
  const carrying = plan.subscriptionType !== PEER_MINUTES_PLAN_TYPE;
  const previous = carrying ? await repo.lockLiveSubscriptionToCarry(tx, learnerId, plan.subject, now) : undefined;
  const carried = previous ? unbookedSessions({ ...previous.sub, ...countsInWeek(previous.sub, previous.weeklySessions, now) }) : 0;
  const subscription = await repo.insertSubscription(tx, {
    learnerId,
    planId: plan.id,
    subjects: [plan.subject],
    subscriptionType: plan.subscriptionType,
    availableSession: plan.sessionCount,
    availableWeeklySession: plan.weeklySessions,
    backlogSession: carried,
    startsAt: now,
    expiresAt: new Date(now.getTime() + plan.validityDays * MS_PER_DAY),
    requestKey: requestKey ?? null,
  });
  if (previous) await repo.carrySubscription(tx, previous.sub.id, subscription.id);
  await creditPlanMinutes(tx, { userId: learnerId, minutes: plan.peerMinutes, subscriptionId: subscription.id, now });
  return subscription;
}

/**
 * The learner's live plans as the user record shows them: the newest of each subject (the one
 * booked from), newest first. A learner with an English plan who buys an IELTS one keeps both.
 */
export async function activeSubscriptions(db: Db, learnerId: string, now: Date): Promise<ActiveSubscription[]> {
  const newestOfEach = new Map<string, LiveRow>();
  for (const row of await repo.listLiveSubscriptions(db, learnerId, now)) if (!newestOfEach.has(row.plan.subject)) newestOfEach.set(row.plan.subject, row);
  return [...newestOfEach.values()].map((row) => toActiveSubscription(row, now));
}

type LiveRow = Awaited<ReturnType<typeof repo.listLiveSubscriptions>>[number];

function toActiveSubscription(row: LiveRow, now: Date): ActiveSubscription {
  // This week's counts, as the next booking will find them (it also stores them).
  const counts = countsInWeek(row.sub, row.plan.weeklySessions, now);
  return {
    _id: row.sub.id,
    subjects: row.sub.subjects,
    subscriptionType: row.sub.subscriptionType,
    availableSession: counts.availableSession,
    availableWeeklySession: counts.availableWeeklySession,
    backlogSession: counts.backlogSession,
    expiresAt: row.sub.expiresAt.toISOString(),
    plan: { _id: row.plan.id, name: row.plan.name, classDuration: classDurationLabel(row.plan.classDurationMin) },
  };
}

/** Whether the learner has a live plan covering `subject` (not only their newest plan). */
export async function hasLivePlanFor(db: Db, learnerId: string, subject: string, now: Date): Promise<boolean> {
  return (await repo.findLivePlanMinutesForSubject(db, learnerId, subject, now)) !== undefined;
}

/**
 * The class length a plan gives `subject` for this learner: their live plan for the subject,
 * else the plan on sale for it. Null when no plan offers the subject.
 */
export async function planClassDuration(db: Db, learnerId: string, subject: string, now: Date): Promise<string | null> {
  const minutes = (await repo.findLivePlanMinutesForSubject(db, learnerId, subject, now)) ?? (await repo.findCatalogPlanMinutes(db, subject));
  return minutes === undefined ? null : classDurationLabel(minutes);
}

/** Whether a booking failed for want of a session to spend (no plan, none left on it, no kid session): callers say it in their own words. */
export function isOutOfSessions(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'NOT_SUBSCRIBED' || error.code === 'NO_SESSIONS_LEFT' || error.code === 'BUY_SESSIONS');
}

/**
 * Spends one session of the learner's live subscription for `subject`, in the caller's
 * transaction (the row stays locked until it ends); returns the subscription's id and which of its
 * counts the session came from, for the booking to keep.
 */
export async function spendSubscriptionSession(tx: Db, learnerId: string, subject: string, now: Date): Promise<{ subscriptionId: string; spentFrom: SpentFrom }> {
  const locked = await repo.lockLiveSubscriptionForSubject(tx, learnerId, subject, now);
  if (!locked) throw new AppError('NOT_SUBSCRIBED', messages.subscribeToBook);
  const thisWeek = { ...locked.sub, ...countsInWeek(locked.sub, locked.weeklySessions, now) };
  if (totalSessions(thisWeek) <= 0) throw new AppError('NO_SESSIONS_LEFT', noSessionsLeftText(thisWeek));
  const { counts, spentFrom } = spendOneSession(thisWeek);
  await repo.updateSessionCounts(tx, locked.sub.id, { ...counts, allowanceWeek: thisWeek.allowanceWeek });
  return { subscriptionId: locked.sub.id, spentFrom };
}
