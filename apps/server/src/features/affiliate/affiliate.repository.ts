import { and, count, countDistinct, desc, eq, or, sql, sum } from 'drizzle-orm';
import type { Currency, Money } from '@parley/domain/money';
import type { Db } from '../../db/client';
import {
  affiliateAttributions,
  affiliateBalances,
  affiliateBankDetails,
  affiliateClicks,
  affiliateCommissions,
  affiliateLedger,
  affiliatePayouts,
  authSessions,
  influencers,
  users,
} from '../../db/schema';

export type InfluencerRow = { userId: string; referralCode: string; couponDiscountPercent: number; status: string; email: string | null; country: string; timezone: string };

const influencerColumns = {
  userId: influencers.userId,
  referralCode: influencers.referralCode,
  couponDiscountPercent: influencers.couponDiscountPercent,
  status: influencers.status,
  email: users.email,
  country: users.country,
  timezone: users.timezone,
};

export async function insertInfluencer(tx: Db, influencer: typeof influencers.$inferInsert): Promise<void> {
  await tx.insert(influencers).values(influencer);
}

export async function findInfluencer(db: Db, userId: string): Promise<InfluencerRow | undefined> {
  const [row] = await db.select(influencerColumns).from(influencers).innerJoin(users, eq(users.id, influencers.userId)).where(eq(influencers.userId, userId));
  return row;
}

export async function findInfluencerByCode(db: Db, code: string): Promise<InfluencerRow | undefined> {
  // The affiliate's code (spec refferalcode), or the account's own code that earlier campaign links carried.
  const [row] = await db
    .select(influencerColumns)
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(or(eq(influencers.referralCode, code), and(eq(users.referralCode, code), eq(users.role, 'influencer'))))
    .limit(1);
  return row;
}

/** Whether the user ever signed in from this browser (the device cookie). */
export async function userUsedDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const [row] = await db.select({ id: authSessions.id }).from(authSessions).where(and(eq(authSessions.userId, userId), eq(authSessions.deviceId, deviceId))).limit(1);
  return row !== undefined;
}

// ---- Attribution -------------------------------------------------------------------------------

export async function findClick(db: Db, clickId: string) {
  const [row] = await db.select({ id: affiliateClicks.id, influencerId: affiliateClicks.influencerId, createdAt: affiliateClicks.createdAt }).from(affiliateClicks).where(eq(affiliateClicks.id, clickId));
  return row;
}

/**
 * Records the click unless this visitor already clicked for this affiliate on this day (the
 * unique index decides, so visits at once count once); answers the day's click and whether it is new.
 */
export async function insertDailyClick(
  db: Db,
  click: typeof affiliateClicks.$inferInsert & { visitorKey: string; visitDay: string },
): Promise<{ id: string; recorded: boolean }> {
  const [row] = await db.insert(affiliateClicks).values(click).onConflictDoNothing().returning({ id: affiliateClicks.id });
  if (row) return { id: row.id, recorded: true };
  const [earlier] = await db
    .select({ id: affiliateClicks.id })
    .from(affiliateClicks)
    .where(and(eq(affiliateClicks.influencerId, click.influencerId), eq(affiliateClicks.visitorKey, click.visitorKey), eq(affiliateClicks.visitDay, click.visitDay)));
  return { id: earlier!.id, recorded: false };
}

/** The affiliate a learner is attributed to, if any. */
export async function findAttributedInfluencer(db: Db, learnerId: string): Promise<InfluencerRow | undefined> {
  const [row] = await db
    .select(influencerColumns)
    .from(affiliateAttributions)
    .innerJoin(influencers, eq(influencers.userId, affiliateAttributions.influencerId))
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(eq(affiliateAttributions.learnerId, learnerId));
  return row;
}

/** One attribution per learner, ever: a second one is ignored. */
export async function insertAttribution(db: Db, attribution: typeof affiliateAttributions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(affiliateAttributions).values(attribution).onConflictDoNothing().returning({ id: affiliateAttributions.learnerId });
  return rows.length === 1;
}

// ---- Commission lines ---------------------------------------------------------------------------

