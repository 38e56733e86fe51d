import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATE_PAYOUT_MINIMUM_MINOR } from '@parley/domain/affiliate';
import { affiliateBalances, affiliateBankDetails, affiliateLedger, affiliatePayouts, influencers, users } from '../../db/schema';
import type { SendOptions } from '../../jobs/queue';
import { createSandboxPayouts } from '../../payments/payout-provider';
import { createRazorpayXPayouts, RAZORPAYX_REFUSAL } from '../../payments/razorpayx-payouts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { AFFILIATE_PAYOUT_JOB, registerAffiliatePayoutJob, requestPayout, saveBankDetails, sendPayout } from './affiliate-payouts';

/**
 * Payouts through RazorpayX, against a fake of its API: the job's runs are called here directly
 * (the queue's `send` is captured), so a run can be repeated as a retry would repeat it.
 */
const accountNumber = '123456789012';
const min = AFFILIATE_PAYOUT_MINIMUM_MINOR.INR;

type FakePayout = { id: string; status: string; utr: string | null; status_details: { description: string } | null };

function fakeRazorpayX() {
  const requests: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
  const byKey = new Map<string, FakePayout>();
  const byId = new Map<string, FakePayout>();
  const fetch = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname.replace(/^\/v1/, '');
    const headers = init.headers as Record<string, string>;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    requests.push({ method: init.method ?? 'GET', path, headers, body });
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (path === '/contacts') return json({ id: 'cont_1', entity: 'contact' });
    if (path === '/fund_accounts') return json({ id: 'fa_1', entity: 'fund_account' });
    if (path === '/payouts' && init.method === 'POST') {
      const key = headers['X-Payout-Idempotency'];
      if (!key) return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'Idempotency key is missing.' } }, 400);
      let payout = byKey.get(key);
      if (!payout) {
        payout = { id: `pout_${byId.size + 1}`, status: 'processing', utr: null, status_details: null };
        byKey.set(key, payout);
        byId.set(payout.id, payout);
      }
      return json(payout);
    }
    const found = /^\/payouts\/(.+)$/.exec(path);
    if (found && byId.has(found[1]!)) return json(byId.get(found[1]!));
    return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }, 404);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests, payouts: byId };
}

let t: TestApp;
let fake: ReturnType<typeof fakeRazorpayX>;
let affiliate: TestClient;
let affiliateId: string;
const sent: { name: string; data: unknown; options: SendOptions | undefined }[] = [];

const balanceOf = async (influencerId: string) => (await t.ctx.db.select().from(affiliateBalances).where(eq(affiliateBalances.influencerId, influencerId)))[0]!.balanceMinor;
const payoutRow = async (id: string) => (await t.ctx.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id)))[0]!;

