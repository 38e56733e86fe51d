import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, subscriptions, unappliedPayments, users, walletEntries, wallets } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

// Every purchase path, 20 requests at once: the first wins where only one may, nobody is
// charged for what they did not get, and the ledger always adds up. Runs on PGlite and, in
// CI, on PostgreSQL, where requests truly run in parallel.
const RACERS = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function newParent(country = 'IN') {
  n += 1;
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: `Racer ${n}`, email: `racer${n}@example.com`, password: 'a long password', country, timezone: 'Asia/Kolkata' });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { c, id: res.json().user._id as string };
}

async function fund(c: TestClient, amount: number) {
  const orderId = (await c.post('/api/sandbox/capture', { amount, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet' } })).json().data.id;
  const paid = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
  expect((await c.post('/api/payments/verify', { orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })).statusCode).toBe(200);
}

async function ledger(userId: string) {
  const [w] = await t.ctx.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [sum] = await t.ctx.db
    .select({ total: sql<number>`coalesce(sum(case when ${walletEntries.kind} = 'debit' then -${walletEntries.amountMinor} else ${walletEntries.amountMinor} end), 0)::int` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  const debits = await t.ctx.db.select().from(walletEntries).where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, 'debit')));
  return { balance: w?.balanceMinor ?? 0, ledgerSum: sum?.total ?? 0, debits };
}

const race = <T,>(run: () => Promise<T>) => Promise.all(Array.from({ length: RACERS }, run));

describe(`${RACERS} purchases at once`, () => {
  it('a kid’s demo: one wins at the demo price, the rest get a clear 409 and are not charged', async () => {
    const { c, id } = await newParent();
    await c.post('/api/learner/newKid', { name: 'Racing Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await fund(c, 100_000);
    const results = await race(() => c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1, isDemo: true }));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json()).toMatchObject({ code: 'CONFLICT', message: 'Racing Kid already has a demo.' });
    const { balance, ledgerSum, debits } = await ledger(id);
    expect(debits).toHaveLength(1);
    expect(balance).toBe(100_000 - 14_900);
    expect(ledgerSum).toBe(balance);
  });

  it('kid session packs: each accepted purchase is charged once and adds its sessions', async () => {
    const { c, id } = await newParent();
    await c.post('/api/learner/newKid', { name: 'Pack Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await fund(c, 150_000);
    const results = await race(() => c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 }));
    const won = results.filter((r) => r.statusCode === 200).length;
    expect(won).toBe(Math.floor(150_000 / 29_900));
    const { balance, ledgerSum, debits } = await ledger(id);
    expect(debits).toHaveLength(won);
    expect(balance).toBe(150_000 - won * 29_900);
    expect(ledgerSum).toBe(balance);
    const subjects = (await c.get(`/api/kids/${kid._id}/subjects`)).json().subjects;
    expect(subjects).toEqual([{ subject: 'English', sessionsAvailable: won }]);
  });

  it('a plan from the wallet, pressed many times on one page: charged once, one subscription', async () => {
    const { c, id } = await newParent();
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    await fund(c, plan.price.amountMinor * 3);
    const results = await race(() => c.post(`/api/plans/${plan._id}/buy-with-wallet`, { currentSubscriptionId: null }));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json().code).toBe('PLAN_CHANGED');
    const { balance, ledgerSum, debits } = await ledger(id);
    expect(debits).toHaveLength(1);
    expect(balance).toBe(plan.price.amountMinor * 2);
    expect(ledgerSum).toBe(balance);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id))).toHaveLength(1);
  });

  it('a peer plan from the wallet (minutes add up, so no plan-changed check), sent many times with one request key: charged once', async () => {
    const { c, id } = await newParent();
    const peer = (await c.get('/api/plans')).json().items.find((p: { subscriptionType: string }) => p.subscriptionType === 'peer_minutes');
    await fund(c, peer.price.amountMinor * 3);
    const requestKey = randomUUID();
    const results = await race(() => c.post(`/api/plans/${peer._id}/buy-with-wallet`, { currentSubscriptionId: null, requestKey }));
    // Every answer is the one purchase's (a retry after a lost answer is told it went through).
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const { balance, ledgerSum, debits } = await ledger(id);
    expect(debits).toHaveLength(1);
    expect(balance).toBe(peer.price.amountMinor * 2);
    expect(ledgerSum).toBe(balance);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id))).toHaveLength(1);
    // A new key is a new purchase: minutes may be bought again on purpose.
    expect((await c.post(`/api/plans/${peer._id}/buy-with-wallet`, { currentSubscriptionId: null, requestKey: randomUUID() })).statusCode).toBe(200);
    expect((await ledger(id)).debits).toHaveLength(2);
  });

  it('a plan paid by checkout on several orders of one decision (tabs closed and reopened), all verified at once: one plan, the rest kept for support', async () => {
    const { c, id } = await newParent();
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    const body = { amount: plan.price.amountMinor, payment_capture: 1, currency: 'INR', notes: { type: 'Plan', paymentDetails: { planId: plan._id, currentSubscriptionId: null } } };
    // Each checkout closed before the next opens: a new order each time, all for the page that showed no plan.
    const orderIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const orderId = (await c.post('/api/sandbox/capture', body)).json().data.id as string;
      await c.post('/api/payments/order-status', { orderid: orderId, status: 'canceled' });
      orderIds.push(orderId);
    }
    // Every one of them paid after all (checkouts left open), then verified at once.
    const paid = [];
    for (const orderId of orderIds) {
      const settled = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
      paid.push({ orderId, paymentId: settled.razorpay_payment_id, signature: settled.razorpay_signature });
    }
    const results = await Promise.all(paid.map((p) => c.post('/api/payments/verify', p)));
    await t.ctx.sandbox!.flushWebhooks();
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json().code).toBe('PAYMENT_UNAPPLIED');
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.userId, id))).toHaveLength(3);
  });

  it('a learner’s demo checkout: every request gets the same order, so the demo can be paid once', async () => {
    const { c, id } = await newParent();
    const results = await race(() => c.post('/api/sandbox/capture', { amount: 9_900, payment_capture: 1, currency: 'INR', notes: { type: 'Demo', paymentDetails: { subject: 'English' } } }));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const open = await t.ctx.db.select().from(paymentOrders).where(and(eq(paymentOrders.userId, id), eq(paymentOrders.purpose, 'Demo'), eq(paymentOrders.status, 'created')));
    expect(open).toHaveLength(1);
  });

  it('a top-up verified and webhooked at once: credited once', async () => {
    const { c, id } = await newParent();
    const orderId = (await c.post('/api/sandbox/capture', { amount: 40_000, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet' } })).json().data.id;
    const paid = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
    const results = await race(() => c.post('/api/payments/verify', { orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }));
    await t.ctx.sandbox!.flushWebhooks();
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { balance, ledgerSum } = await ledger(id);
    expect(balance).toBe(40_000);
    expect(ledgerSum).toBe(40_000);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(user).toBeDefined();
  });
});
