import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { unappliedReasons } from '@parley/domain/moderation';
import { paymentOrders, plans, sandboxOrders, subscriptions, unappliedPayments, users, wallets } from '../../db/schema';
import { hmacSha256Hex } from '../../payments/signature';
import { createLiveCourse } from '../../test/course-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { balanceOf, capture, sendWebhook, ledgerConsistent as ledgerConsistentIn, newLearner as newLearnerIn, payOrder } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newLearner = (email: string, country?: string, timezone?: string) => newLearnerIn(t, email, country, timezone);
const ledgerConsistent = (userId: string) => ledgerConsistentIn(t, userId);

describe('provider keys', () => {
  it('GET /api/images gives the public key id and never the secret', async () => {
    const res = await t.client().get('/api/images');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['checkoutScriptUrl', 'key_id', 'provider']);
    expect(res.body).not.toMatch(/secret/i);
  });
});

describe('creating orders', () => {
  it('answers 429 once one address exceeds its orders per minute, and that order is not made', async () => {
    const strict = await createTestApp({ env: { ORDER_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const { c, id } = await newLearnerIn(strict, 'order-flood@example.com');
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await c.post('/api/sandbox/capture', capture(50_000, 'Wallet'))).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect(await strict.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.userId, id))).toHaveLength(2);
      // The signed-out route has its own count (a wallet top-up needs a sign-in, so those are refused anyway).
      const anonymous = [];
      for (let i = 0; i < 3; i += 1) anonymous.push(await strict.client().post('/api/sandbox/capture-auth-less', capture(50_000, 'Wallet')));
      expect(anonymous.map((r) => r.statusCode)).toEqual([400, 400, 429]);
      expect(anonymous[2]!.json().code).toBe('RATE_LIMITED');
    } finally {
      await strict.close();
    }
  });
});

