import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATE_COMMISSION_CAP_MINOR, AFFILIATE_COMMISSION_PERCENT, AFFILIATE_PAYOUT_MINIMUM_MINOR } from '@parley/domain/affiliate';
import { affiliateAttributions, affiliateBalances, affiliateClicks, affiliateCommissions, affiliateLedger, affiliatePayouts, influencers, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed/seed';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { capture, payOrder, sendWebhook } from '../../test/wallet-money';

// The demo affiliates: affiliate@parley.test (Approved) and affiliate.pending@parley.test (Pending).
let t: TestApp;
let log = '';
let approved: { id: string; code: string };
let pendingCode: string;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  t = await createTestApp({ logStream: stream, env: { LOG_LEVEL: 'trace' } });
  const codeOf = async (email: string) => {
    const [row] = await t.ctx.db.select({ id: users.id, code: influencers.referralCode }).from(influencers).innerJoin(users, eq(users.id, influencers.userId)).where(eq(users.email, email));
    return row!;
  };
  approved = await codeOf('affiliate@parley.test');
  pendingCode = (await codeOf('affiliate.pending@parley.test')).code;
});
afterAll(() => t.close());

const password = 'a long password';
let n = 0;
const visit = (c: TestClient, referralCode: string) =>
  c.post('/api/affiliate/visits', { referralCode, utm: { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: referralCode }, path: '/index-affiliate' });

async function signUp(c: TestClient, extra: Record<string, string> = {}) {
  n += 1;
  const email = `visitor${n}@example.com`;
  const res = await c.post('/api/auth/signup', { name: `Visitor Number${n}`, email, password, country: 'IN', timezone: 'Asia/Kolkata', ...extra });
  return { res, email, id: res.statusCode === 201 ? (res.json().user._id as string) : undefined };
}

/** A demo bought and verified in the sandbox; returns the payment id. */
async function payDemo(c: TestClient) {
  const paid = await payOrder(c, capture(9_900, 'Demo', { subject: 'English' }));
  expect((await c.post('/api/payments/verify', paid)).statusCode).toBe(200);
  await t.ctx.sandbox!.flushWebhooks();
  return paid.paymentId;
}

async function topUp(c: TestClient, amountMinor: number) {
  const paid = await payOrder(c, capture(amountMinor, 'Wallet'));
  expect((await c.post('/api/payments/verify', paid)).statusCode).toBe(200);
  await t.ctx.sandbox!.flushWebhooks();
  return paid.paymentId;
}

