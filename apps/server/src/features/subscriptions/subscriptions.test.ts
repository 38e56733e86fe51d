import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { parseClassDuration } from '@parley/domain/sessions';
import { createTestApp, type TestApp } from '../../test/harness';
import { ledgerConsistent, newLearner, topUp } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    const poor = await c.post(`/api/plans/${plan._id}/buy-with-wallet`);
    expect(poor.statusCode).toBe(409);
    await topUp(c, plan.price.amountMinor);
    const bought = await c.post(`/api/plans/${plan._id}/buy-with-wallet`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().message).toBe(messages.planActivated);
    expect(bought.json().user.activeSubscription).toMatchObject({ subjects: ['English'], availableSession: plan.sessionCount });
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('activates the plan once when the same purchase is sent twice with money for one', async () => {
    const { c, id } = await newLearner(t, 'plan-twice@example.com');
    const plan = (await c.get('/api/plans?subject=English')).json().items[0];
    await topUp(c, plan.price.amountMinor);
    const buys = await Promise.all([1, 2].map(() => c.post(`/api/plans/${plan._id}/buy-with-wallet`)));
    expect(buys.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('answers 404 for a plan that does not exist', async () => {
    const { c } = await newLearner(t, 'plan-missing@example.com');
    expect((await c.post('/api/plans/00000000-0000-4000-8000-000000000000/buy-with-wallet')).statusCode).toBe(404);
  });
});

describe('a Peer Learning plan beside a class plan', () => {
  it('adds peer minutes and leaves the learner’s active subscription the class plan', async () => {
    const { c } = await newLearner(t, 'peer-and-classes@example.com');
    const plansOnSale = (await c.get('/api/plans')).json().items;
    const english = plansOnSale.find((p: { subject: string }) => p.subject === 'English');
    const peer = plansOnSale.find((p: { subscriptionType: string }) => p.subscriptionType === 'peer_minutes');
    await topUp(c, english.price.amountMinor + peer.price.amountMinor);
    expect((await c.post(`/api/plans/${english._id}/buy-with-wallet`)).statusCode).toBe(200);
    const afterPeer = await c.post(`/api/plans/${peer._id}/buy-with-wallet`);
    expect(afterPeer.statusCode).toBe(200);
    expect(afterPeer.json().user.activeSubscription).toMatchObject({ subjects: ['English'], plan: { name: english.name } });
    expect((await c.get('/api/peer/me')).json().availableMinutes).toBeGreaterThan(0);
  });
});