async function topUp(influencerId: string, amountMinor: number, key: string) {
  await t.ctx.db.transaction(async (tx) => {
    const [balance] = await tx.select().from(affiliateBalances).where(eq(affiliateBalances.influencerId, influencerId));
    const closing = (balance?.balanceMinor ?? 0) + amountMinor;
    if (balance) await tx.update(affiliateBalances).set({ balanceMinor: closing }).where(eq(affiliateBalances.influencerId, influencerId));
    else await tx.insert(affiliateBalances).values({ influencerId, currency: 'INR', balanceMinor: closing });
    await tx.insert(affiliateLedger).values({ influencerId, kind: 'commission', amountMinor, currency: 'INR', closingBalanceMinor: closing, sourceKey: key });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  fake = fakeRazorpayX();
  t.ctx.payouts = createRazorpayXPayouts({ keyId: 'rzp_test_key', keySecret: 'key-secret', payoutAccountNumber: '7878780080316316', fetch: fake.fetch });
  t.ctx.jobs.send = async (name, data, options) => {
    sent.push({ name, data, options });
    return `job-${sent.length}`;
  };
  // The payout's first job commits with it: caught here too, so the test runs each job itself.
  t.ctx.jobs.insertWithin = async (_tx, jobs) => {
    for (const { name, data, ...options } of jobs) sent.push({ name, data, options });
  };
  affiliate = await t.signIn('affiliate@parley.test', 'influencer');
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@parley.test'));
  affiliateId = row!.id;
  expect((await affiliate.put('/api/affiliate/bank-details', { kind: 'IN', accountHolder: 'Tanya Malhotra', accountNumber, ifsc: 'HDFC0001234' })).statusCode).toBe(200);
  await topUp(affiliateId, min * 3, 'test:payouts-top-up');
});
afterAll(() => t.close());

type Told = { kind: string; title: string; body: string; link: string | null };
/** What the affiliate's bell lists about payouts, newest first. */
const payoutNotices = async (): Promise<Told[]> =>
  ((await affiliate.get('/api/notifications')).json().items as Told[]).filter((n) => n.kind.startsWith('affiliate_payout'));

async function ask(): Promise<string> {
  const res = await affiliate.post('/api/affiliate/payouts', { amountMinor: min });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  expect(sent.at(-1)).toMatchObject({ name: AFFILIATE_PAYOUT_JOB, data: { payoutId: id } });
  return id;
}

describe('payouts through RazorpayX', () => {
  it('creates the payout once, even when the job runs twice, and marks it processing', async () => {
    const id = await ask();
    await sendPayout(t.ctx, { payoutId: id });
    // A retry after a crash between the provider's answer and our update: the row is still requested.
    await t.ctx.db.update(affiliatePayouts).set({ status: 'requested', providerPayoutId: null }).where(eq(affiliatePayouts.id, id));
    await sendPayout(t.ctx, { payoutId: id });

    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts');
    expect(creates).toHaveLength(2);
    expect(creates.every((r) => r.headers['X-Payout-Idempotency'] === id)).toBe(true);
    expect(fake.payouts.size).toBe(1);
    expect(creates[0]!.body).toEqual({
      account_number: '7878780080316316',
      fund_account_id: 'fa_1',
      amount: min,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: id,
      narration: 'Parley affiliate payout',
    });
    const fundAccount = fake.requests.find((r) => r.path === '/fund_accounts')!;
    expect(fundAccount.body).toEqual({ contact_id: 'cont_1', account_type: 'bank_account', bank_account: { name: 'Tanya Malhotra', ifsc: 'HDFC0001234', account_number: accountNumber } });
    expect(fake.requests.every((r) => r.headers.authorization === `Basic ${Buffer.from('rzp_test_key:key-secret').toString('base64')}`)).toBe(true);

    expect(await payoutRow(id)).toMatchObject({ status: 'processing', providerPayoutId: 'pout_1', paidAt: null });
    // The follow-up check is queued for later.
    const followUp = sent.find((s) => (s.data as { payoutId: string; check?: number }).payoutId === id && (s.data as { check?: number }).check === 0);
    expect(followUp?.options?.startAfter?.getTime()).toBeGreaterThan(Date.now());
    // Still processing at the provider: another check is queued, nothing changes.
    const before = sent.length;
    await sendPayout(t.ctx, { payoutId: id, check: 0 });
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.data).toEqual({ payoutId: id, check: 1, chain: 0 });
    expect((await payoutRow(id)).status).toBe('processing');
  });

  it('marks it paid with the UTR once RazorpayX has processed it', async () => {
    const [open] = await t.ctx.db.select().from(affiliatePayouts).where(and(eq(affiliatePayouts.influencerId, affiliateId), eq(affiliatePayouts.status, 'processing')));
    const balance = await balanceOf(affiliateId);
    Object.assign(fake.payouts.get(open!.providerPayoutId!)!, { status: 'processed', utr: 'HDFCN00000000001' });
    await sendPayout(t.ctx, { payoutId: open!.id, check: 1 });
    const row = await payoutRow(open!.id);
    expect(row).toMatchObject({ status: 'paid', providerReference: 'HDFCN00000000001', failureReason: null });
    expect(row.paidAt).not.toBeNull();
    expect(await balanceOf(affiliateId)).toBe(balance);
    const item = (await affiliate.get('/api/affiliate/payouts')).json().items.find((p: { id: string }) => p.id === open!.id);
    expect(item).toMatchObject({ status: 'paid', failureReason: null });
    // The bell says so once, with the bank's reference, even when the check runs again.
    await sendPayout(t.ctx, { payoutId: open!.id, check: 2 });
    expect(await payoutNotices()).toEqual([
      expect.objectContaining({
        kind: 'affiliate_payout_paid',
        title: 'Your payout is paid',
        body: '₹1,000 was paid into your account ending 9012. Bank reference: HDFCN00000000001.',
        link: '/affiliate/payouts',
      }),
    ]);
  });

  it('marks a reversed payout failed with the reason and gives the amount back once', async () => {
    const balanceBefore = await balanceOf(affiliateId);
    const id = await ask();
    expect(await balanceOf(affiliateId)).toBe(balanceBefore - min);
    await sendPayout(t.ctx, { payoutId: id });
    const { providerPayoutId } = await payoutRow(id);
    Object.assign(fake.payouts.get(providerPayoutId!)!, { status: 'reversed', status_details: { description: 'The beneficiary bank is offline.' } });
    await sendPayout(t.ctx, { payoutId: id, check: 0 });
    expect(await payoutRow(id)).toMatchObject({ status: 'failed', failureReason: 'The beneficiary bank is offline.', paidAt: null });
    expect(await balanceOf(affiliateId)).toBe(balanceBefore);

    // The check delivered again, even after the row was (somehow) reopened: still one return.
    await sendPayout(t.ctx, { payoutId: id, check: 0 });
    await t.ctx.db.update(affiliatePayouts).set({ status: 'processing', failureReason: null }).where(eq(affiliatePayouts.id, id));
    await sendPayout(t.ctx, { payoutId: id, check: 1 });
    const returns = await t.ctx.db.select().from(affiliateLedger).where(and(eq(affiliateLedger.payoutId, id), eq(affiliateLedger.kind, 'payout_returned')));
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({ amountMinor: min, sourceKey: `payout_returned:${id}`, closingBalanceMinor: balanceBefore });
    expect(await balanceOf(affiliateId)).toBe(balanceBefore);

    const item = (await affiliate.get('/api/affiliate/payouts')).json().items.find((p: { id: string }) => p.id === id);
    expect(item).toMatchObject({ status: 'failed', failureReason: 'The beneficiary bank is offline.', paidAt: null });
    // Told once (with the amount's return), with the reason and what to do.
    expect((await payoutNotices()).filter((n) => n.kind === 'affiliate_payout_failed')).toEqual([
      expect.objectContaining({
        title: 'Your payout did not go through',
        body: '₹1,000 to your account ending 9012 was not paid: The beneficiary bank is offline. The amount is back in your balance. Check your bank details, then ask for the payout again.',
        link: '/affiliate/payouts',
      }),
    ]);
  });

  it('takes an open payout up again at each start in a new chain of jobs, and the older chains stop', async () => {
    const id = await ask();
    await sendPayout(t.ctx, { payoutId: id });
    const jobsOf = () => sent.filter((s) => (s.data as { payoutId: string }).payoutId === id).map((s) => s.data);
    expect(jobsOf().at(-1)).toEqual({ payoutId: id, check: 0, chain: 0 });
    // Two restarts while the first follow-up check waits in the queue.
    const define = t.ctx.jobs.define;
    t.ctx.jobs.define = async () => {};
    await registerAffiliatePayoutJob(t.ctx);
    await registerAffiliatePayoutJob(t.ctx);
    t.ctx.jobs.define = define;
    expect(jobsOf().slice(-2)).toEqual([
      { payoutId: id, chain: 1 },
      { payoutId: id, chain: 2 },
    ]);
    const { providerPayoutId } = await payoutRow(id);
    const asked = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/payouts/${providerPayoutId}`).length;
    const [queued, sentBefore] = [asked(), sent.length];
    // The first chain's check and the first restart's job find their chain over: no call, nothing queued.
    await sendPayout(t.ctx, { payoutId: id, check: 0, chain: 0 });
    await sendPayout(t.ctx, { payoutId: id, chain: 1 });
    expect([asked(), sent.length]).toEqual([queued, sentBefore]);
    // The live chain asks the provider and queues the one next check.
    await sendPayout(t.ctx, { payoutId: id, chain: 2 });
    expect(asked()).toBe(queued + 1);
    expect(sent.slice(sentBefore).map((s) => s.data)).toEqual([{ payoutId: id, check: 1, chain: 2 }]);
    Object.assign(fake.payouts.get(providerPayoutId!)!, { status: 'processed', utr: 'HDFCN00000000003' });
    await sendPayout(t.ctx, { payoutId: id, check: 1, chain: 2 });
    expect((await payoutRow(id)).status).toBe('paid');
  });

  it('refuses IBAN/SWIFT details up front, without touching the balance', async () => {
    const [fresh] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'iban@example.com', name: 'Iban Holder', passwordHash: null }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: fresh!.id, referralCode: 'IBAN1', status: 'Approved' });
    await saveBankDetails(t.ctx, fresh!.id, { kind: 'INTL', accountHolder: 'Iban Holder', iban: 'DE89370400440532013000', swift: 'COBADEFF' });
    await topUp(fresh!.id, min, 'test:iban-top-up');
    await expect(requestPayout(t.ctx, fresh!.id, min)).rejects.toThrow(RAZORPAYX_REFUSAL);
    expect(await balanceOf(fresh!.id)).toBe(min);
    expect(await t.ctx.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.influencerId, fresh!.id))).toHaveLength(0);
  });

  it('keeps the bank details while a payout is on its way (a retried job reads them again), and takes new ones after', async () => {
    const [fresh] = await t.ctx.db.insert(users).values({ role: 'influencer', email: 'changer@example.com', name: 'Details Changer', passwordHash: null }).returning({ id: users.id });
    await t.ctx.db.insert(influencers).values({ userId: fresh!.id, referralCode: 'CHANGE1', status: 'Approved' });
    const first = { kind: 'IN' as const, accountHolder: 'Details Changer', accountNumber: '111122223333', ifsc: 'HDFC0001234' };
    await saveBankDetails(t.ctx, fresh!.id, first);
    await topUp(fresh!.id, min, 'test:changer-top-up');
    const payout = await requestPayout(t.ctx, fresh!.id, min);
    const changed = { ...first, accountNumber: '999988887777' };
    await expect(saveBankDetails(t.ctx, fresh!.id, changed)).rejects.toThrow('A payout is on its way. Change your bank details once it is paid or returned.');
    expect((await t.ctx.db.select().from(affiliateBankDetails).where(eq(affiliateBankDetails.influencerId, fresh!.id)))[0]!.accountLast4).toBe('3333');
    await t.ctx.db.update(affiliatePayouts).set({ status: 'paid', paidAt: new Date() }).where(eq(affiliatePayouts.id, payout.id));
    expect((await saveBankDetails(t.ctx, fresh!.id, changed)).bankDetails).toMatchObject({ account: '•••• 7777' });
  });

  it('fails a payout whose details RazorpayX refuses, without the account number in the reason', async () => {
    const refusing = createRazorpayXPayouts({
      keyId: 'k',
      keySecret: 's',
      payoutAccountNumber: '7878780080316316',
      fetch: (async (url: string) =>
        new URL(url).pathname.endsWith('/fund_accounts')
          ? new Response(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: `Invalid account ${accountNumber} for this IFSC` } }), { status: 400 })
          : new Response(JSON.stringify({ id: 'cont_9' }), { status: 200 })) as unknown as typeof fetch,
    });
    const state = await refusing.createPayout({
      payoutId: '5b0e2f52-0000-4000-8000-000000000001',
      amountMinor: min,
      currency: 'INR',
      payee: { id: affiliateId, email: null },
      destination: { kind: 'IN', accountHolder: 'Tanya Malhotra', accountNumber, ifsc: 'HDFC0001234' },
    });
    expect(state).toMatchObject({ state: 'failed', providerPayoutId: null });
    expect(JSON.stringify(state)).not.toContain(accountNumber);
  });
});

describe('sandbox payouts', () => {
  it('pays at once', async () => {
    const sandbox = createSandboxPayouts();
    expect(sandbox.refusal({ currency: 'USD', destinationKind: 'INTL' })).toBeNull();
    const state = await sandbox.createPayout({
      payoutId: 'p',
      amountMinor: min,
      currency: 'INR',
      payee: { id: affiliateId, email: null },
      destination: { kind: 'INTL', accountHolder: 'X Y', iban: 'DE89370400440532013000', swift: 'COBADEFF' },
    });
    expect(state).toMatchObject({ state: 'paid' });
  });
});
