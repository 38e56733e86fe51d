import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { messages } from '@parley/domain/messages';
import { influencers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, ledgerConsistent, newLearner, topUp } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpParent = async (email: string) => (await newLearner(t, email)).c;

describe('kid profiles', () => {
  it('lists the demo parent’s two kids', async () => {
    const parent = await t.signIn('parent@parley.test');
    const res = await parent.post('/api/learner/getKidsByParentId', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().allKids.map((k: { name: string }) => k.name)).toEqual(['Aarav Rao', 'Diya Rao']);
  });

  it(`refuses a kid beyond ${MAX_KID_PROFILES}`, async () => {
    const parent = await signUpParent('three@example.com');
    for (let i = 0; i < MAX_KID_PROFILES; i += 1) {
      expect((await parent.post('/api/learner/newKid', { name: `Kid ${i}` })).statusCode).toBe(201);
    }
    const fourth = await parent.post('/api/learner/newKid', { name: 'One Too Many' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('KID_LIMIT_REACHED');
    expect((await parent.post('/api/learner/getKidsByParentId', {})).json().allKids).toHaveLength(MAX_KID_PROFILES);
  });

  it('holds the limit when ten creations race', async () => {
    const parent = await signUpParent('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => parent.post('/api/learner/newKid', { name: `Racer ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_KID_PROFILES);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10 - MAX_KID_PROFILES);
    expect((await parent.post('/api/learner/getKidsByParentId', {})).json().allKids).toHaveLength(MAX_KID_PROFILES);
  });

  it('switches to an own kid and never to someone else’s', async () => {
    const parent = await t.signIn('parent@parley.test');
    const [kid] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const selected = await parent.post('/api/learner/findKidById', { learnerId: kid._id });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ learner: { _id: kid._id, role: 'kid' } });
    expect(typeof selected.json().token).toBe('string');
    expect((await parent.get('/api/auth/me?role=kid')).json().user._id).toBe(kid._id);

    const stranger = await signUpParent('stranger@example.com');
    const res = await stranger.post('/api/learner/findKidById', { learnerId: kid._id });
    expect(res.statusCode).toBe(404);
    expect(stranger.cookies.has('parley_kid')).toBe(false);
  });
});

describe('kid sessions', () => {
  it('a kid token acts only for that kid: no parent wallet, no sibling, no kid list', async () => {
    const parent = await t.signIn('parent@parley.test');
    const [aarav, diya] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const kidOnly = t.client();
    kidOnly.cookies.set('parley_kid', parent.cookies.get('parley_kid')!);
    expect((await kidOnly.get('/api/auth/me?role=kid')).json().user._id).toBe(aarav._id);
    expect((await kidOnly.get('/api/wallet')).statusCode).toBe(401);
    expect((await kidOnly.post('/api/learner/getKidsByParentId', {})).statusCode).toBe(401);
    expect((await kidOnly.post('/api/learner/findKidById', { learnerId: diya._id })).statusCode).toBe(401);
    expect((await kidOnly.get(`/api/kids/${diya._id}/subjects`)).statusCode).toBe(404);
    expect((await kidOnly.get(`/api/kids/${aarav._id}/subjects`)).statusCode).toBe(200);
  });
});

describe('buying sessions for a kid', () => {
  it('50 concurrent purchases never overdraw, and the ledger always adds up', async () => {
    const parent = await t.signIn('parent@parley.test');
    const parentId = (await parent.get('/api/auth/me?role=learner')).json().user._id;
    await topUp(parent, 100_000);
    const [kid] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const buys = await Promise.all(
      Array.from({ length: 50 }, () => parent.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 })),
    );
    const accepted = buys.filter((r) => r.statusCode === 200);
    const refused = buys.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(Math.floor(100_000 / 29_900));
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet });
    const { balance, ledgerSum } = await ledgerConsistent(t, parentId);
    expect(balance).toBe(100_000 - accepted.length * 29_900);
    expect(ledgerSum).toBe(balance);
    const subjects = (await parent.get(`/api/kids/${kid._id}/subjects`)).json().subjects;
    expect(subjects.find((s: { subject: string }) => s.subject === 'English').sessionsAvailable).toBe(3 + accepted.length);
  }, 60_000);

  it('buys two sessions with the total the server computes, and a demo at 149', async () => {
    const { c } = await newLearner(t, 'kidbuyer@example.com');
    await c.post('/api/learner/newKid', { name: 'Little One' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const broke = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2, discount: 100 });
    expect(broke.json().code).toBe('INSUFFICIENT_BALANCE');
    await topUp(c, 100_000);
    const two = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2, discount: 100 });
    expect(two.json()).toMatchObject({ grandTotal: { amountMinor: 59_800, currency: 'INR' }, sessionsAvailable: 2 });
    const demo = await c.post('/api/kids/buy-sessions', { subject: 'Financial Education', learnerId: kid._id, sessionsBought: 1, isDemo: true });
    expect(demo.json()).toMatchObject({ grandTotal: { amountMinor: 14_900, currency: 'INR' }, message: messages.demoPurchased });
    expect(await balanceOf(c)).toBe(100_000 - 59_800 - 14_900);
    const stranger = await newLearner(t, 'kidstranger@example.com');
    expect((await stranger.c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 })).statusCode).toBe(404);
  });

  it('takes an approved affiliate’s discount off the total, and refuses a code not yet approved', async () => {
    const { c } = await newLearner(t, 'affiliate-buyer@example.com');
    await c.post('/api/learner/newKid', { name: 'Code Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(c, 100_000);
    const [approved] = await t.ctx.db.select().from(influencers).where(eq(influencers.status, 'Approved'));
    const [pending] = await t.ctx.db.select().from(influencers).where(eq(influencers.status, 'Pending'));
    const refused = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2, influencerCode: pending!.referralCode });
    expect(refused.json().code).toBe('OFFER_NOT_VALID');
    expect(await balanceOf(c)).toBe(100_000);

    const discounted = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2, influencerCode: approved!.referralCode.toLowerCase() });
    const total = 59_800 - Math.round((59_800 * approved!.couponDiscountPercent) / 100);
    expect(discounted.json()).toMatchObject({ grandTotal: { amountMinor: total, currency: 'INR' }, sessionsAvailable: 2 });
    expect(await balanceOf(c)).toBe(100_000 - total);
  });

  it('sells one demo per kid, also when two purchases race', async () => {
    const { c } = await newLearner(t, 'demo-race@example.com');
    await c.post('/api/learner/newKid', { name: 'Demo Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(c, 100_000);
    const buys = await Promise.all([1, 2].map(() => c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1, isDemo: true })));
    expect(buys.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(buys.find((r) => r.statusCode === 200)!.json().message).toBe(messages.demoPurchased);
    expect(await balanceOf(c)).toBe(100_000 - 14_900);
  });
});