describe('wallet top-up', () => {
  it('credits once however often the verification and webhook arrive', async () => {
    const { c, id } = await newLearner('topup@example.com');
    const paid = await payOrder(c, capture(50_000, 'Wallet'));
    const verifications = await Promise.all(Array.from({ length: 100 }, () => c.post('/api/payments/verify', paid)));
    expect(verifications.every((r) => r.statusCode === 200)).toBe(true);
    expect(verifications[0]!.json().message).toBe(messages.moneyAdded);
    await t.ctx.sandbox!.flushWebhooks();
    expect(await balanceOf(c)).toBe(50_000);
    const history = (await c.get('/api/wallet/history')).json();
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ kind: 'credit', closingBalance: { amountMinor: 50_000, currency: 'INR' } });
    expect(await ledgerConsistent(id)).toEqual({ balance: 50_000, ledgerSum: 50_000 });
  });

  it('credits a wallet past what a 32-bit integer holds (about ₹2.1 crore)', async () => {
    const { c, id } = await newLearner('big-wallet@example.com');
    await c.post('/api/payments/verify', await payOrder(c, capture(100_000_000, 'Wallet')));
    await t.ctx.db.update(wallets).set({ balanceMinor: 2_100_000_000 }).where(eq(wallets.userId, id));
    const res = await c.post('/api/payments/verify', await payOrder(c, capture(100_000_000, 'Wallet')));
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(c)).toBe(2_200_000_000);
  });

  it('adds the offer cashback as its own entry when the amount matches the coupon', async () => {
    const { c } = await newLearner('coupon@example.com');
    const offers = (await c.get('/api/offers?couponValidFor=Wallet')).json().allOffers;
    const offer = offers.find((o: { walletAmount: number }) => o.walletAmount === 100_000);
    const mismatch = await c.post('/api/sandbox/capture', capture(50_000, 'Wallet', { coupon: offer.coupon }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(messages.offerNotValid);

    await c.post('/api/payments/verify', await payOrder(c, capture(100_000, 'Wallet', { coupon: offer.coupon })));
    expect(await balanceOf(c)).toBe(100_000 + offer.cashBackAmount);
    const kinds = (await c.get('/api/wallet/history')).json().items.map((i: { kind: string }) => i.kind);
    expect(kinds.sort()).toEqual(['cashback', 'credit']);
  });

  it('refuses a tampered signature, another user’s order and an unknown order, changing nothing', async () => {
    const { c } = await newLearner('tamper@example.com');
    const paid = await payOrder(c, capture(20_000, 'Wallet'));
    // The sandbox's own signed webhook reports the real capture; the forged calls must add nothing to it.
    await t.ctx.sandbox!.flushWebhooks();
    expect(await balanceOf(c)).toBe(20_000);
    const tampered = await c.post('/api/payments/verify', { ...paid, signature: paid.signature.replace(/.$/, (ch) => (ch === '0' ? '1' : '0')) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('PAYMENT_INVALID');
    const swapped = await c.post('/api/payments/verify', { ...paid, paymentId: 'pay_someoneelse' });
    expect(swapped.statusCode).toBe(400);

    const thief = await newLearner('thief@example.com');
    expect((await thief.c.post('/api/payments/verify', paid)).statusCode).toBe(404);

    const keySecret = hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-key-secret');
    const unknown = { orderId: 'order_unknown', paymentId: 'pay_x', signature: hmacSha256Hex(keySecret, 'order_unknown|pay_x') };
    expect((await c.post('/api/payments/verify', unknown)).statusCode).toBe(404);
    expect(await balanceOf(c)).toBe(20_000);
    expect((await c.get('/api/wallet/history')).json().total).toBe(1);
    expect(await balanceOf(thief.c)).toBe(0);
  });

  it('refuses an amount or currency the server did not price', async () => {
    const { c } = await newLearner('amount@example.com');
    const demo = await c.post('/api/sandbox/capture', capture(100, 'Demo'));
    expect(demo.statusCode).toBe(400);
    expect(demo.json().code).toBe('AMOUNT_MISMATCH');
    const dollars = await c.post('/api/sandbox/capture', capture(50_000, 'Wallet', {}, 'USD'));
    expect(dollars.json().code).toBe('CURRENCY_MISMATCH');
    const fractional = await c.post('/api/sandbox/capture', capture(100.5, 'Wallet'));
    expect(fractional.statusCode).toBe(400);
  });

  it('takes whole rupees only, from ₹1 to ₹10,00,000, and says which rule an amount breaks', async () => {
    const { c } = await newLearner('top-up-range@example.com');
    const refusal = async (amount: number) => {
      const res = await c.post('/api/sandbox/capture', capture(amount, 'Wallet'));
      expect(res.statusCode, String(amount)).toBe(400);
      return res.json().message as string;
    };
    expect(await refusal(1_050)).toBe('Enter the amount in whole rupees.');
    // No amount is the spec's 'Please enter the amount', as the field says it.
    expect(await refusal(0)).toBe('Please enter the amount');
    expect(await refusal(-500)).toBe('Please enter the amount');
    expect(await refusal(100_000_100)).toBe('The largest amount you can add at once is ₹10,00,000.');
    expect(await refusal(1_000_000_100)).toBe('The largest amount you can add at once is ₹10,00,000.');
    expect((await c.post('/api/sandbox/capture', capture(100, 'Wallet'))).statusCode).toBe(200);
    expect((await c.post('/api/sandbox/capture', capture(100_000_000, 'Wallet'))).statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  const send = (body: object, eventId: string, secret?: string) => sendWebhook(t, body, eventId, secret);

  it('credits a captured payment once for 100 deliveries, and only for the ordered amount', async () => {
    const { c } = await newLearner('webhook@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(30_000, 'Wallet'))).json().data.id;
    const wrongAmount = { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_wrong', order_id: orderId, amount: 90_000, currency: 'INR' } } } };
    expect((await send(wrongAmount, 'evt_wrong')).statusCode).toBe(200);
    expect(await balanceOf(c)).toBe(0);

    const body = { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_hook', order_id: orderId, amount: 30_000, currency: 'INR' } } } };
    const results = await Promise.all(Array.from({ length: 100 }, () => send(body, 'evt_same')));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(c)).toBe(30_000);
  });

  it('a payment whose capture was for another amount is not delivered when the checkout then verifies it', async () => {
    const { c, id } = await newLearner('mismatch-then-verify@example.com');
    // Signed as the provider's checkout would sign it, without the sandbox's own (right) capture.
    const orderId = (await c.post('/api/sandbox/capture', capture(500_000, 'Wallet'))).json().data.id as string;
    const keySecret = hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-key-secret');
    const paid = { orderId, paymentId: 'pay_mismatch_first', signature: hmacSha256Hex(keySecret, `${orderId}|pay_mismatch_first`) };
    const wrongAmount = { event: 'payment.captured', payload: { payment: { entity: { id: paid.paymentId, order_id: paid.orderId, amount: 100, currency: 'INR' } } } };
    expect((await send(wrongAmount, 'evt_mismatch_first')).statusCode).toBe(200);
    const verified = await c.post('/api/payments/verify', paid);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({ code: 'PAYMENT_UNAPPLIED', message: `${messages.paymentNotApplied} ${unappliedReasons.AMOUNT_MISMATCH}` });
    expect(await balanceOf(c)).toBe(0);
    expect((await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, paid.orderId)))[0]!.status).toBe('created');
    // Kept once, for what was captured.
    expect(await t.ctx.db.select({ amountMinor: unappliedPayments.amountMinor }).from(unappliedPayments).where(eq(unappliedPayments.paymentId, paid.paymentId))).toEqual([{ amountMinor: 100 }]);
    expect(await ledgerConsistent(id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('ignores a capture that claims another order’s payment id, and changes nothing', async () => {
    const { c } = await newLearner('reuse@example.com');
    const paid = await payOrder(c, capture(10_000, 'Wallet'));
    await c.post('/api/payments/verify', paid);
    const other = (await c.post('/api/sandbox/capture', capture(20_000, 'Wallet'))).json().data.id;
    const body = { event: 'payment.captured', payload: { payment: { entity: { id: paid.paymentId, order_id: other, amount: 20_000, currency: 'INR' } } } };
    expect((await send(body, 'evt_reuse')).statusCode).toBe(200);
    expect(await balanceOf(c)).toBe(10_000);
    expect((await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, other)))[0]!.status).toBe('created');
  });

  it('refuses a bad signature', async () => {
    const res = await send({ event: 'payment.captured' }, 'evt_forged', 'not-the-secret');
    expect(res.statusCode).toBe(400);
  });
});

describe('demo payment and order status', () => {
  it('marks the demo paid after a verified payment', async () => {
    const { c } = await newLearner('demo-pay@example.com');
    const price = (await c.get('/api/pricing/trial?country=IN&subject=English')).json().price;
    expect(price).toEqual({ amountMinor: 9900, currency: 'INR' });
    const res = await c.post('/api/payments/verify', await payOrder(c, capture(9900, 'Demo', { subject: 'English' })));
    expect(res.json()).toMatchObject({ status: 'Success', message: messages.demoPurchased });
    expect((await c.get('/api/auth/me?role=learner')).json().user.isDemoPayed).toBe(true);
  });

  it('charges visitors outside India the USD trial price', async () => {
    const { c } = await newLearner('us-demo@example.com', 'US', 'America/New_York');
    expect((await c.post('/api/sandbox/capture', capture(199, 'Demo', {}, 'USD'))).statusCode).toBe(200);
  });

  it('moves order status forward only: failed, cancelled or paid, never back', async () => {
    const { c } = await newLearner('status@example.com');
    const create = async () => (await c.post('/api/sandbox/capture', capture(10_000, 'Wallet'))).json().data.id as string;
    const statusOf = async (orderId: string) => (await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0]!.status;

    const cancelled = await create();
    await c.post('/api/payments/order-status', { orderid: cancelled, status: 'Failed', failureCode: 'PAYMENT_CANCELLED' });
    expect(await statusOf(cancelled)).toBe('canceled');

    const failed = await create();
    await c.post('/api/payments/order-status', { orderid: failed, status: 'Failed', failureCode: 'BAD_REQUEST_ERROR' });
    await c.post('/api/payments/order-status', { orderid: failed, status: 'canceled' });
    expect(await statusOf(failed)).toBe('Failed');

    const paid = await payOrder(c, capture(10_000, 'Wallet'));
    await c.post('/api/payments/verify', paid);
    await c.post('/api/payments/order-status', { orderid: paid.orderId, status: 'canceled' });
    expect(await statusOf(paid.orderId)).toBe('Success');
    expect((await c.post('/api/payments/order-status', { orderid: paid.orderId, status: 'Success' })).statusCode).toBe(400);
  });

  it('takes auth-less demo orders only', async () => {
    const { id } = await newLearner('authless@example.com');
    const visitor = t.client();
    const demo = await visitor.post('/api/sandbox/capture-auth-less', { ...capture(9900, 'Demo'), notes: { type: 'Demo', learnerID: id, paymentDetails: {} } });
    expect(demo.statusCode).toBe(200);
    const wallet = await visitor.post('/api/sandbox/capture-auth-less', { ...capture(9900, 'Wallet'), notes: { type: 'Wallet', learnerID: id, paymentDetails: {} } });
    expect(wallet.statusCode).toBe(401);
  });
});

describe('plans paid by checkout', () => {
  it('activates a plan paid by checkout', async () => {
    const { c } = await newLearner('plancheckout@example.com');
    const plan = (await c.get('/api/plans?subject=IELTS')).json().items[0];
    const res = await c.post('/api/payments/verify', await payOrder(c, capture(plan.price.amountMinor, 'Plan', { planId: plan._id })));
    expect(res.json().message).toBe(messages.planActivated);
    expect((await c.get('/api/auth/me?role=learner')).json().user.activeSubscription.subjects).toEqual(['IELTS']);
  });

  it('gives checkouts of the same plan started at once (a double click, two tabs) one order, so the plan is paid once', async () => {
    const { c, id } = await newLearner('plan-two-tabs@example.com');
    const [plan, other] = (await c.get('/api/plans?subject=English')).json().items;
    const started = await Promise.all(Array.from({ length: 4 }, () => c.post('/api/sandbox/capture', capture(plan.price.amountMinor, 'Plan', { planId: plan._id }))));
    expect(started.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(started.map((res) => res.json().data.id));
    expect(ids.size).toBe(1);
    // Another plan is another order.
    const otherOrder = (await c.post('/api/sandbox/capture', capture(other.price.amountMinor, 'Plan', { planId: other._id }))).json().data.id;
    expect(ids.has(otherOrder)).toBe(false);
    // Once paid, the order is not open any more: buying the plan again is a new order.
    const [orderId] = [...ids];
    const settled = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
    expect((await c.post('/api/payments/verify', { orderId, paymentId: settled.razorpay_payment_id, signature: settled.razorpay_signature })).statusCode).toBe(200);
    const again = (await c.post('/api/sandbox/capture', capture(plan.price.amountMinor, 'Plan', { planId: plan._id }))).json().data.id;
    expect(ids.has(again)).toBe(false);
    const planOrders = await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.userId, id));
    expect(planOrders.filter((o) => o.details.planId === plan._id).map((o) => o.status).sort()).toEqual(['Success', 'created']);
  });
});

it('keeps users table untouched by failed purchases', async () => {
  const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'kid'));
  expect(row!.n).toBeGreaterThan(0);
});

describe('a wallet’s currency is fixed', () => {
  it('keeps top-ups in the wallet’s currency after the learner moves country', async () => {
    const { c } = await newLearner('mover@example.com');
    await c.post('/api/payments/verify', await payOrder(c, capture(10_000, 'Wallet')));
    expect((await c.put('/api/learner/profile', { name: 'Payer Person', phoneNumber: null, dob: null, country: 'US', timezone: 'America/New_York' })).statusCode).toBe(200);

    const usd = await c.post('/api/sandbox/capture', capture(1_000, 'Wallet', {}, 'USD'));
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toMatchObject({ code: 'CURRENCY_MISMATCH', message: 'Your wallet is in INR, so money is added in INR.' });
    expect((await c.get('/api/wallet/top-up-presets')).json().presets[0].currency).toBe('INR');

    expect((await c.post('/api/payments/verify', await payOrder(c, capture(5_000, 'Wallet')))).statusCode).toBe(200);
    expect((await c.get('/api/wallet')).json().closingBalance).toEqual({ amountMinor: 15_000, currency: 'INR' });
  });
});

describe('captured payments that cannot be applied', () => {
  const moderatorSees = async () => (await (await t.signIn('moderator@parley.test', 'moderator')).get('/api/moderator/unapplied-payments')).json();

  it('records a second demo payment for support instead of dropping it, and says so', async () => {
    const { c, id } = await newLearner('twice-demo@example.com');
    const first = (await c.post('/api/sandbox/capture', capture(9900, 'Demo', { subject: 'English' }))).json().data.id as string;
    await c.post('/api/payments/order-status', { orderid: first, status: 'canceled' });
    await c.post('/api/payments/verify', await payOrder(c, capture(9900, 'Demo', { subject: 'English' })));
    // The abandoned checkout is paid after all.
    const late = (await c.post('/api/payments/sandbox/settle', { orderId: first, outcome: 'success' })).json();
    const res = await c.post('/api/payments/verify', { orderId: first, paymentId: late.razorpay_payment_id, signature: late.razorpay_signature });
    await t.ctx.sandbox!.flushWebhooks();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'PAYMENT_UNAPPLIED', message: `${messages.paymentNotApplied} ${unappliedReasons.ALREADY_PAID}` });
    // A replayed verification says the same and records nothing new.
    expect((await c.post('/api/payments/verify', { orderId: first, paymentId: late.razorpay_payment_id, signature: late.razorpay_signature })).json().code).toBe('PAYMENT_UNAPPLIED');
    const seen = await moderatorSees();
    const mine = seen.items.filter((p: { learner: { _id: string } }) => p.learner._id === id);
    expect(mine).toEqual([expect.objectContaining({ orderId: first, paymentId: late.razorpay_payment_id, purpose: 'Demo', amount: { amountMinor: 9900, currency: 'INR' }, reason: 'ALREADY_PAID', learner: { _id: id, name: 'Payer Person', email: 'twice-demo@example.com' } })]);
  });

  it('records for support a plan paid twice for one decision: a checkout left open in another tab on the order this tab closed and bought again', async () => {
    const { c, id } = await newLearner('plan-closed-tab@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    // Both tabs showed no live plan (currentSubscriptionId null) and opened the same order.
    const planCapture = capture(plan.price.amountMinor, 'Plan', { planId: plan._id, currentSubscriptionId: null });
    const first = (await c.post('/api/sandbox/capture', planCapture)).json().data.id as string;
    // This tab closes its checkout and presses Pay now again: a new order, paid.
    await c.post('/api/payments/order-status', { orderid: first, status: 'canceled' });
    expect((await c.post('/api/payments/verify', await payOrder(c, planCapture))).json().message).toBe(messages.planActivated);
    // The other tab's checkout, still open on the first order, is paid too.
    const late = (await c.post('/api/payments/sandbox/settle', { orderId: first, outcome: 'success' })).json();
    const res = await c.post('/api/payments/verify', { orderId: first, paymentId: late.razorpay_payment_id, signature: late.razorpay_signature });
    await t.ctx.sandbox!.flushWebhooks();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'PAYMENT_UNAPPLIED', message: `${messages.paymentNotApplied} ${unappliedReasons.ALREADY_PAID}` });
    // One plan, not two; the second payment is kept for support to refund.
    const mine = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id));
    expect(mine).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.userId, id));
    expect(row).toMatchObject({ orderId: first, reason: 'ALREADY_PAID', amountMinor: plan.price.amountMinor });
  });

  it('records a plan payment whose plan left sale', async () => {
    const { c, id } = await newLearner('plan-gone@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    const order = (await c.post('/api/sandbox/capture', capture(plan.price.amountMinor, 'Plan', { planId: plan._id }))).json().data.id as string;
    await t.ctx.db.update(plans).set({ isActive: false }).where(eq(plans.id, plan._id));
    try {
      const paid = (await c.post('/api/payments/sandbox/settle', { orderId: order, outcome: 'success' })).json();
      await t.ctx.sandbox!.flushWebhooks();
      const res = await c.post('/api/payments/verify', { orderId: order, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
      expect(res.json().code).toBe('PAYMENT_UNAPPLIED');
      expect((await c.get('/api/auth/me?role=learner')).json().user.activeSubscription).toBeNull();
      const [row] = await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.userId, id));
      expect(row).toMatchObject({ orderId: order, reason: 'PLAN_UNAVAILABLE', amountMinor: plan.price.amountMinor });
    } finally {
      await t.ctx.db.update(plans).set({ isActive: true }).where(eq(plans.id, plan._id));
    }
  });

  it('is for moderators only', async () => {
    expect((await t.client().get('/api/moderator/unapplied-payments')).statusCode).toBe(401);
    expect((await (await t.signIn('learner@parley.test')).get('/api/moderator/unapplied-payments')).statusCode).toBe(401);
  });
});

