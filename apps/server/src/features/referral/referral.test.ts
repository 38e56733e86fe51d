import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_CAP_MINOR, REFERRAL_REWARD_PERCENT } from '@parley/domain/referral';
import { referrals, users, walletEntries } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'a long password';
let n = 0;
async function signUp(client: TestClient, referralCode: string, country = 'IN') {
  n += 1;
  return client.post('/api/auth/signup', { name: `Friend ${n}`, email: `friend${n}@example.com`, password, country, timezone: country === 'IN' ? 'Asia/Kolkata' : 'America/New_York', referralCode });
}

async function topUp(c: TestClient, amount: number, currency: 'INR' | 'USD' = 'INR') {
  const order = await c.post('/api/sandbox/capture', { amount, payment_capture: 1, currency, notes: { type: 'Wallet' } });
  expect(order.statusCode).toBe(200);
  const orderId = order.json().data.id;
  const paid = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
  const verified = await c.post('/api/payments/verify', { orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
  await t.ctx.sandbox!.flushWebhooks();
  return verified;
}

/** The reward is paid by its own job, after the payment: wait for it. */
async function rewardOf(referredEmail: string) {
  const [friend] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, referredEmail));
  for (let i = 0; i < 100; i += 1) {
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, friend!.id));
    if (row?.status === 'rewarded') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the reward job did not run');
}

const balanceOf = async (c: TestClient) => (await c.get('/api/wallet')).json().closingBalance;

describe('referral rewards', () => {
  it('pays the referrer a share of the first verified payment, once', async () => {
    const referrer = await t.signIn('learner@parley.test');
    const summary = (await referrer.get('/api/referrals')).json();
    expect(summary.code).toBe('LEARNER');
    expect(new URL(summary.link).searchParams.get('ref')).toBe('LEARNER');
    expect(summary.reward).toEqual({ amountMinor: REFERRAL_REWARD_CAP_MINOR.INR, currency: 'INR' });
    const before = (await balanceOf(referrer)).amountMinor;

    const friend = t.client();
    expect((await signUp(friend, 'learner')).statusCode).toBe(201);
    const email = `friend${n}@example.com`;
    expect((await referrer.get('/api/referrals')).json().referred).toContainEqual(expect.objectContaining({ name: `Friend ${n}`, status: 'joined', reward: null }));

    // ₹500 → 10% is ₹50, under the ₹100 cap; the second payment earns nothing more.
    expect((await topUp(friend, 50_000)).statusCode).toBe(200);
    expect((await topUp(friend, 20_000)).statusCode).toBe(200);
    const reward = await rewardOf(email);
    expect(reward).toMatchObject({ rewardMinor: (50_000 * REFERRAL_REWARD_PERCENT) / 100, rewardCurrency: 'INR' });
    expect((await balanceOf(referrer)).amountMinor).toBe(before + 5_000);
    const entries = await t.ctx.db.select().from(walletEntries).where(eq(walletEntries.description, 'Referral reward'));
    expect(entries.filter((e) => e.paymentId === `referral:${reward.qualifyingPaymentId}`)).toHaveLength(1);
  });

  it('caps the reward, so a big payment earns at most ₹100', async () => {
    const friend = t.client();
    expect((await signUp(friend, 'learner')).statusCode).toBe(201);
    await topUp(friend, 5_000_000);
    expect(await rewardOf(`friend${n}@example.com`)).toMatchObject({ rewardMinor: REFERRAL_REWARD_CAP_MINOR.INR, rewardCurrency: 'INR' });
  });

  it('is never worth more than the demo that earned it', async () => {
    const friend = t.client();
    expect((await signUp(friend, 'learner')).statusCode).toBe(201);
    const order = (await friend.post('/api/sandbox/capture', { amount: 9_900, payment_capture: 1, currency: 'INR', notes: { type: 'Demo', paymentDetails: { subject: 'English' } } })).json().data;
    const paid = (await friend.post('/api/payments/sandbox/settle', { orderId: order.id, outcome: 'success' })).json();
    await friend.post('/api/payments/verify', { orderId: order.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
    const reward = await rewardOf(`friend${n}@example.com`);
    expect(reward.rewardMinor).toBe(990);
    expect(reward.rewardMinor!).toBeLessThan(9_900);
  });

  it('never fails the payer’s payment when the referrer moved country: the reward is paid in the referrer’s wallet currency', async () => {
    const referrer = await t.signIn('ielts@parley.test');
    const code = (await referrer.get('/api/referrals')).json().code as string;
    await topUp(referrer, 10_000); // the wallet is made, in INR
    const me = (await referrer.get('/api/auth/me?role=learner')).json().user;
    expect((await referrer.put('/api/learner/profile', { name: me.name, phoneNumber: null, dob: null, country: 'US', timezone: 'America/New_York' })).statusCode).toBe(200);

    const friend = t.client();
    expect((await signUp(friend, code, 'US')).statusCode).toBe(201);
    const paid = await topUp(friend, 2_000, 'USD');
    expect(paid.statusCode).toBe(200);
    expect((await balanceOf(friend)).amountMinor).toBe(2_000);
    // $20 at the stored rate is ₹1,639.65; 10% is ₹163.96, capped at ₹100.
    expect(await rewardOf(`friend${n}@example.com`)).toMatchObject({ rewardMinor: REFERRAL_REWARD_CAP_MINOR.INR, rewardCurrency: 'INR' });
  });
});

describe('self-referral', () => {
  it('refuses the referrer’s own inbox under another spelling', async () => {
    const res = await t.client().post('/api/auth/signup', { name: 'Rohan Again', email: 'Learner+second@Parley.test', password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: 'LEARNER' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { referralCode: 'Your own code' } });
  });

  it('refuses a sign-up with the referrer’s code from a device the referrer signed in on', async () => {
    const device = await t.signIn('newbie@parley.test');
    const code = (await device.get('/api/referrals')).json().code as string;
    await device.post('/api/auth/logout', { role: 'learner' });
    const res = await device.post('/api/auth/signup', { name: 'Second Me', email: 'second.me@example.com', password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can’t use your own referral code.');
    const login = await t.client().post('/api/auth/login', { email: 'second.me@example.com', password, role: 'learner' });
    expect(login.statusCode).toBe(401);
  });

  it('still knows the referrer’s device after the referrer ended its sign-ins from elsewhere', async () => {
    const device = t.client();
    expect((await device.post('/api/auth/signup', { name: 'Ref Owner', email: 'ref.owner@example.com', password, country: 'IN', timezone: 'Asia/Kolkata' })).statusCode).toBe(201);
    const code = (await device.get('/api/referrals')).json().code as string;
    const elsewhere = t.client();
    expect((await elsewhere.post('/api/auth/login', { email: 'ref.owner@example.com', password, role: 'learner' })).statusCode).toBe(200);
    expect((await elsewhere.post('/api/auth/sessions/end-others', {})).statusCode).toBe(200);
    const res = await device.post('/api/auth/signup', { name: 'Alt Me', email: 'alt.me@example.com', password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can’t use your own referral code.');
  });

  it('refuses an unknown referral code and creates no account', async () => {
    const res = await t.client().post('/api/auth/signup', { name: 'Nobody Referred', email: 'noref@example.com', password, country: 'IN', timezone: 'Asia/Kolkata', referralCode: 'NOPE1234' });
    expect(res.statusCode).toBe(400);
    const login = await t.client().post('/api/auth/login', { email: 'noref@example.com', password, role: 'learner' });
    expect(login.statusCode).toBe(401);
  });
});