/** The commission job runs on the queue, after the payment: wait until the line is settled as expected. */
async function settledLine(paymentId: string, until: (line: typeof affiliateCommissions.$inferSelect) => boolean = (line) => line.creditedAt !== null) {
  for (let i = 0; i < 150; i += 1) {
    const [line] = await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId));
    if (line && until(line)) return line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the commission job did not settle ${paymentId}`);
}

const ledgerOf = (influencerId: string) => t.ctx.db.select().from(affiliateLedger).where(eq(affiliateLedger.influencerId, influencerId));
const attributionOf = async (learnerId: string) => (await t.ctx.db.select().from(affiliateAttributions).where(eq(affiliateAttributions.learnerId, learnerId)))[0];

/** The balance row beside the sum of the ledger: they must always agree. */
async function balanceAgreesWithLedger(influencerId: string) {
  const [balance] = await t.ctx.db.select().from(affiliateBalances).where(eq(affiliateBalances.influencerId, influencerId));
  const entries = await ledgerOf(influencerId);
  const sum = entries.reduce((total, e) => total + (e.kind === 'commission' ? e.amountMinor : -e.amountMinor), 0);
  expect(balance?.balanceMinor ?? 0).toBe(sum);
  return sum;
}

describe('demo history', () => {
  it('is seeded once: visits, three sign-ups, one paying learner and the commission, in a ledger that adds up', async () => {
    const count = async () => (await t.ctx.db.select({ id: affiliateClicks.id }).from(affiliateClicks).where(eq(affiliateClicks.influencerId, approved.id))).length;
    const clicks = await count();
    expect(clicks).toBeGreaterThan(50);
    await seedDemoData(t.ctx.db, t.ctx.media);
    expect(await count()).toBe(clicks);
    const lines = await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, 'pay_seed_affiliate_1'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountMinor: 40_000, currency: 'INR' });
    expect(await t.ctx.db.select().from(affiliateAttributions).where(eq(affiliateAttributions.influencerId, approved.id))).toHaveLength(3);
    expect(await balanceAgreesWithLedger(approved.id)).toBe(40_000);
  });
});

describe('attribution', () => {
  it('survives the landing → sign-up → first payment path, and the dashboard counts it from the events', async () => {
    const affiliate = await t.signIn('affiliate@parley.test', 'influencer');
    const before = (await affiliate.get('/api/affiliate/dashboard')).json();

    const visitor = t.client();
    expect((await visit(visitor, approved.code)).json()).toEqual({ recorded: true, firstTouch: true, codeActive: true });
    expect(visitor.cookies.get('parley_aff')).toMatch(/^[0-9a-f-]{36}$/);
    // The same browser coming back is the same click.
    expect((await visit(visitor, approved.code.toLowerCase())).json()).toEqual({ recorded: false, firstTouch: true, codeActive: true });

    const { res, id } = await signUp(visitor);
    expect(res.statusCode).toBe(201);
    expect(await attributionOf(id!)).toMatchObject({ influencerId: approved.id });
    expect(visitor.cookies.has('parley_aff')).toBe(false);

    const paymentId = await payDemo(visitor);
    const line = await settledLine(paymentId);
    expect(line).toMatchObject({ amountMinor: (9_900 * AFFILIATE_COMMISSION_PERCENT) / 100, currency: 'INR', influencerId: approved.id });

    const after = (await affiliate.get('/api/affiliate/dashboard')).json();
    expect(after.clicks - before.clicks).toBe(1);
    expect(after.signUps - before.signUps).toBe(1);
    expect(after.payingLearners - before.payingLearners).toBe(1);
    expect(after.earningsAllTime.amountMinor - before.earningsAllTime.amountMinor).toBe(1_980);
    expect(after.earningsThisMonth.amountMinor - before.earningsThisMonth.amountMinor).toBe(1_980);
    expect(after.status).toBe('Approved');

    const earnings = (await affiliate.get('/api/affiliate/earnings?limit=100')).json();
    const mine = earnings.items.find((item: { id: string }) => item.id === line.id);
    expect(mine).toMatchObject({ learner: 'V••••• N.', payment: { amountMinor: 9_900, currency: 'INR' }, commission: { amountMinor: 1_980, currency: 'INR' }, status: 'credited' });
    expect(earnings.capPerLearner).toEqual({ amountMinor: AFFILIATE_COMMISSION_CAP_MINOR.INR, currency: 'INR' });
    expect(JSON.stringify(earnings)).not.toContain('Visitor');

    const series = (await affiliate.get('/api/affiliate/series?days=30')).json();
    expect(series.points).toHaveLength(30);
    const today = series.points.at(-1);
    expect(today.clicks).toBeGreaterThanOrEqual(1);
    expect(today.signUps).toBeGreaterThanOrEqual(1);
    expect(today.firstPayments).toBeGreaterThanOrEqual(1);
    expect(today.earningsMinor).toBeGreaterThanOrEqual(1_980);
  });

  it('counts one click a day per address and affiliate, however many fresh browsers it sends, and still gives each browser its first touch', async () => {
    const clicksOf = async (influencerId: string) => (await t.ctx.db.select({ id: affiliateClicks.id }).from(affiliateClicks).where(eq(affiliateClicks.influencerId, influencerId))).length;
    /** A browser with no cookies at all, from `remoteAddress`. */
    const freshVisit = async (remoteAddress: string, referralCode = approved.code) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/affiliate/visits',
        remoteAddress,
        headers: { 'x-parley-client': 'web' },
        payload: { referralCode, utm: { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: referralCode }, path: '/index-affiliate' },
      });
      expect(res.statusCode).toBe(200);
      return { answer: res.json(), touch: res.cookies.find((cookie) => cookie.name === 'parley_aff')?.value };
    };
    const before = await clicksOf(approved.id);

    const pumped = [];
    for (let i = 0; i < 25; i += 1) pumped.push(await freshVisit('203.0.113.7'));
    expect(await clicksOf(approved.id)).toBe(before + 1);
    expect(pumped[0]!.answer).toEqual({ recorded: true, firstTouch: true, codeActive: true });
    expect(pumped.slice(1).map((visit) => visit.answer)).toEqual(Array.from({ length: 24 }, () => ({ recorded: false, firstTouch: true, codeActive: true })));
    // Every browser is still attributed, to the one click its address made today.
    expect(new Set(pumped.map((visit) => visit.touch))).toEqual(new Set([pumped[0]!.touch]));

    // Another address is another visitor; the same address counts for another affiliate too.
    expect((await freshVisit('198.51.100.23')).answer).toEqual({ recorded: true, firstTouch: true, codeActive: true });
    expect(await clicksOf(approved.id)).toBe(before + 2);
    const [other] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'third.affiliate@example.com', name: 'Third Affiliate', referralCode: 'THIRDAFF' }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: other!.id, referralCode: 'THIRD30', couponDiscountPercent: 5, status: 'Approved' });
    expect((await freshVisit('203.0.113.7', 'THIRD30')).answer).toEqual({ recorded: true, firstTouch: true, codeActive: true });
    expect(await clicksOf(other!.id)).toBe(1);
  });

  it('keeps the first touch: a later affiliate’s link counts a click but not the sign-up', async () => {
    const [other] = await t.ctx.db
      .insert(users)
      .values({ role: 'influencer', email: 'second.affiliate@example.com', name: 'Second Affiliate', referralCode: 'SECONDAFF' })
      .returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: other!.id, referralCode: 'SECOND20', couponDiscountPercent: 5, status: 'Approved' });

    const visitor = t.client();
    expect((await visit(visitor, approved.code)).json().firstTouch).toBe(true);
    expect((await visit(visitor, 'SECOND20')).json()).toEqual({ recorded: true, firstTouch: false, codeActive: true });
    // Even typing the second affiliate's code at sign-up does not move the first touch.
    const { id } = await signUp(visitor, { referralCode: 'SECOND20' });
    expect(await attributionOf(id!)).toMatchObject({ influencerId: approved.id });
  });

  it('attributes a typed affiliate code when there was no visit, and a UTM-only link too', async () => {
    const typed = await signUp(t.client(), { referralCode: approved.code.toLowerCase() });
    expect(typed.res.statusCode).toBe(201);
    expect(await attributionOf(typed.id!)).toMatchObject({ influencerId: approved.id, clickId: null });
    // Affiliates are not Refer & Earn referrers: no referral row, no wallet reward.
    expect((await t.ctx.db.execute(sql`select count(*)::int as n from referrals where referred_id = ${typed.id}`)) as unknown).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('attributes a peer who signs up with an affiliate’s code or after the affiliate’s link, as a learner', async () => {
    n += 1;
    const typed = await t.client().post('/api/auth/peer-signup', { name: `Peer Number${n}`, email: `peer${n}@example.com`, password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: approved.code });
    expect(typed.statusCode).toBe(201);
    expect(await attributionOf(typed.json().user._id)).toMatchObject({ influencerId: approved.id, clickId: null });

    const brought = t.client();
    await visit(brought, approved.code);
    n += 1;
    const linked = await brought.post('/api/auth/peer-signup', { name: `Peer Number${n}`, email: `peer${n}@example.com`, password, country: 'IN', timezone: 'Asia/Kolkata' });
    expect(await attributionOf(linked.json().user._id)).toMatchObject({ influencerId: approved.id, clickId: expect.any(String) });
  });

  it('pays one programme per newcomer: a learner’s code typed after an affiliate’s link makes a referral, not an attribution', async () => {
    const referrer = await signUp(t.client());
    const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id!));
    const brought = t.client();
    await visit(brought, approved.code);
    const friend = await signUp(brought, { referralCode: row!.code! });
    expect(friend.res.statusCode).toBe(201);
    expect(await attributionOf(friend.id!)).toBeUndefined();
    expect((await t.ctx.db.execute(sql`select count(*)::int as n from referrals where referred_id = ${friend.id}`)) as unknown).toMatchObject({ rows: [{ n: 1 }] });
  });

  it('tells a learner the code of the affiliate who brought them, while that affiliate may share it', async () => {
    const brought = t.client();
    await visit(brought, approved.code);
    await signUp(brought);
    const answer = await brought.get('/api/affiliate/referrer');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ referralCode: approved.code });

    const nobodys = t.client();
    await signUp(nobodys);
    expect((await nobodys.get('/api/affiliate/referrer')).json()).toEqual({ referralCode: null });

    // An affiliate rejected after the sign-up keeps the attribution but no longer hands out a code.
    const [later] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'later.rejected@example.com', name: 'Later Rejected' }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: later!.id, referralCode: 'LATER15', couponDiscountPercent: 15, status: 'Approved' });
    const typed = t.client();
    await signUp(typed, { referralCode: 'later15' });
    expect((await typed.get('/api/affiliate/referrer')).json()).toEqual({ referralCode: 'LATER15' });
    await t.ctx.db.update(influencers).set({ status: 'Rejected' }).where(eq(influencers.userId, later!.id));
    expect((await typed.get('/api/affiliate/referrer')).json()).toEqual({ referralCode: null });

    expect((await t.client().get('/api/affiliate/referrer')).statusCode).toBe(401);
    const affiliate = await t.signIn('affiliate@parley.test', 'influencer');
    expect([401, 403]).toContain((await affiliate.get('/api/affiliate/referrer')).statusCode);
  });

  it('ignores a code that is unknown or not approved (and says it is not active), and refuses such a code typed at sign-up', async () => {
    const visitor = t.client();
    expect((await visit(visitor, pendingCode)).json()).toEqual({ recorded: false, firstTouch: false, codeActive: false });
    expect((await visit(visitor, 'NOSUCHCODE')).json()).toEqual({ recorded: false, firstTouch: false, codeActive: false });
    expect(visitor.cookies.has('parley_aff')).toBe(false);
    const pendingSignUp = (await signUp(t.client(), { referralCode: pendingCode })).res;
    expect(pendingSignUp.statusCode).toBe(400);
    // Not "unknown": the code exists, it is not active (yet).
    expect(pendingSignUp.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { referralCode: 'Not an active referral code' } });
  });

  it('refuses self-attribution: the affiliate’s own inbox, or the affiliate’s own browser', async () => {
    const ownInbox = await t.client().post('/api/auth/signup', { name: 'Tanya Again', email: 'Affiliate+learner@Parley.test', password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: approved.code });
    expect(ownInbox.statusCode).toBe(400);
    expect(ownInbox.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { referralCode: 'Your own code' } });

    const browser = await t.signIn('affiliate@parley.test', 'influencer');
    expect((await visit(browser, approved.code)).json()).toEqual({ recorded: false, firstTouch: false, codeActive: true });
    // A first touch that came before the affiliate signed in on this browser does not count either.
    const shared = t.client();
    await visit(shared, approved.code);
    await shared.post('/api/auth/login', { email: 'affiliate@parley.test', password: 'Parley@2026', role: 'influencer' });
    const { res, id } = await signUp(shared);
    expect(res.statusCode).toBe(201);
    expect(await attributionOf(id!)).toBeUndefined();
  });

  it('attributes a learner once: the database keeps one attribution, and later payments credit only that affiliate', async () => {
    const visitor = t.client();
    await visit(visitor, approved.code);
    const { id } = await signUp(visitor);
    await expect(t.ctx.db.insert(affiliateAttributions).values({ learnerId: id!, influencerId: approved.id, touchedAt: new Date() })).rejects.toThrow();
    // A learner visiting a link after signing up is a click, not a second attribution.
    await visit(visitor, 'SECOND20');
    const paymentId = await topUp(visitor, 50_000);
    expect(await settledLine(paymentId)).toMatchObject({ influencerId: approved.id, amountMinor: 10_000 });
    expect(await t.ctx.db.select().from(affiliateAttributions).where(eq(affiliateAttributions.learnerId, id!))).toHaveLength(1);
  });
});

describe('status and link', () => {
  it('the login answer carries the influencer’s status; a pending affiliate gets 403 on the link', async () => {
    const pending = t.client();
    const login = await pending.post('/api/auth/login', { email: 'affiliate.pending@parley.test', password: 'Parley@2026', role: 'influencer' });
    expect(login.json().user).toMatchObject({ status: 'Pending', refferalcode: pendingCode, cuponDiscount: 10 });
    const link = await pending.get('/api/affiliate/link');
    expect(link.statusCode).toBe(403);
    expect(link.json().code).toBe('FORBIDDEN');
    expect((await pending.get('/api/affiliate/profile')).json()).toMatchObject({ status: 'Pending', canShare: false });
    expect((await pending.get('/api/affiliate/dashboard')).json().status).toBe('Pending');

    const ok = await t.signIn('affiliate@parley.test', 'influencer');
    const body = (await ok.get('/api/affiliate/link')).json();
    const url = new URL(body.campaignLink);
    expect(url.pathname).toBe('/index-affiliate');
    expect(Object.fromEntries(url.searchParams)).toEqual({ utm_source: 'affiliate', utm_medium: 'web', utm_campaign: approved.code, referralCode: approved.code });
  });

  it('keeps learners out of the affiliate area', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.get('/api/affiliate/dashboard')).statusCode).toBe(401);
  });
});

describe('applications (/affiliate/apply)', () => {
  const application = (email: string) => ({
    name: 'Irfan Khan',
    email,
    password,
    country: 'IN',
    timezone: 'Asia/Kolkata',
    channel: 'https://youtube.com/@irfan',
    audience: 'About 40,000 people learning English for work.',
  });

  it('opens a Pending affiliate account, signed in, that moderators see with its channel and may approve; its link opens then', async () => {
    const applicant = t.client();
    const res = await applicant.post('/api/auth/affiliate-signup', application('Irfan.Khan@Example.com'));
    expect(res.statusCode).toBe(201);
    const { user, session } = res.json();
    expect(session.role).toBe('influencer');
    expect(user).toMatchObject({ role: 'influencer', email: 'irfan.khan@example.com', status: 'Pending', cuponDiscount: 10 });
    expect((await applicant.get('/api/affiliate/dashboard')).json().status).toBe('Pending');
    expect((await applicant.get('/api/affiliate/link')).statusCode).toBe(403);

    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const { items } = (await moderator.get('/api/moderator/influencers?status=Pending&limit=50')).json();
    expect(items.find((item: { _id: string }) => item._id === user._id)).toMatchObject({
      name: 'Irfan Khan',
      email: 'irfan.khan@example.com',
      referralCode: user.refferalcode,
      channel: 'https://youtube.com/@irfan',
      audience: 'About 40,000 people learning English for work.',
    });
    expect((await moderator.post(`/api/moderator/influencers/${user._id}/approve`)).statusCode).toBe(200);
    const link = await applicant.get('/api/affiliate/link');
    expect(link.statusCode).toBe(200);
    expect(new URL(link.json().campaignLink).searchParams.get('referralCode')).toBe(user.refferalcode);
    // The same person logs in with what they applied with.
    expect((await t.client().post('/api/auth/login', { email: 'irfan.khan@example.com', password, role: 'influencer' })).statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an affiliate account, and bad fields, storing nothing', async () => {
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(influencers);
    const taken = await t.client().post('/api/auth/affiliate-signup', application('affiliate@parley.test'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'This email already has an account' } });
    const bad = await t.client().post('/api/auth/affiliate-signup', { ...application('new.one@example.com'), channel: 'javascript:alert(1)', audience: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ channel: 'Enter a web address starting with https://', audience: 'Tell us about your audience in at least 20 characters' });
    expect(await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(influencers)).toEqual(before);
    expect(await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'new.one@example.com'))).toEqual([]);
  });

  it('opens one account when the same application is sent twice at once', async () => {
    const answers = await Promise.all([0, 1].map(() => t.client().post('/api/auth/affiliate-signup', application('twice@example.com'))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db.select({ id: influencers.userId }).from(influencers).innerJoin(users, eq(users.id, influencers.userId)).where(eq(users.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe('commission', () => {
  const signedWebhook = (body: object, eventId: string) => sendWebhook(t, body, eventId);
  const refund = (refundId: string, paymentId: string, amount: number) => ({ event: 'refund.processed', payload: { refund: { entity: { id: refundId, payment_id: paymentId, amount, currency: 'INR' } } } });

  it('is credited once by its own job, however often verify and the webhook arrive', async () => {
    const visitor = t.client();
    await visit(visitor, approved.code);
    await signUp(visitor);
    const paid = await payOrder(visitor, capture(30_000, 'Wallet'));
    const verifies = await Promise.all([1, 2, 3].map(() => visitor.post('/api/payments/verify', paid)));
    expect(verifies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await t.ctx.sandbox!.flushWebhooks();
    const captured = { event: 'payment.captured', payload: { payment: { entity: { id: paid.paymentId, order_id: paid.orderId, amount: 30_000, currency: 'INR' } } } };
    for (const eventId of ['evt_replay_1', 'evt_replay_2', 'evt_replay_1']) expect((await signedWebhook(captured, eventId)).statusCode).toBe(200);
    const line = await settledLine(paid.paymentId);
    expect(line.amountMinor).toBe(6_000);
    // The job running again (a retry, a restart's re-queue) changes nothing.
    const { settleAffiliateCommission } = await import('./affiliate-commission');
    await settleAffiliateCommission(t.ctx, paid.paymentId);
    const entries = (await ledgerOf(approved.id)).filter((e) => e.sourceKey === `commission:${paid.paymentId}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.amountMinor).toBe(6_000);
    await balanceAgreesWithLedger(approved.id);
  });

  it('is reversed in the refunded share when the provider reports a refund, once per refund', async () => {
    const visitor = t.client();
    await visit(visitor, approved.code);
    await signUp(visitor);
    const paymentId = await topUp(visitor, 40_000);
    expect((await settledLine(paymentId)).amountMinor).toBe(8_000);

    expect((await signedWebhook(refund('rfnd_half', paymentId, 10_000), 'evt_rfnd_1')).statusCode).toBe(200);
    expect((await signedWebhook(refund('rfnd_half', paymentId, 10_000), 'evt_rfnd_1_again')).statusCode).toBe(200);
    expect(await settledLine(paymentId, (l) => l.reversedMinor > 0)).toMatchObject({ refundedMinor: 10_000, reversedMinor: 2_000 });

    expect((await signedWebhook(refund('rfnd_rest', paymentId, 30_000), 'evt_rfnd_2')).statusCode).toBe(200);
    expect(await settledLine(paymentId, (l) => l.reversedMinor === 8_000)).toMatchObject({ refundedMinor: 40_000 });
    const reversals = (await ledgerOf(approved.id)).filter((e) => e.kind === 'reversal' && e.sourceKey.startsWith(`reversal:${paymentId}:`));
    expect(reversals.map((e) => e.amountMinor).sort()).toEqual([2_000, 6_000]);
    const affiliate = await t.signIn('affiliate@parley.test', 'influencer');
    const line = (await affiliate.get('/api/affiliate/earnings?limit=100')).json().items.find((i: { reversed: unknown; status: string }) => i.status === 'reversed');
    expect(line).toMatchObject({ commission: { amountMinor: 8_000 }, reversed: { amountMinor: 8_000 } });
    await balanceAgreesWithLedger(approved.id);
  });

  it('earns nothing from a learner nobody brought', async () => {
    const plain = t.client();
    await signUp(plain);
    const paymentId = await topUp(plain, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId))).toHaveLength(0);
  });
});

