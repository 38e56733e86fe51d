import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFERRAL_REWARD_MINOR } from '@parley/domain/referral';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function topUp(c: TestClient, amount: number) {
  const orderId = (await c.post('/api/sandbox/capture', { amount, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet' } })).json().data.id;
  const paid = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
  await c.post('/api/payments/verify', { orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
  await t.ctx.sandbox!.flushWebhooks();
}

it('attributes a sign-up to the referrer and rewards the first verified payment once', async () => {
  const referrer = await t.signIn('learner@parley.test');
  const summary = (await referrer.get('/api/referrals')).json();
  expect(summary.code).toBe('LEARNER');
  expect(new URL(summary.link).searchParams.get('ref')).toBe('LEARNER');
  const walletBefore = (await referrer.get('/api/wallet')).json().closingBalance.amountMinor;

  const friend = t.client();
  const signup = await friend.post('/api/auth/signup', { name: 'Friend Of Rohan', email: 'friend@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata', referralCode: 'learner' });
  expect(signup.statusCode).toBe(201);
  expect((await referrer.get('/api/referrals')).json().referred).toEqual([expect.objectContaining({ name: 'Friend Of Rohan', status: 'joined', reward: null })]);

  await topUp(friend, 50_000);
  await topUp(friend, 20_000);
  const after = (await referrer.get('/api/referrals')).json();
  expect(after.referred[0]).toMatchObject({ status: 'rewarded', reward: { amountMinor: REFERRAL_REWARD_MINOR.INR, currency: 'INR' } });
  expect(after.totalEarned).toEqual({ amountMinor: REFERRAL_REWARD_MINOR.INR, currency: 'INR' });
  expect((await referrer.get('/api/wallet')).json().closingBalance.amountMinor).toBe(walletBefore + REFERRAL_REWARD_MINOR.INR);
});

it('refuses an unknown referral code and creates no account', async () => {
  const res = await t.client().post('/api/auth/signup', { name: 'Nobody Referred', email: 'noref@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata', referralCode: 'NOPE1234' });
  expect(res.statusCode).toBe(400);
  const login = await t.client().post('/api/auth/login', { email: 'noref@example.com', password: 'a long password', role: 'learner' });
  expect(login.statusCode).toBe(401);
});
