import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { UnappliedReason } from '@parley/domain/moderation';
import type { Currency } from '@parley/domain/money';
import type { Db } from '../../db/client';
import { courseGifts, courses, courseVersions, offers, paymentOrders, paymentRefunds, plans, unappliedPayments, users, webhookEvents } from '../../db/schema';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function insertOrder(db: Db, order: typeof paymentOrders.$inferInsert) {
  await db.insert(paymentOrders).values(order);
}

export async function findOrder(db: Db, orderId: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row;
}

export async function lockOrder(db: Db, orderId: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
  return row;
}

export async function paymentIdTakenByOtherOrder(db: Db, paymentId: string, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentOrders.id }).from(paymentOrders).where(and(eq(paymentOrders.paymentId, paymentId), ne(paymentOrders.id, orderId)));
  return Boolean(row);
}

/** Moves an order on; a paid order is final and keeps its row as paid (its updatedAt is when it was paid). */
export async function setOrderStatus(db: Db, orderId: string, change: Partial<Pick<OrderRow, 'status' | 'paymentId' | 'failureCode'>>) {
  await db
    .update(paymentOrders)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, 'Success')));
}

/** True the first time an event id is seen (inside the caller's transaction). */
export async function claimWebhookEvent(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values({ id: eventId }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return rows.length === 1;
}

export async function findOffer(db: Db, coupon: string, currency: 'INR' | 'USD') {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.coupon, coupon.toUpperCase()), eq(offers.currency, currency), eq(offers.isActive, true), eq(offers.validFor, 'Wallet')));
  return row;
}

/** Marks the demo paid only if it was not already: false means someone paid it first. */
export async function markDemoPaid(db: Db, userId: string, subject: string): Promise<boolean> {
  const column = subject === 'IELTS' ? users.isIeltsDemoPayed : users.isDemoPayed;
  const rows = await db
    .update(users)
    .set(subject === 'IELTS' ? { isIeltsDemoPayed: true } : { isDemoPayed: true })
    .where(and(eq(users.id, userId), eq(column, false)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The signed-in learner's open demo order for a subject (auth-less orders are never shared). */
export async function findOpenDemoOrder(db: Db, userId: string, subject: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.purpose, 'Demo'),
        eq(paymentOrders.status, 'created'),
        sql`${paymentOrders.details} ->> 'subject' = ${subject}`,
        sql`not coalesce((${paymentOrders.details} ->> 'authLess')::boolean, false)`,
      ),
    );
  return row;
}

/** The learner's open (unpaid, not auth-less) orders of one purpose for exactly this amount. */
export function listOpenOrders(db: Db, userId: string, purpose: OrderRow['purpose'], amount: { amountMinor: number; currency: OrderRow['currency'] }) {
  return db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.purpose, purpose),
        eq(paymentOrders.status, 'created'),
        eq(paymentOrders.amountMinor, amount.amountMinor),
        eq(paymentOrders.currency, amount.currency),
        sql`not coalesce((${paymentOrders.details} ->> 'authLess')::boolean, false)`,
      ),
    )
    .orderBy(desc(paymentOrders.createdAt));
}

/** Serialises creating one learner's orders of one purpose until the transaction ends. */
export async function lockOpenOrdersOf(tx: Db, userId: string, purpose: OrderRow['purpose']) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-orders:${userId}:${purpose}`}, 0))`);
}

export async function insertUnappliedPayment(db: Db, row: typeof unappliedPayments.$inferInsert) {
  await db.insert(unappliedPayments).values(row).onConflictDoNothing();
}

export async function findUnappliedPayment(db: Db, paymentId: string): Promise<{ reason: UnappliedReason; amountMinor: number; currency: Currency } | undefined> {
  const [row] = await db.select({ reason: unappliedPayments.reason, amountMinor: unappliedPayments.amountMinor, currency: unappliedPayments.currency }).from(unappliedPayments).where(eq(unappliedPayments.paymentId, paymentId));
  return row;
}

export async function findOrderByPayment(db: Db, paymentId: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.paymentId, paymentId));
  return row;
}

/** True the first time a refund id is seen. */
export async function insertRefund(db: Db, refund: typeof paymentRefunds.$inferInsert): Promise<boolean> {
  const rows = await db.insert(paymentRefunds).values(refund).onConflictDoNothing().returning({ id: paymentRefunds.id });
  return rows.length === 1;
}

export async function refundedTotalMinor(db: Db, paymentId: string): Promise<number> {
  const [row] = await db.select({ total: sql<string | null>`sum(${paymentRefunds.amountMinor})` }).from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  return Number(row?.total ?? 0);
}

/*
 * What was captured for an order and kept for support (its own payment's delivery refused, or an
 * amount that did not match, which leaves the order open), and what the provider refunded of its
 * payments. Written with qualified names: a subquery's unqualified column would bind to its own table.
 */
const keptQuery = (what: string, only = 'true') => `(select ${what} from unapplied_payments u where u.order_id = payment_orders.id and ${only})`;
const kept = (what: string, only?: string) => sql.raw(keptQuery(what, only));
const refunded = sql.raw(
  `(select coalesce(sum(r.amount_minor), 0)::int from payment_refunds r where r.payment_id = payment_orders.payment_id or r.payment_id in ${keptQuery('u.payment_id')})`,
);

/**
 * The user's orders that took money, newest payment first: paid ones, and open ones with a capture
 * kept for support. Each with what the provider refunded and what still waits for support.
 */
export async function listPaidOrders(db: Db, userId: string, limit: number, offset: number) {
  const tookMoney = and(eq(paymentOrders.userId, userId), or(eq(paymentOrders.status, 'Success'), sql`exists ${kept('1')}`));
  const paidAt = sql`coalesce(case when ${paymentOrders.status} = 'Success' then ${paymentOrders.updatedAt} end, ${kept('min(u.created_at)')})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: paymentOrders,
        paidAt: sql<string>`${paidAt}`,
        keptMinor: sql<number>`coalesce(${kept('sum(u.amount_minor)')}, 0)::int`,
        waitingMinor: sql<number>`coalesce(${kept('sum(u.amount_minor)', 'u.resolved_at is null')}, 0)::int`,
        refundedMinor: sql<number>`${refunded}`,
      })
      .from(paymentOrders)
      .where(tookMoney)
      .orderBy(desc(paidAt), desc(paymentOrders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(paymentOrders).where(tookMoney),
  ]);
  return { rows: rows.map((r) => ({ ...r, paidAt: new Date(r.paidAt) })), total: total?.n ?? 0 };
}

/** Plan names by id, for describing what payments bought. */
export async function planNames(db: Db, planIds: string[]): Promise<Map<string, string>> {
  if (planIds.length === 0) return new Map();
  const rows = await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, planIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Course titles by course id: the live version's, else the newest version's (a course taken off sale keeps its name). */
export async function courseTitles(db: Db, courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([courseVersions.courseId], { id: courseVersions.courseId, title: courseVersions.title })
    .from(courseVersions)
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(inArray(courseVersions.courseId, courseIds))
    .orderBy(courseVersions.courseId, sql`${courseVersions.id} = ${courses.liveVersionId} desc`, desc(courseVersions.version));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The course and recipient of each gift, by gift id. */
export async function giftsById(db: Db, giftIds: string[]): Promise<Map<string, { courseId: string; recipientName: string }>> {
  if (giftIds.length === 0) return new Map();
  const rows = await db.select({ id: courseGifts.id, courseId: courseGifts.courseId, recipientName: courseGifts.recipientName }).from(courseGifts).where(inArray(courseGifts.id, giftIds));
  return new Map(rows.map((r) => [r.id, r]));
}