describe('the sandbox checkout', () => {
  it('settles an order only for the learner who owns it', async () => {
    const { c } = await newLearner('owner@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(10_000, 'Wallet'))).json().data.id as string;
    const anonymous = t.client();
    expect((await anonymous.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).statusCode).toBe(401);
    const stranger = await newLearner('not-owner@example.com');
    expect((await stranger.c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).statusCode).toBe(404);
    const [sandboxOrder] = await t.ctx.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    expect(sandboxOrder!.status).toBe('created');
    expect((await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json().ok).toBe(true);
  });
});

describe('receipts', () => {
  type Mail = { subject: string; text: string };
  const mailTo = async (address: string) => (await t.client().get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json().items as Mail[];
  const receipts = async (address: string) => (await mailTo(address)).filter((m) => m.subject.startsWith('Your Parley receipt'));

  it('e-mails one receipt for a paid checkout, however often the verification and webhook arrive', async () => {
    const { c } = await newLearner('receipt-topup@example.com');
    const paid = await payOrder(c, capture(50_000, 'Wallet'));
    for (let i = 0; i < 3; i += 1) await c.post('/api/payments/verify', paid);
    await t.ctx.sandbox!.flushWebhooks();
    const [receipt, ...more] = await receipts('receipt-topup@example.com');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your Parley receipt: ₹500');
    const lines = receipt!.text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['Hello Payer Person,', '', 'Thank you: we received your payment of ₹500.', '']);
    expect(lines).toContain('For: Money added to your wallet');
    expect(lines).toContain(`Payment id: ${paid.paymentId}`);
    expect(lines).toContain(`Order id: ${paid.orderId}`);
    expect(lines.find((l) => l.startsWith('Received on: '))).toMatch(/^Received on: \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M \(Asia\/Kolkata\)$/);
    expect(lines).toContain(`Your card payments: ${t.ctx.config.publicUrl}/wallet`);
  });

  it('names a plan, and a demo', async () => {
    const { c } = await newLearner('receipt-plan@example.com');
    const plan = (await c.get('/api/plans?subject=IELTS')).json().items[0];
    await c.post('/api/payments/verify', await payOrder(c, capture(plan.price.amountMinor, 'Plan', { planId: plan._id })));
    await c.post('/api/payments/verify', await payOrder(c, capture(9900, 'Demo', { subject: 'English' })));
    const texts = (await receipts('receipt-plan@example.com')).map((m) => m.text);
    expect(texts.some((text) => text.includes(`For: Plan: ${plan.name}`))).toBe(true);
    expect(texts.some((text) => text.includes('For: English demo'))).toBe(true);
  });

  it('sends none for a payment that could not be applied: support takes it up', async () => {
    const { c } = await newLearner('receipt-unapplied@example.com');
    const first = (await c.post('/api/sandbox/capture', capture(9900, 'Demo', { subject: 'English' }))).json().data.id as string;
    await c.post('/api/payments/order-status', { orderid: first, status: 'canceled' });
    await c.post('/api/payments/verify', await payOrder(c, capture(9900, 'Demo', { subject: 'English' })));
    const late = (await c.post('/api/payments/sandbox/settle', { orderId: first, outcome: 'success' })).json();
    await c.post('/api/payments/verify', { orderId: first, paymentId: late.razorpay_payment_id, signature: late.razorpay_signature });
    await t.ctx.sandbox!.flushWebhooks();
    expect(await receipts('receipt-unapplied@example.com')).toHaveLength(1);
  });
});

describe('the buyer’s card payments (GET /api/payments/mine)', () => {
  const webhook = (body: object, eventId: string) => sendWebhook(t, body, eventId);
  const refundWebhook = (refundId: string, paymentId: string, amount: number) =>
    webhook({ event: 'refund.processed', payload: { refund: { entity: { id: refundId, payment_id: paymentId, amount, currency: 'INR' } } } }, `evt_${refundId}`);
  const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' });
  const settle = async (c: TestClient, orderId: string) => {
    const paid = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
    return { orderId, paymentId: paid.razorpay_payment_id as string, signature: paid.razorpay_signature as string };
  };

  it('lists what each paid checkout bought, newest first, with refunds; never an unpaid, failed or cancelled order, nor anyone else’s', async () => {
    const { c } = await newLearner('payments-list@example.com');
    const topUp = await payOrder(c, capture(50_000, 'Wallet'));
    expect((await c.post('/api/payments/verify', topUp)).statusCode).toBe(200);
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    expect((await c.post('/api/payments/verify', await payOrder(c, capture(plan.price.amountMinor, 'Plan', { planId: plan._id })))).statusCode).toBe(200);
    // Started and left, and failed: no money moved, so neither is a payment.
    const left = (await c.post('/api/sandbox/capture', capture(9900, 'Demo', { subject: 'English' }))).json().data.id as string;
    const failed = (await c.post('/api/sandbox/capture', capture(20_000, 'Wallet'))).json().data.id as string;
    await c.post('/api/payments/order-status', { orderid: failed, status: 'Failed' });
    expect((await refundWebhook('rfnd_part', topUp.paymentId, 10_000)).statusCode).toBe(200);
    const other = await newLearner('payments-other@example.com');
    await other.c.post('/api/payments/verify', await payOrder(other.c, capture(30_000, 'Wallet')));

    const res = await c.get('/api/payments/mine');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items).toEqual([
      { _id: expect.any(String), purpose: 'Plan', description: `Plan: ${plan.name}`, amount: plan.price, refunded: null, notApplied: null, paidAt: expect.any(String) },
      { _id: topUp.orderId, purpose: 'Wallet', description: 'Money added to your wallet', amount: inr(50_000), refunded: inr(10_000), notApplied: null, paidAt: expect.any(String) },
    ]);
    expect(body.items.map((p: { _id: string }) => p._id)).not.toContain(left);
    expect(Date.parse(body.items[0].paidAt)).toBeGreaterThanOrEqual(Date.parse(body.items[1].paidAt));
    // Pages: one item a page, the total the same.
    const second = (await c.get('/api/payments/mine?page=2&limit=1')).json();
    expect(second).toEqual({ total: 2, items: [expect.objectContaining({ _id: topUp.orderId })] });
  });

  it('keeps a paid order’s date: a later cancel, failure or failed webhook for it changes nothing', async () => {
    const { c } = await newLearner('payments-paid-date@example.com');
    const topUp = await payOrder(c, capture(50_000, 'Wallet'));
    expect((await c.post('/api/payments/verify', topUp)).statusCode).toBe(200);
    const paidAt = (await c.get('/api/payments/mine')).json().items[0].paidAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await c.post('/api/payments/order-status', { orderid: topUp.orderId, status: 'canceled' })).json().status).toBe('Success');
    await c.post('/api/payments/order-status', { orderid: topUp.orderId, status: 'Failed', failureCode: 'BAD_REQUEST_ERROR' });
    const failed = { event: 'payment.failed', payload: { payment: { entity: { id: 'pay_late_fail', order_id: topUp.orderId, error_code: 'BAD_REQUEST_ERROR' } } } };
    expect((await webhook(failed, 'evt_late_fail')).statusCode).toBe(200);
    expect((await c.get('/api/payments/mine')).json().items).toEqual([expect.objectContaining({ _id: topUp.orderId, paidAt })]);
  });

  it('shows a payment that could not be applied with the part support will refund', async () => {
    const { c } = await newLearner('payments-unapplied@example.com');
    const first = (await c.post('/api/sandbox/capture', capture(9900, 'Demo', { subject: 'English' }))).json().data.id as string;
    await c.post('/api/payments/order-status', { orderid: first, status: 'canceled' });
    await c.post('/api/payments/verify', await payOrder(c, capture(9900, 'Demo', { subject: 'English' })));
    expect((await c.post('/api/payments/verify', await settle(c, first))).statusCode).toBe(409);
    // A capture of another amount than its order asked leaves the order open; the money is still listed.
    const open = (await c.post('/api/sandbox/capture', capture(30_000, 'Wallet'))).json().data.id as string;
    const wrongAmount = { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_list_wrong', order_id: open, amount: 35_000, currency: 'INR' } } } };
    expect((await webhook(wrongAmount, 'evt_list_wrong')).statusCode).toBe(200);
    const items = (await c.get('/api/payments/mine')).json().items;
    expect(items).toEqual([
      expect.objectContaining({ _id: open, description: 'Money added to your wallet', amount: inr(35_000), notApplied: inr(35_000) }),
      expect.objectContaining({ _id: first, description: 'English demo', amount: inr(9900), notApplied: inr(9900) }),
      expect.objectContaining({ description: 'English demo', amount: inr(9900), notApplied: null }),
    ]);
  });

  it('names the courses a course payment bought', async () => {
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Listing Payments Course', prices: { INR: 49_900, USD: 999 } });
    const { c } = await newLearner('payments-course@example.com');
    const order = (await c.post('/api/courses/buyCourse', { courseId, method: 'checkout' })).json().order;
    expect((await c.post('/api/payments/verify', await settle(c, order.id))).statusCode).toBe(200);
    expect((await c.get('/api/payments/mine')).json().items).toEqual([expect.objectContaining({ _id: order.id, purpose: 'Courses', description: 'Course: Listing Payments Course', amount: inr(49_900) })]);
  });

  it('lists the demo peer’s card-paid plan (a peer-only account has no wallet)', async () => {
    const peer = await t.signIn('peer@parley.test', 'peer');
    const res = await peer.get('/api/payments/mine');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ purpose: 'Plan', description: 'Plan: Peer Learning · Monthly', amount: inr(49_900) })]);
  });

  it('refuses a page out of range and a visitor who is not signed in', async () => {
    const { c } = await newLearner('payments-bad@example.com');
    expect((await c.get('/api/payments/mine?limit=500')).statusCode).toBe(400);
    expect((await c.get('/api/payments/mine?page=0')).statusCode).toBe(400);
    expect((await t.client().get('/api/payments/mine')).statusCode).toBe(401);
  });
});
