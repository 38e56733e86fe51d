import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers, paymentOrders, users, webhookEvents } from '../../db/schema';

export type OrderRow = typeof paymentOrders.$inferSelect;

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

export async function setOrderStatus(db: Db, orderId: string, change: Partial<Pick<OrderRow, 'status' | 'paymentId' | 'failureCode'>>) {
  await db.update(paymentOrders).set({ ...change, updatedAt: new Date() }).where(eq(paymentOrders.id, orderId));
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

export async function markDemoPaid(db: Db, userId: string, subject: string) {
  await db
    .update(users)
    .set(subject === 'IELTS' ? { isIeltsDemoPayed: true } : { isDemoPayed: true })
    .where(eq(users.id, userId));
}
