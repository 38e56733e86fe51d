import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@parley/domain/messages';
import { PEER_MONTHLY_PLAN_MINUTES } from '@parley/domain/peer';
import { peerAccountPlansOnly, planChanged } from '@parley/domain/plans';
import { parseClassDuration, totalSessions } from '@parley/domain/sessions';
import { paymentOrders, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { balanceOf, buyPlan, capture, ledgerConsistent, newLearner, payOrder, topUp } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscriptionsOf = (learnerId: string) => t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, learnerId));

describe('plans on sale', () => {
  it('prices every plan in the viewer’s currency, and filters by subject', async () => {
    const india = await newLearner(t, 'plans-in@example.com');
    const us = await newLearner(t, 'plans-us@example.com', 'US', 'America/New_York');
    const inr = (await india.c.get('/api/plans')).json().items;
    const usd = (await us.c.get('/api/plans')).json().items;
    expect(inr.length).toBeGreaterThan(1);
    expect(usd.map((p: { _id: string }) => p._id)).toEqual(inr.map((p: { _id: string }) => p._id));
    expect(inr.every((p: { price: { currency: string } }) => p.price.currency === 'INR')).toBe(true);
    expect(usd.every((p: { price: { currency: string } }) => p.price.currency === 'USD')).toBe(true);
    for (const plan of inr) expect(parseClassDuration(plan.classDuration)).toBeGreaterThan(0);

    const ielts = (await india.c.get('/api/plans?subject=IELTS')).json().items;
    expect(ielts.length).toBeGreaterThan(0);
    expect(ielts.every((p: { subject: string }) => p.subject === 'IELTS')).toBe(true);
  });

  it('shows a visitor every plan on sale in the currency asked for, with the learner’s prices', async () => {
    const learner = await newLearner(t, 'plans-public@example.com');
    const own = (await learner.c.get('/api/plans')).json().items;
    const visitor = t.client();
    for (const currency of ['INR', 'USD'] as const) {
      const res = await visitor.get(`/api/plans/public?currency=${currency}`);
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items.map((p: { _id: string }) => p._id)).toEqual(own.map((p: { _id: string }) => p._id));
      expect(items.every((p: { price: { currency: string; amountMinor: number } }) => p.price.currency === currency && p.price.amountMinor > 0)).toBe(true);
    }
    expect((await visitor.get('/api/plans/public?currency=INR')).json().items).toEqual(own);
    expect((await visitor.get('/api/plans/public?currency=EUR')).statusCode).toBe(400);
    expect((await visitor.get('/api/plans/public')).statusCode).toBe(400);
  });

  it('is for learners only', async () => {
    expect((await t.client().get('/api/plans')).statusCode).toBe(401);
    expect((await (await t.signIn('tutor@parley.test', 'teacher')).get('/api/plans')).statusCode).toBe(401);
  });
});