/** Inside the payer's transaction: a pending line when the payer was brought by an affiliate. Writes only this row. */
export async function insertPendingCommission(tx: Db, line: { learnerId: string; paymentId: string; paid: Money; paidAt: Date }): Promise<boolean> {
  const [attribution] = await tx.select({ influencerId: affiliateAttributions.influencerId }).from(affiliateAttributions).where(eq(affiliateAttributions.learnerId, line.learnerId));
  if (!attribution) return false;
  const rows = await tx
    .insert(affiliateCommissions)
    .values({ influencerId: attribution.influencerId, learnerId: line.learnerId, paymentId: line.paymentId, paidMinor: line.paid.amountMinor, paidCurrency: line.paid.currency, paidAt: line.paidAt })
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id });
  return rows.length === 1;
}

/** Inside the refund's transaction: how much of the payment has been refunded in all (never less than before). */
export async function markRefunded(tx: Db, paymentId: string, refundedTotalMinor: number): Promise<boolean> {
  const rows = await tx
    .update(affiliateCommissions)
    .set({ refundedMinor: sql`greatest(${affiliateCommissions.refundedMinor}, least(${refundedTotalMinor}, ${affiliateCommissions.paidMinor}))` })
    .where(eq(affiliateCommissions.paymentId, paymentId))
    .returning({ id: affiliateCommissions.id });
  return rows.length === 1;
}

export async function findCommissionByPayment(db: Db, paymentId: string) {
  const [row] = await db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId));
  return row;
}

export async function lockCommission(tx: Db, id: string) {
  const [row] = await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, id)).for('update');
  return row;
}