describe('bank details and payouts', () => {
  const account = '123456789012';
  const iban = 'DE89370400440532013000';

  it('validates and stores the details sealed, and answers only the last four', async () => {
    const affiliate = await t.signIn('affiliate@parley.test', 'influencer');
    const bad = await affiliate.put('/api/affiliate/bank-details', { kind: 'IN', accountHolder: 'Tanya Malhotra', accountNumber: '12AB', ifsc: 'HDFC1234567' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['accountNumber', 'ifsc']);

    const saved = await affiliate.put('/api/affiliate/bank-details', { kind: 'IN', accountHolder: 'Tanya Malhotra', accountNumber: account, ifsc: 'hdfc0001234' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().bankDetails).toMatchObject({ kind: 'IN', account: '•••• 9012', ifsc: 'HDFC0001234', accountHolder: 'Tanya Malhotra' });
    const stored = await t.ctx.db.execute(sql`select * from affiliate_bank_details where influencer_id = ${approved.id}`);
    expect(JSON.stringify(stored)).not.toContain(account);
    expect((await affiliate.get('/api/affiliate/bank-details')).json().bankDetails.account).toBe('•••• 9012');

    const pending = await t.signIn('affiliate.pending@parley.test', 'influencer');
    const badIban = await pending.put('/api/affiliate/bank-details', { kind: 'INTL', accountHolder: 'Irfan Qureshi', iban: 'DE89370400440532013001', swift: 'COBADEFF' });
    expect(badIban.json().fields).toHaveProperty('iban');
    const intl = await pending.put('/api/affiliate/bank-details', { kind: 'INTL', accountHolder: 'Irfan Qureshi', iban: 'de89 3704 0044 0532 0130 00', swift: 'cobadeffxxx' });
    expect(intl.json().bankDetails).toMatchObject({ kind: 'INTL', account: '•••• 3000', swift: 'COBADEFFXXX' });
  });

  it('never pays more than the balance, however many requests race', async () => {
    const affiliate = await t.signIn('affiliate@parley.test', 'influencer');
    const min = AFFILIATE_PAYOUT_MINIMUM_MINOR.INR;
    // Top the balance up through the ledger to 2.5 payouts' worth.
    const current = await balanceAgreesWithLedger(approved.id);
    const topUpBy = min * 2 + min / 2 - current;
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(affiliateBalances).set({ balanceMinor: current + topUpBy }).where(eq(affiliateBalances.influencerId, approved.id));
      await tx.insert(affiliateLedger).values({ influencerId: approved.id, kind: 'commission', amountMinor: topUpBy, currency: 'INR', closingBalanceMinor: current + topUpBy, sourceKey: 'test:top-up' });
    });

    const below = await affiliate.post('/api/affiliate/payouts', { amountMinor: min - 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('A payout is at least ₹1,000.');

    const results = await Promise.all(Array.from({ length: 6 }, () => affiliate.post('/api/affiliate/payouts', { amountMinor: min })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balanceAgreesWithLedger(approved.id)).toBe(min / 2);
    // Below the minimum, no amount can be asked for: it says so, not "at most" what it cannot pay.
    const early = await affiliate.post('/api/affiliate/payouts', { amountMinor: min });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'You can ask for a payout once ₹1,000 is available.' });

    // The payout job marks them paid (the sandbox pays at once).
    for (let i = 0; i < 100; i += 1) {
      const open = await t.ctx.db.select().from(affiliatePayouts).where(and(eq(affiliatePayouts.influencerId, approved.id), eq(affiliatePayouts.status, 'requested')));
      if (open.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const overview = (await affiliate.get('/api/affiliate/payouts')).json();
    expect(overview.items.filter((p: { status: string }) => p.status === 'paid')).toHaveLength(2);
    expect(overview.items[0]).toMatchObject({ account: '•••• 9012', amount: { amountMinor: min, currency: 'INR' } });
    expect(overview.available).toEqual({ amountMinor: min / 2, currency: 'INR' });
    expect((await affiliate.get('/api/affiliate/dashboard')).json().paidOut.amountMinor).toBe(min * 2);
  });

  it('asks for bank details before a payout', async () => {
    const [fresh] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'nobank@example.com', name: 'No Bank', passwordHash: null }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: fresh!.id, referralCode: 'NOBANK1', status: 'Approved' });
    const { requestPayout } = await import('./affiliate-payouts');
    await expect(requestPayout(t.ctx, fresh!.id, AFFILIATE_PAYOUT_MINIMUM_MINOR.INR)).rejects.toThrow('Add your bank details');
  });

  it('never shows the account number or IBAN unmasked in the log', () => {
    expect(log.length).toBeGreaterThan(1_000);
    expect(log).toContain('/api/affiliate/bank-details');
    expect(log).not.toContain(account);
    expect(log).not.toContain(iban);
    expect(log).not.toContain('0532013000');
  });
});