describe('buying a plan with the wallet', () => {
  it('activates a plan from the wallet, or refuses with a clear message', async () => {
    const { c, id } = await newLearner(t, 'planner@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    const poor = await buyPlan(c, plan._id);
    expect(poor.statusCode).toBe(409);
    await topUp(c, plan.price.amountMinor);
    const bought = await buyPlan(c, plan._id);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().message).toBe(messages.planActivated);
    expect(bought.json().user.activeSubscription).toMatchObject({ subjects: ['English'], availableSession: plan.sessionCount });
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('activates the plan once when the same purchase is sent twice with money for one', async () => {
    const { c, id } = await newLearner(t, 'plan-twice@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    await topUp(c, plan.price.amountMinor);
    const buys = await Promise.all([1, 2].map(() => buyPlan(c, plan._id)));
    expect(buys.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('answers 404 for a plan that does not exist, and 400 without the plan the page showed', async () => {
    const { c } = await newLearner(t, 'plan-missing@example.com');
    expect((await buyPlan(c, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    await topUp(c, plan.price.amountMinor);
    for (const body of [{}, { currentSubscriptionId: 'mine' }]) expect((await c.post(`/api/plans/${plan._id}/buy-with-wallet`, body)).statusCode).toBe(400);
    expect(await balanceOf(c)).toBe(plan.price.amountMinor);
  });

  it('charges one plan once when two tabs showing the same plans both buy it', async () => {
    const { c, id } = await newLearner(t, 'plan-two-tabs@example.com');
    const [plan, other] = (await c.get('/api/plans?subject=English')).json().items;
    await topUp(c, plan.price.amountMinor * 2 + other.price.amountMinor);
    const buy = (planId: string, currentSubscriptionId: string | null) => c.post(`/api/plans/${planId}/buy-with-wallet`, { currentSubscriptionId });

    const first = await buy(plan._id, null);
    expect(first.statusCode).toBe(200);
    // The second tab still shows no plan, whichever plan it buys.
    for (const planId of [plan._id, other._id]) {
      const stale = await buy(planId, null);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'PLAN_CHANGED', message: planChanged });
    }
    expect(await balanceOf(c)).toBe(plan.price.amountMinor + other.price.amountMinor);
    expect(await subscriptionsOf(id)).toHaveLength(1);

    // Shown the new plan, the learner may buy again on purpose (its sessions carry over).
    const current = first.json().user.activeSubscription._id;
    expect((await buy(plan._id, current)).statusCode).toBe(200);
    expect(await subscriptionsOf(id)).toHaveLength(2);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: other.price.amountMinor, ledgerSum: other.price.amountMinor });

    // A plan id that is none of the learner's says nothing the page saw: as if it showed none.
    const someone = await newLearner(t, 'plan-two-tabs-someone@example.com');
    await topUp(someone.c, plan.price.amountMinor);
    const theirs = (await buyPlan(someone.c, plan._id)).json().user.activeSubscription._id as string;
    for (const notMine of [randomUUID(), theirs]) {
      const unknown = await buy(plan._id, notMine);
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json()).toMatchObject({ code: 'PLAN_CHANGED', message: planChanged });
    }
    expect(await balanceOf(c)).toBe(other.price.amountMinor);
  });

  it('opens no card checkout for a plan from a tab that showed no plan, once one was bought in another', async () => {
    const { c } = await newLearner(t, 'plan-two-tabs-card@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    const checkout = (currentSubscriptionId: string | null) =>
      c.post('/api/sandbox/capture', capture(plan.price.amountMinor, 'Plan', { planId: plan._id, currentSubscriptionId } as unknown as Record<string, string>));
    const first = await checkout(null);
    expect(first.statusCode).toBe(200);
    const paid = await payOrder(c, capture(plan.price.amountMinor, 'Plan', { planId: plan._id }));
    expect((await c.post('/api/payments/verify', paid)).statusCode).toBe(200);

    const stale = await checkout(null);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PLAN_CHANGED', message: planChanged });
    const current = (await c.get('/api/auth/me?role=learner')).json().user.activeSubscription._id;
    expect((await checkout(current)).statusCode).toBe(200);
  });

  it('lets a page that showed a plan which has since expired buy a new one', async () => {
    const { c, id } = await newLearner(t, 'plan-expired-since@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    await topUp(c, plan.price.amountMinor * 2);
    const shown = (await buyPlan(c, plan._id)).json().user.activeSubscription._id;
    await t.ctx.db.update(subscriptions).set({ expiresAt: new Date(t.ctx.now().getTime() - 1000) }).where(eq(subscriptions.id, shown));
    expect((await c.post(`/api/plans/${plan._id}/buy-with-wallet`, { currentSubscriptionId: shown })).statusCode).toBe(200);
    expect(await subscriptionsOf(id)).toHaveLength(2);
  });
});

describe('plans in two subjects', () => {
  it('both stay on the learner’s record, newest first, and each subject books from its own', async () => {
    const { c } = await newLearner(t, 'two-subjects@example.com');
    const english = (await c.get('/api/plans?subject=English')).json().items[0];
    const ielts = (await c.get('/api/plans?subject=IELTS')).json().items[0];
    await topUp(c, english.price.amountMinor + ielts.price.amountMinor);
    expect((await buyPlan(c, english._id)).statusCode).toBe(200);
    expect((await buyPlan(c, ielts._id)).statusCode).toBe(200);

    const me = (await c.get('/api/auth/me?role=learner')).json().user;
    expect(me.activeSubscriptions.map((s: { plan: { _id: string } }) => s.plan._id)).toEqual([ielts._id, english._id]);
    // The spec's single record is the newest; the English plan is not lost behind it.
    expect(me.activeSubscription.plan._id).toBe(ielts._id);
    expect(me.activeSubscriptions[1]).toMatchObject({ subjects: ['English'], availableSession: english.sessionCount });
  });
});

describe('a learner who moved country after topping up', () => {
  it('still spends the wallet, in its own currency, on plans and on a kid’s sessions', async () => {
    const { c, id } = await newLearner(t, 'moved-country@example.com');
    await topUp(c, 1_000_000);
    const moved = await c.put('/api/learner/profile', { name: 'Payer Person', phoneNumber: null, dob: null, country: 'US', timezone: 'America/New_York' });
    expect(moved.statusCode).toBe(200);

    // Plans show in dollars now, with what each costs from the rupee wallet beside it.
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    expect(plan.price.currency).toBe('USD');
    expect(plan.walletPrice.currency).toBe('INR');
    const bought = await buyPlan(c, plan._id);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().closingBalance).toEqual({ amountMinor: 1_000_000 - plan.walletPrice.amountMinor, currency: 'INR' });

    // Kids' sessions are paid from the wallet: quoted and charged in rupees.
    const kid = (await c.post('/api/learner/newKid', { name: 'Moved Kid' })).json().kid;
    const quote = (await c.get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${kid._id}&sessionsBought=1`)).json();
    expect(quote.grandTotal.currency).toBe('INR');
    const kidPurchase = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 });
    expect(kidPurchase.statusCode).toBe(200);
    expect(kidPurchase.json().grandTotal).toEqual(quote.grandTotal);
    expect(await ledgerConsistent(t, id)).toMatchObject({ balance: 1_000_000 - plan.walletPrice.amountMinor - quote.grandTotal.amountMinor });

    // A learner whose wallet is in their country's currency gets no second price.
    const stayed = await newLearner(t, 'stayed-country@example.com');
    await topUp(stayed.c, 100);
    expect((await stayed.c.get('/api/plans')).json().items.every((p: { walletPrice?: unknown }) => p.walletPrice === undefined)).toBe(true);
  });
});

describe('a Peer Learning plan beside a class plan', () => {
  it('adds peer minutes and leaves the learner’s active subscription the class plan', async () => {
    const { c } = await newLearner(t, 'peer-and-classes@example.com');
    const plansOnSale = (await c.get('/api/plans')).json().items;
    const english = plansOnSale.find((p: { subject: string }) => p.subject === 'English');
    const peer = plansOnSale.find((p: { subscriptionType: string }) => p.subscriptionType === 'peer_minutes');
    await topUp(c, english.price.amountMinor + peer.price.amountMinor);
    expect((await buyPlan(c, english._id)).statusCode).toBe(200);
    const afterPeer = await buyPlan(c, peer._id);
    expect(afterPeer.statusCode).toBe(200);
    expect(afterPeer.json().user.activeSubscription).toMatchObject({ subjects: ['English'], plan: { name: english.name } });
    expect((await c.get('/api/peer/me')).json().availableMinutes).toBeGreaterThan(0);
  });
});

/** The peer referral bonus's job (features/peer/peer-referral.service.ts), queued after a peer plan's payment. */
const PEER_REFERRAL_JOB = 'peer-referral-bonus';

type PlanOnSale = { _id: string; name: string; subject: string; subscriptionType: string; sessionCount: number; weeklySessions: number; price: { amountMinor: number; currency: string } };

/** A peer-only account (spec §6): signed up at /peer-signup, it holds the peer credential and nothing else. */
async function newPeerOnly(email: string, referralCode?: string): Promise<{ c: TestClient; id: string }> {
  const c = t.client();
  const res = await c.post('/api/auth/peer-signup', { name: 'Peer Only', email, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata', ...(referralCode ? { referralCode } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  expect(c.cookies.has('parley_peer') && !c.cookies.has('parley_learner')).toBe(true);
  return { c, id: res.json().user._id as string };
}

describe('a peer-only account buys a Peer Learning plan', () => {
  it('sees only the Peer Learning plans, pays one at the checkout, and the minutes are on its dashboard at once; the referral bonus is queued', async () => {
    const referrer = await newLearner(t, 'peer-only-referrer@example.com');
    const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const peer = await newPeerOnly('peer-only-buyer@example.com', row!.code!);

    const onSale: PlanOnSale[] = (await peer.c.get('/api/plans')).json().items;
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale.every((p) => p.subject === 'Peer' && p.price.currency === 'INR')).toBe(true);
    expect((await peer.c.get('/api/plans?subject=English')).json().items).toEqual([]);
    const plan = onSale[0]!;
    expect((await peer.c.get('/api/peer/me')).json()).toMatchObject({ availableMinutes: 0, plan: null });

    const send = vi.spyOn(t.ctx.jobs, 'send');
    try {
      const paid = await payOrder(peer.c, capture(plan.price.amountMinor, 'Plan', { planId: plan._id }));
      const verified = await peer.c.post('/api/payments/verify', paid);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ status: 'Success', purpose: 'Plan', message: messages.planActivated });
      const [subscription] = await t.ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.learnerId, peer.id));
      // Whichever applied the payment first (the sandbox's captured webhook or this verify) queues it after its commit.
      await vi.waitFor(() => expect(send).toHaveBeenCalledWith(PEER_REFERRAL_JOB, { subscriptionId: subscription!.id }));
    } finally {
      send.mockRestore();
    }

    const overview = (await peer.c.get('/api/peer/me')).json();
    expect(overview.availableMinutes).toBeGreaterThanOrEqual(PEER_MONTHLY_PLAN_MINUTES);
    expect(overview.plan).toMatchObject({ name: plan.name });
    const [order] = await t.ctx.db.select().from(paymentOrders).where(and(eq(paymentOrders.userId, peer.id), eq(paymentOrders.purpose, 'Plan')));
    expect(order).toMatchObject({ status: 'Success', amountMinor: plan.price.amountMinor, details: { planId: plan._id } });
  });

  it('is refused (403) any other plan, a wallet top-up and a demo, and has no wallet to pay from', async () => {
    const peer = await newPeerOnly('peer-only-refused@example.com');
    const learner = await newLearner(t, 'peer-only-refused-learner@example.com');
    const english: PlanOnSale = (await learner.c.get('/api/plans?subject=English')).json().items[0];
    const curriculum: PlanOnSale = (await learner.c.get('/api/plans?subject=Curriculum')).json().items[0];

    for (const other of [english, curriculum]) {
      const refused = await peer.c.post('/api/sandbox/capture', capture(other.price.amountMinor, 'Plan', { planId: other._id }));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: peerAccountPlansOnly });
    }
    for (const [type, details] of [['Wallet', {}], ['Demo', { subject: 'English' }]] as const) {
      const refused = await peer.c.post('/api/sandbox/capture', capture(50_000, type, details));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(peerAccountPlansOnly);
    }
    // The payload is still checked: a plan order names its plan.
    const noPlan = await peer.c.post('/api/sandbox/capture', capture(49_900, 'Plan'));
    expect(noPlan.statusCode).toBe(400);
    expect((await peer.c.post('/api/sandbox/capture', { ...capture(49_900, 'Plan', { planId: 'not-a-uuid' }) })).statusCode).toBe(400);
    expect((await buyPlan(peer.c, english._id)).statusCode).toBe(401);
    expect((await peer.c.get('/api/wallet')).statusCode).toBe(401);

    expect(await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.userId, peer.id))).toEqual([]);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, peer.id))).toEqual([]);
    expect((await peer.c.get('/api/peer/me')).json().availableMinutes).toBe(0);
  });

  it('leaves the learner’s checkout as it was: every plan on sale, and a class plan paid by card activates', async () => {
    const { c } = await newLearner(t, 'learner-checkout-unchanged@example.com');
    const onSale: PlanOnSale[] = (await c.get('/api/plans')).json().items;
    expect(new Set(onSale.map((p) => p.subject))).toEqual(new Set(['English', 'IELTS', 'Kids English', 'Financial Education', 'Curriculum', 'Peer']));
    const english = onSale.find((p) => p.subject === 'English')!;
    const verified = await c.post('/api/payments/verify', await payOrder(c, capture(english.price.amountMinor, 'Plan', { planId: english._id })));
    expect(verified.statusCode, verified.body).toBe(200);
    const me = (await c.get('/api/auth/me?role=learner')).json().user;
    expect(me.activeSubscription).toMatchObject({ subjects: ['English'], availableSession: english.sessionCount });
  });
});

describe('a new-curriculum learner buys a Curriculum plan', () => {
  it('pays from the wallet and sees the sessions left on the curriculum overview', async () => {
    const { c, id } = await newLearner(t, 'new-curriculum-buyer@example.com');
    await t.ctx.db.update(users).set({ isNewCurriculum: true }).where(eq(users.id, id));
    expect((await c.get('/api/curriculum')).json().plan).toBeNull();

    const plan: PlanOnSale = (await c.get('/api/plans?subject=Curriculum')).json().items[0];
    expect(plan).toMatchObject({ subject: 'Curriculum' });
    await topUp(c, plan.price.amountMinor);
    const bought = await buyPlan(c, plan._id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().message).toBe(messages.planActivated);

    // Sessions left as the plan's counts give them (a weekly plan: this week's sessions).
    const sessionsLeft = totalSessions({ subscriptionType: plan.subscriptionType, availableSession: plan.sessionCount, availableWeeklySession: plan.weeklySessions, backlogSession: 0 });
    expect(sessionsLeft).toBeGreaterThan(0);
    const overview = (await c.get('/api/curriculum')).json();
    expect(overview.plan).toMatchObject({ name: plan.name, sessionsLeft });
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 0, ledgerSum: 0 });
  });
});