/** What this learner already earned the affiliate, net of reversals. */
export async function netEarnedFromLearner(tx: Db, influencerId: string, learnerId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${affiliateCommissions.amountMinor} - ${affiliateCommissions.reversedMinor})` })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.influencerId, influencerId), eq(affiliateCommissions.learnerId, learnerId)));
  return Number(row?.total ?? 0);
}

export async function signedUpAt(db: Db, learnerId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: users.createdAt }).from(users).where(eq(users.id, learnerId));
  return row?.at;
}

export async function setCommissionCredited(tx: Db, id: string, amount: Money, at: Date) {
  await tx.update(affiliateCommissions).set({ amountMinor: amount.amountMinor, currency: amount.currency, creditedAt: at }).where(eq(affiliateCommissions.id, id));
}

export async function setCommissionReversed(tx: Db, id: string, reversedMinor: number) {
  await tx.update(affiliateCommissions).set({ reversedMinor }).where(eq(affiliateCommissions.id, id));
}

/** Lines whose job has yet to run, or whose refund has yet to be taken back (a crash can leave either). */
export async function unsettledPaymentIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ paymentId: affiliateCommissions.paymentId })
    .from(affiliateCommissions)
    .where(sql`${affiliateCommissions.creditedAt} is null or (${affiliateCommissions.refundedMinor} > 0 and ${affiliateCommissions.reversedMinor} < ${affiliateCommissions.amountMinor})`);
  return rows.map((r) => r.paymentId);
}

// ---- Balance and ledger ---------------------------------------------------------------------------

/** Creates the balance row when missing, then locks it: every ledger entry goes through this lock. */
export async function createAndLockBalance(tx: Db, influencerId: string, currency: Currency) {
  await tx.insert(affiliateBalances).values({ influencerId, currency }).onConflictDoNothing();
  const [row] = await tx.select().from(affiliateBalances).where(eq(affiliateBalances.influencerId, influencerId)).for('update');
  return row!;
}

export async function findBalance(db: Db, influencerId: string) {
  const [row] = await db.select().from(affiliateBalances).where(eq(affiliateBalances.influencerId, influencerId));
  return row;
}

/** Under the balance's lock, stamped when written, not when its transaction began (as the wallet's ledger). */
export async function insertLedgerEntryAndSetBalance(tx: Db, entry: typeof affiliateLedger.$inferInsert): Promise<void> {
  await tx.insert(affiliateLedger).values({ createdAt: sql`clock_timestamp()`, ...entry });
  await tx.update(affiliateBalances).set({ balanceMinor: entry.closingBalanceMinor, updatedAt: sql`now()` }).where(eq(affiliateBalances.influencerId, entry.influencerId));
}

export async function hasLedgerEntry(tx: Db, sourceKey: string): Promise<boolean> {
  const [row] = await tx.select({ id: affiliateLedger.id }).from(affiliateLedger).where(eq(affiliateLedger.sourceKey, sourceKey));
  return row !== undefined;
}

// ---- Dashboard figures (each an index range on influencer_id) ----------------------------------

export async function countClicks(db: Db, influencerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(affiliateClicks).where(eq(affiliateClicks.influencerId, influencerId));
  return row?.n ?? 0;
}

export async function countSignUps(db: Db, influencerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(affiliateAttributions).where(eq(affiliateAttributions.influencerId, influencerId));
  return row?.n ?? 0;
}

export async function countPayingLearners(db: Db, influencerId: string): Promise<number> {
  const [row] = await db.select({ n: countDistinct(affiliateCommissions.learnerId) }).from(affiliateCommissions).where(eq(affiliateCommissions.influencerId, influencerId));
  return row?.n ?? 0;
}

/** Commission less reversals, all time and since `since`, from the ledger. */
export async function netEarnings(db: Db, influencerId: string, since: Date): Promise<{ allTime: number; sinceThen: number }> {
  const signed = sql`case when ${affiliateLedger.kind} = 'commission' then ${affiliateLedger.amountMinor} when ${affiliateLedger.kind} = 'reversal' then -${affiliateLedger.amountMinor} else 0 end`;
  const [row] = await db
    .select({
      allTime: sql<string | null>`sum(${signed})`,
      sinceThen: sql<string | null>`sum(${signed}) filter (where ${affiliateLedger.createdAt} >= ${since.toISOString()}::timestamptz)`,
    })
    .from(affiliateLedger)
    .where(eq(affiliateLedger.influencerId, influencerId));
  return { allTime: Number(row?.allTime ?? 0), sinceThen: Number(row?.sinceThen ?? 0) };
}

export async function paidOutMinor(db: Db, influencerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(affiliatePayouts.amountMinor) })
    .from(affiliatePayouts)
    .where(and(eq(affiliatePayouts.influencerId, influencerId), eq(affiliatePayouts.status, 'paid')));
  return Number(row?.total ?? 0);
}

type DayCount = { day: string; n: number };

/** Rows per day (in `timeZone`) since `from`, for one influencer's table of events. */
async function perDay(db: Db, query: ReturnType<typeof sql>): Promise<DayCount[]> {
  const result = (await db.execute(query)) as { rows: { day: string; n: string | number }[] };
  return result.rows.map((r) => ({ day: String(r.day), n: Number(r.n) }));
}

export function clicksPerDay(db: Db, influencerId: string, from: Date, timeZone: string) {
  return perDay(
    db,
    sql`select to_char(${affiliateClicks.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as n
        from ${affiliateClicks} where ${affiliateClicks.influencerId} = ${influencerId} and ${affiliateClicks.createdAt} >= ${from.toISOString()}::timestamptz group by 1`,
  );
}

export function signUpsPerDay(db: Db, influencerId: string, from: Date, timeZone: string) {
  return perDay(
    db,
    sql`select to_char(${affiliateAttributions.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as n
        from ${affiliateAttributions} where ${affiliateAttributions.influencerId} = ${influencerId} and ${affiliateAttributions.createdAt} >= ${from.toISOString()}::timestamptz group by 1`,
  );
}

/** Learners whose first payment fell on each day. */
export function firstPaymentsPerDay(db: Db, influencerId: string, from: Date, timeZone: string) {
  return perDay(
    db,
    sql`select to_char(first_paid at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as n
        from (select min(${affiliateCommissions.paidAt}) as first_paid from ${affiliateCommissions}
              where ${affiliateCommissions.influencerId} = ${influencerId} group by ${affiliateCommissions.learnerId}) firsts
        where first_paid >= ${from.toISOString()}::timestamptz group by 1`,
  );
}

export function earningsPerDay(db: Db, influencerId: string, from: Date, timeZone: string) {
  return perDay(
    db,
    sql`select to_char(${affiliateLedger.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               sum(case ${affiliateLedger.kind} when 'commission' then ${affiliateLedger.amountMinor} when 'reversal' then -${affiliateLedger.amountMinor} else 0 end) as n
        from ${affiliateLedger} where ${affiliateLedger.influencerId} = ${influencerId} and ${affiliateLedger.createdAt} >= ${from.toISOString()}::timestamptz group by 1`,
  );
}

export async function listCommissions(db: Db, influencerId: string, page: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: affiliateCommissions.id,
        learnerName: users.name,
        paidAt: affiliateCommissions.paidAt,
        paidMinor: affiliateCommissions.paidMinor,
        paidCurrency: affiliateCommissions.paidCurrency,
        amountMinor: affiliateCommissions.amountMinor,
        currency: affiliateCommissions.currency,
        reversedMinor: affiliateCommissions.reversedMinor,
        creditedAt: affiliateCommissions.creditedAt,
      })
      .from(affiliateCommissions)
      .innerJoin(users, eq(users.id, affiliateCommissions.learnerId))
      .where(eq(affiliateCommissions.influencerId, influencerId))
      .orderBy(desc(affiliateCommissions.paidAt), desc(affiliateCommissions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(affiliateCommissions).where(eq(affiliateCommissions.influencerId, influencerId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- Bank details and payouts ------------------------------------------------------------------

export async function findBankDetails(db: Db, influencerId: string) {
  const [row] = await db.select().from(affiliateBankDetails).where(eq(affiliateBankDetails.influencerId, influencerId));
  return row;
}

export async function upsertBankDetails(db: Db, details: { influencerId: string; kind: 'IN' | 'INTL'; sealed: string; accountLast4: string; updatedAt: Date }) {
  await db
    .insert(affiliateBankDetails)
    .values(details)
    .onConflictDoUpdate({ target: affiliateBankDetails.influencerId, set: { kind: details.kind, sealed: details.sealed, accountLast4: details.accountLast4, updatedAt: details.updatedAt } });
}

export async function insertPayout(tx: Db, payout: typeof affiliatePayouts.$inferInsert) {
  const [row] = await tx.insert(affiliatePayouts).values(payout).returning();
  return row!;
}

export async function listPayouts(db: Db, influencerId: string) {
  return db.select().from(affiliatePayouts).where(eq(affiliatePayouts.influencerId, influencerId)).orderBy(desc(affiliatePayouts.requestedAt)).limit(100);
}

export async function findPayout(db: Db, payoutId: string) {
  const [row] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payoutId));
  return row;
}

const open = or(eq(affiliatePayouts.status, 'requested'), eq(affiliatePayouts.status, 'processing'));

/** requested → processing, once, keeping the provider's payout id. */
export async function markPayoutProcessing(db: Db, payoutId: string, providerPayoutId: string): Promise<boolean> {
  const rows = await db
    .update(affiliatePayouts)
    .set({ status: 'processing', providerPayoutId })
    .where(and(eq(affiliatePayouts.id, payoutId), eq(affiliatePayouts.status, 'requested')))
    .returning({ id: affiliatePayouts.id });
  return rows.length === 1;
}

/** requested or processing → paid, once. */
export async function markPayoutPaid(db: Db, payoutId: string, paid: { providerPayoutId: string; reference: string }, at: Date): Promise<boolean> {
  const rows = await db
    .update(affiliatePayouts)
    .set({ status: 'paid', paidAt: at, providerPayoutId: paid.providerPayoutId, providerReference: paid.reference })
    .where(and(eq(affiliatePayouts.id, payoutId), open))
    .returning({ id: affiliatePayouts.id });
  return rows.length === 1;
}

/** requested or processing → failed, once; the caller gives the amount back in the same transaction. */
export async function markPayoutFailed(tx: Db, payoutId: string, failed: { providerPayoutId: string | null; reason: string }) {
  const [row] = await tx
    .update(affiliatePayouts)
    .set({ status: 'failed', failureReason: failed.reason, ...(failed.providerPayoutId ? { providerPayoutId: failed.providerPayoutId } : {}) })
    .where(and(eq(affiliatePayouts.id, payoutId), open))
    .returning();
  return row;
}

/** Whether one of the influencer's payouts is still on its way (requested, or processing at the provider). */
export async function hasOpenPayout(db: Db, influencerId: string): Promise<boolean> {
  const [row] = await db.select({ id: affiliatePayouts.id }).from(affiliatePayouts).where(and(eq(affiliatePayouts.influencerId, influencerId), open)).limit(1);
  return row !== undefined;
}

/** Payouts the job has not settled: requested, or processing at the provider. */
/** Starts a new job chain for every open payout: the jobs of the chains before it stop at their next run. */
export async function restartOpenPayoutChains(db: Db): Promise<{ id: string; jobChain: number }[]> {
  return db
    .update(affiliatePayouts)
    .set({ jobChain: sql`${affiliatePayouts.jobChain} + 1` })
    .where(open)
    .returning({ id: affiliatePayouts.id, jobChain: affiliatePayouts.jobChain });
}
