import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPriceSettings, savePriceSettings } from '../pricing/pricing.service';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, ledgerConsistent, newLearner, topUp } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the wallet', () => {
  it('starts empty, in the currency of the learner’s country', async () => {
    const india = await newLearner(t, 'empty-in@example.com');
    const us = await newLearner(t, 'empty-us@example.com', 'US', 'America/New_York');
    expect((await india.c.get('/api/wallet')).json()).toEqual({ closingBalance: { amountMinor: 0, currency: 'INR' } });
    expect((await us.c.get('/api/wallet')).json()).toEqual({ closingBalance: { amountMinor: 0, currency: 'USD' } });
    expect((await india.c.get('/api/wallet/history')).json()).toEqual({ items: [], total: 0 });
  });

  it('offers the preset top-ups in the learner’s currency at the stored rate', async () => {
    const india = await newLearner(t, 'presets-in@example.com');
    expect((await india.c.get('/api/wallet/top-up-presets')).json().presets).toEqual(
      [50_000, 100_000, 200_000, 500_000].map((amountMinor) => ({ amountMinor, currency: 'INR' })),
    );
    const us = await newLearner(t, 'presets-us@example.com', 'US', 'America/New_York');
    const before = await loadPriceSettings(t.ctx.db);
    try {
      await savePriceSettings(t.ctx.db, { ...before, usdToInrRate: 100 });
      expect((await us.c.get('/api/wallet/top-up-presets')).json().presets).toEqual(
        [500, 1000, 2000, 5000].map((amountMinor) => ({ amountMinor, currency: 'USD' })),
      );
    } finally {
      await savePriceSettings(t.ctx.db, before);
    }
  });

  it('lists the ledger newest first, a page at a time, each entry with its closing balance', async () => {
    const { c, id } = await newLearner(t, 'history@example.com');
    for (const amountMinor of [10_000, 20_000, 30_000]) await topUp(c, amountMinor);
    const first = (await c.get('/api/wallet/history?page=1&limit=2')).json();
    expect(first.total).toBe(3);
    expect(first.items.map((e: { closingBalance: { amountMinor: number } }) => e.closingBalance.amountMinor)).toEqual([60_000, 30_000]);
    const second = (await c.get('/api/wallet/history?page=2&limit=2')).json();
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({ kind: 'credit', amount: { amountMinor: 10_000, currency: 'INR' }, closingBalance: { amountMinor: 10_000, currency: 'INR' } });
    expect(await balanceOf(c)).toBe(60_000);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 60_000, ledgerSum: 60_000 });
  });

  it('offers the active top-up offers of the wallet’s currency unless another is asked for', async () => {
    const { c } = await newLearner(t, 'offers@example.com');
    const own = (await c.get('/api/offers?couponValidFor=Wallet')).json().allOffers;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o: { currency: string }) => o.currency === 'INR')).toBe(true);
    const amounts = own.map((o: { walletAmount: number }) => o.walletAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const usd = (await c.get('/api/offers?couponValidFor=Wallet&currency=USD')).json().allOffers;
    expect(usd.every((o: { currency: string }) => o.currency === 'USD')).toBe(true);
    expect((await c.get('/api/offers?couponValidFor=Plan')).statusCode).toBe(400);
  });

  it('is the learner’s alone', async () => {
    expect((await t.client().get('/api/wallet')).statusCode).toBe(401);
    expect((await (await t.signIn('tutor@parley.test', 'teacher')).get('/api/wallet/history')).statusCode).toBe(401);
  });
});
