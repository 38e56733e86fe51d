import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEER_MONTHLY_PLAN_MINUTES } from '@parley/domain/peer';
import { PEER_REFERRAL_BONUS_MINUTES } from '@parley/domain/peer-referral';
import { peerBalances, peerMinuteEntries, plans, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { buyPlan, capture, payOrder, topUp } from '../../test/wallet-money';
import { grantPeerReferralBonus } from './peer-referral.service';

let t: TestApp;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const peerPlan = async () => (await t.ctx.db.select().from(plans).where(eq(plans.slug, 'peer-monthly')))[0]!;
const balanceOf = async (userId: string) => (await t.ctx.db.select({ m: peerBalances.availableMinutes }).from(peerBalances).where(eq(peerBalances.userId, userId)))[0]?.m ?? 0;
const ledgerSumOf = async (userId: string) =>
  (await t.ctx.db.select({ sum: sql<number>`coalesce(sum(${peerMinuteEntries.delta}), 0)::int` }).from(peerMinuteEntries).where(eq(peerMinuteEntries.userId, userId)))[0]!.sum;
const subscriptionsOf = async (userId: string) => t.ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.learnerId, userId)).orderBy(subscriptions.createdAt);

async function signUp(referralCode?: string): Promise<{ c: TestClient; id: string }> {
  made += 1;
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: `Referral Peer ${made}`, email: `peer-referral-${made}@example.com`, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata', referralCode });
  expect(res.statusCode, res.body).toBe(201);
  return { c, id: res.json().user._id as string };
}

async function referredPair() {
  const referrer = await signUp();
  const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
  const referee = await signUp(row!.code!);
  return { referrer, referee };
}

describe('peer referral', () => {
  it('the referee’s first peer plan (from the wallet) gives both 30 free minutes, once, after the payment', async () => {
    const { referrer, referee } = await referredPair();
    const plan = await peerPlan();
    await topUp(referee.c, plan.priceInrMinor * 2);
    expect((await buyPlan(referee.c, plan.id)).statusCode).toBe(200);
    const [first] = await subscriptionsOf(referee.id);
    // The job (queued after the payment) may have run already; running it again pays nothing more.
    await grantPeerReferralBonus(t.ctx, first!.id);
    expect(await grantPeerReferralBonus(t.ctx, first!.id)).toBe(0);
    expect(await balanceOf(referee.id)).toBe(PEER_MONTHLY_PLAN_MINUTES + PEER_REFERRAL_BONUS_MINUTES);
    expect(await balanceOf(referrer.id)).toBe(PEER_REFERRAL_BONUS_MINUTES);
    expect([await ledgerSumOf(referee.id), await ledgerSumOf(referrer.id)]).toEqual([await balanceOf(referee.id), await balanceOf(referrer.id)]);
    const [entry] = await t.ctx.db.select().from(peerMinuteEntries).where(and(eq(peerMinuteEntries.userId, referrer.id), eq(peerMinuteEntries.reason, 'referral')));
    expect(entry).toMatchObject({ delta: PEER_REFERRAL_BONUS_MINUTES, counterpartId: referee.id, subscriptionId: first!.id });

    // A second plan earns nothing.
    expect((await buyPlan(referee.c, plan.id)).statusCode).toBe(200);
    const [, second] = await subscriptionsOf(referee.id);
    expect(await grantPeerReferralBonus(t.ctx, second!.id)).toBe(0);
    expect(await balanceOf(referrer.id)).toBe(PEER_REFERRAL_BONUS_MINUTES);
  });

  it('ten runs of the job at once credit each side once', async () => {
    const { referrer, referee } = await referredPair();
    const plan = await peerPlan();
    const paid = await payOrder(referee.c, capture(plan.priceInrMinor, 'Plan', { planId: plan.id }));
    expect((await referee.c.post('/api/payments/verify', paid)).statusCode).toBe(200);
    const [first] = await subscriptionsOf(referee.id);
    const runs = await Promise.all(Array.from({ length: 10 }, () => grantPeerReferralBonus(t.ctx, first!.id)));
    expect(runs.filter((m) => m > 0).length).toBeLessThanOrEqual(1);
    expect(await balanceOf(referrer.id)).toBe(PEER_REFERRAL_BONUS_MINUTES);
    expect(await balanceOf(referee.id)).toBe(PEER_MONTHLY_PLAN_MINUTES + PEER_REFERRAL_BONUS_MINUTES);
  });

  it('a learner who joined without a code gets no bonus', async () => {
    const alone = await signUp();
    const plan = await peerPlan();
    await topUp(alone.c, plan.priceInrMinor);
    expect((await buyPlan(alone.c, plan.id)).statusCode).toBe(200);
    const [first] = await subscriptionsOf(alone.id);
    expect(await grantPeerReferralBonus(t.ctx, first!.id)).toBe(0);
    expect(await balanceOf(alone.id)).toBe(PEER_MONTHLY_PLAN_MINUTES);
  });
});
