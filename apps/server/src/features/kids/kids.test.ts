import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { messages } from '@parley/domain/messages';
import { influencers, users } from '../../db/schema';
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

  it('refuses a second kid of the same name, added or renamed, so the parent can tell them apart', async () => {
    const parent = await signUpParent('same-names@example.com');
    const first = (await parent.post('/api/learner/newKid', { name: 'Kabir Rao' })).json().kid;
    const twin = await parent.post('/api/learner/newKid', { name: '  kabir rao ' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'You already have a kid called Kabir Rao.', fields: { name: 'You already have a kid called Kabir Rao.' } });
    const second = (await parent.post('/api/learner/newKid', { name: 'Meera Rao' })).json().kid;
    const renamed = await parent.post(`/api/learner/kids/${second._id}/edit`, { name: 'KABIR RAO', dob: null });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('You already have a kid called Kabir Rao.');
    // A kid keeps its own name (another case of it is a rename), and other parents' kids do not count.
    expect((await parent.post(`/api/learner/kids/${first._id}/edit`, { name: 'kabir Rao', dob: null })).statusCode).toBe(200);
    expect((await (await signUpParent('other-family@example.com')).post('/api/learner/newKid', { name: 'Meera Rao' })).statusCode).toBe(201);
    expect((await parent.post('/api/learner/getKidsByParentId', {})).json().allKids.map((k: { name: string }) => k.name)).toEqual(['kabir Rao', 'Meera Rao']);
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
    const total = 59_800 - Math.round((598 * approved!.couponDiscountPercent) / 100) * 100;
    expect(discounted.json()).toMatchObject({ grandTotal: { amountMinor: total, currency: 'INR' }, sessionsAvailable: 2 });
    expect(await balanceOf(c)).toBe(100_000 - total);
  });

  it('quotes a purchase exactly as it charges it, with an approved affiliate’s coupon and without', async () => {
    const { c } = await newLearner(t, 'quote-buyer@example.com');
    await c.post('/api/learner/newKid', { name: 'Quote Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const [approved] = await t.ctx.db.select().from(influencers).where(eq(influencers.status, 'Approved'));
    const quote = (query: string) => c.get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${kid._id}&${query}`);

    const plain = await quote('sessionsBought=2');
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({
      unitPrice: { amountMinor: 29_900, currency: 'INR' },
      subtotal: { amountMinor: 59_800, currency: 'INR' },
      affiliate: null,
      grandTotal: { amountMinor: 59_800, currency: 'INR' },
    });
    expect((await quote('sessionsBought=1&isDemo=true')).json().grandTotal).toEqual({ amountMinor: 14_900, currency: 'INR' });

    // In whole rupees: an Indian wallet never gets paise.
    const discount = Math.round((598 * approved!.couponDiscountPercent) / 100) * 100;
    const coded = await quote(`sessionsBought=2&influencerCode=${encodeURIComponent(` ${approved!.referralCode.toLowerCase()} `)}`);
    expect(coded.json()).toEqual({
      unitPrice: { amountMinor: 29_900, currency: 'INR' },
      subtotal: { amountMinor: 59_800, currency: 'INR' },
      affiliate: { referralCode: approved!.referralCode, cuponDiscount: approved!.couponDiscountPercent, discount: { amountMinor: discount, currency: 'INR' } },
      grandTotal: { amountMinor: 59_800 - discount, currency: 'INR' },
    });
    // What was quoted is what the wallet pays.
    await topUp(c, 100_000);
    const bought = await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2, influencerCode: approved!.referralCode });
    expect(bought.json().grandTotal).toEqual(coded.json().grandTotal);
    expect(await balanceOf(c)).toBe(100_000 - coded.json().grandTotal.amountMinor);

    // An affiliate with no status yet may share their code (spec §4), so it discounts as well.
    const [fresh] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'no-status@example.com', name: 'No Status' }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: fresh!.id, referralCode: 'NOSTATUS5', couponDiscountPercent: 5, status: '' });
    expect((await quote('sessionsBought=2&influencerCode=NOSTATUS5')).json().grandTotal).toEqual({ amountMinor: 59_800 - 3_000, currency: 'INR' });
  });

  it('refuses an unknown, pending or rejected code in the quote and the purchase, charging nothing', async () => {
    const { c } = await newLearner(t, 'bad-code-buyer@example.com');
    await c.post('/api/learner/newKid', { name: 'Bad Code Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(c, 100_000);
    const [pending] = await t.ctx.db.select().from(influencers).where(eq(influencers.status, 'Pending'));
    const [rejected] = await t.ctx.db.update(influencers).set({ status: 'Rejected' }).where(eq(influencers.referralCode, pending!.referralCode)).returning();
    try {
      for (const code of ['NOSUCHCODE', rejected!.referralCode]) {
        const quoted = await c.get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${kid._id}&sessionsBought=1&influencerCode=${code}`);
        expect(quoted.statusCode).toBe(400);
        expect(quoted.json()).toMatchObject({ code: 'OFFER_NOT_VALID', message: 'This affiliate code is not valid.' });
        expect((await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1, influencerCode: code })).json().code).toBe('OFFER_NOT_VALID');
      }
    } finally {
      await t.ctx.db.update(influencers).set({ status: 'Pending' }).where(eq(influencers.referralCode, pending!.referralCode));
    }
    expect((await c.get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${kid._id}&sessionsBought=1&influencerCode=${pending!.referralCode}`)).json().code).toBe('OFFER_NOT_VALID');
    expect(await balanceOf(c)).toBe(100_000);
  });

  it('validates the quote and answers it only for the parent’s own kid', async () => {
    const { c } = await newLearner(t, 'quote-checks@example.com');
    await c.post('/api/learner/newKid', { name: 'Checked Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const base = `/api/kids/buy-sessions/quote?subject=English&learnerId=${kid._id}`;
    for (const bad of ['&sessionsBought=0', '&sessionsBought=101', '&sessionsBought=1.5', '&sessionsBought=1&isDemo=maybe', '&sessionsBought=1&influencerCode=a%0Ab']) {
      expect((await c.get(`${base}${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await c.get(`/api/kids/buy-sessions/quote?subject=Maths&learnerId=${kid._id}&sessionsBought=1`)).statusCode).toBe(400);
    expect((await c.get(`${base}&sessionsBought=2&isDemo=true`)).json().code).toBe('VALIDATION_FAILED');
    const stranger = await newLearner(t, 'quote-stranger@example.com');
    expect((await stranger.c.get(`${base}&sessionsBought=1`)).statusCode).toBe(404);
    expect((await t.client().get(`${base}&sessionsBought=1`)).statusCode).toBe(401);
  });

  it('charges once for one request key, sent twice at once or again later; a new key buys again; a malformed key is refused', async () => {
    const { c, id: parentId } = await newLearner(t, 'request-key-buyer@example.com');
    await c.post('/api/learner/newKid', { name: 'Key Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(c, 100_000);
    const buy = (body: object) => c.post('/api/kids/buy-sessions', body);
    const sessionsLeft = async () => (await c.get(`/api/kids/${kid._id}/subjects`)).json().subjects.find((s: { subject: string }) => s.subject === 'English').sessionsAvailable;
    const purchase = { subject: 'English', learnerId: kid._id, sessionsBought: 1, requestKey: randomUUID() };

    const racing = await Promise.all([buy(purchase), buy(purchase)]);
    const again = await buy(purchase);
    for (const res of [...racing, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: '1 session added for Key Kid',
        grandTotal: { amountMinor: 29_900, currency: 'INR' },
        sessionsAvailable: 1,
        closingBalance: { amountMinor: 70_100, currency: 'INR' },
      });
    }
    expect(await balanceOf(c)).toBe(70_100);
    expect(await sessionsLeft()).toBe(1);

    const another = await buy({ ...purchase, requestKey: randomUUID() });
    expect(another.json()).toMatchObject({ sessionsAvailable: 2, closingBalance: { amountMinor: 40_200, currency: 'INR' } });
    for (const requestKey of ['again', '', 42]) {
      const notAKey = await buy({ ...purchase, requestKey });
      expect(notAKey.statusCode, String(requestKey)).toBe(400);
    }
    expect(await balanceOf(c)).toBe(40_200);
    expect(await sessionsLeft()).toBe(2);
    const { balance, ledgerSum } = await ledgerConsistent(t, parentId);
    expect(ledgerSum).toBe(balance);
  });

  it('answers success, not a refusal, to the second of a double-clicked purchase the balance pays once, and to a repeated demo', async () => {
    const { c } = await newLearner(t, 'request-key-low@example.com');
    await c.post('/api/learner/newKid', { name: 'Low Kid' });
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(c, 50_000);
    const sessions = { subject: 'English', learnerId: kid._id, sessionsBought: 1, requestKey: randomUUID() };
    const both = await Promise.all([1, 2].map(() => c.post('/api/kids/buy-sessions', sessions)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(c)).toBe(50_000 - 29_900);

    const demo = { subject: 'Financial Education', learnerId: kid._id, sessionsBought: 1, isDemo: true, requestKey: randomUUID() };
    const demos = [...(await Promise.all([1, 2].map(() => c.post('/api/kids/buy-sessions', demo)))), await c.post('/api/kids/buy-sessions', demo)];
    for (const res of demos) expect(res.json()).toMatchObject({ message: messages.demoPurchased, grandTotal: { amountMinor: 14_900, currency: 'INR' } });
    expect(await balanceOf(c)).toBe(50_000 - 29_900 - 14_900);
    // A demo bought under another key is still one per kid.
    expect((await c.post('/api/kids/buy-sessions', { ...demo, requestKey: randomUUID() })).statusCode).toBe(409);
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
