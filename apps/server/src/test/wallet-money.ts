import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { walletEntries, wallets } from '../db/schema';
import { hmacSha256Hex } from '../payments/signature';
import type { TestApp, TestClient } from './harness';

// Shared by the tests that need a learner with money: sign up, pay a sandbox order, check the ledger.

export async function newLearner(t: TestApp, email: string, country = 'IN', timezone = 'Asia/Kolkata') {
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: 'Payer Person', email, password: 'a long password', country, timezone });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { c, id: res.json().user._id as string };
}

export const capture = (amount: number, type: 'Wallet' | 'Demo' | 'Plan', paymentDetails: Record<string, string | null> = {}, currency = 'INR') => ({
  amount,
  payment_capture: 1,
  currency,
  prefill: { Name: 'Payer Person' },
  notes: { type, paymentDetails },
  txndesc: `${type} payment`,
});

/** Creates an order and pays it in the sandbox; returns what the checkout hands to handler(). */
export async function payOrder(c: TestClient, body: ReturnType<typeof capture>) {
  const order = await c.post('/api/sandbox/capture', body);
  expect(order.statusCode).toBe(200);
  const orderId = order.json().data.id as string;
  const settled = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
  expect(settled.ok).toBe(true);
  return { orderId, paymentId: settled.razorpay_payment_id as string, signature: settled.razorpay_signature as string };
}

/** Adds `amountMinor` INR to the client's wallet through a verified sandbox checkout. */
export async function topUp(c: TestClient, amountMinor: number) {
  const res = await c.post('/api/payments/verify', await payOrder(c, capture(amountMinor, 'Wallet')));
  expect(res.statusCode).toBe(200);
}

/** Buys a plan from the wallet as the plans page does: naming the live plan it shows (the learner's newest, or none; none for a client that is no learner). */
export async function buyPlan(c: TestClient, planId: string) {
  const me = (await c.get('/api/auth/me?role=learner')).json();
  return c.post(`/api/plans/${planId}/buy-with-wallet`, { currentSubscriptionId: me.user?.activeSubscription?._id ?? null });
}

export const balanceOf = async (c: TestClient) => (await c.get('/api/wallet')).json().closingBalance.amountMinor as number;

/** The wallet's balance beside the sum of its ledger entries: the two must always agree. */
export async function ledgerConsistent(t: TestApp, userId: string) {
  const [w] = await t.ctx.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [sum] = await t.ctx.db
    .select({ total: sql<number>`coalesce(sum(case when ${walletEntries.kind} = 'debit' then -${walletEntries.amountMinor} else ${walletEntries.amountMinor} end), 0)::int` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return { balance: w?.balanceMinor ?? 0, ledgerSum: sum?.total ?? 0 };
}

/** Posts a provider webhook as the sandbox provider signs it (or with another `secret`, to be refused). */
export function sendWebhook(t: TestApp, body: object, eventId: string, secret = hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-webhook-secret')) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex(secret, raw), 'x-razorpay-event-id': eventId },
  });
}
