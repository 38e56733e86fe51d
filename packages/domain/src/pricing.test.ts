import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import type { Money } from './money';
import {
  buySessionsAction,
  buySessionsTotal,
  affiliateDiscountedTotal,
  changeSessionCount,
  defaultPriceSettings,
  isLowBalance,
  kidsSessionPrice,
  priceSettingsSchema,
  trialPrice,
} from './pricing';

const settings = defaultPriceSettings;
const inr = (amountMinor: number): Money => ({ amountMinor, currency: 'INR' });
const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });

describe('defaultPriceSettings', () => {
  it('holds 99 INR / USD 1.99 trials, 149 INR kids demo and the default rate', () => {
    expect(settings).toEqual({
      trialChargeInrMinor: 9900,
      trialChargeUsdMinor: 199,
      ieltsTrialChargeInrMinor: 9900,
      ieltsTrialChargeUsdMinor: 199,
      usdToInrRate: 81.982499,
      kidsDemoPriceInrMinor: 14900,
    });
    expect(priceSettingsSchema.parse(settings)).toEqual(settings);
  });
  it('rejects fractional or negative prices and a zero rate', () => {
    expect(priceSettingsSchema.safeParse({ ...settings, trialChargeInrMinor: 99.5 }).success).toBe(false);
    expect(priceSettingsSchema.safeParse({ ...settings, trialChargeUsdMinor: -1 }).success).toBe(false);
    expect(priceSettingsSchema.safeParse({ ...settings, usdToInrRate: 0 }).success).toBe(false);
  });
});

describe('trialPrice', () => {
  it('charges India 99 INR and everyone else USD 1.99', () => {
    expect(trialPrice({ country: 'IN', subject: 'English', settings })).toEqual(inr(9900));
    expect(trialPrice({ country: 'US', subject: 'English', settings })).toEqual(usd(199));
    expect(trialPrice({ country: 'GB', subject: 'English', settings })).toEqual(usd(199));
  });
  it('uses the IELTS keys for IELTS', () => {
    const ielts = { ...settings, ieltsTrialChargeInrMinor: 49_900, ieltsTrialChargeUsdMinor: 999 };
    expect(trialPrice({ country: 'IN', subject: 'IELTS', settings: ielts })).toEqual(inr(49_900));
    expect(trialPrice({ country: 'AE', subject: 'IELTS', settings: ielts })).toEqual(usd(999));
    expect(trialPrice({ country: 'IN', subject: 'English', settings: ielts })).toEqual(inr(9900));
  });
});

describe('kidsSessionPrice', () => {
  it('charges the 149 INR demo price in India', () => {
    expect(kidsSessionPrice({ currency: 'INR', isDemo: true, sessionPriceInrMinor: 50_000, settings })).toEqual(
      inr(14_900),
    );
  });
  it('charges the session price otherwise', () => {
    expect(kidsSessionPrice({ currency: 'INR', isDemo: false, sessionPriceInrMinor: 50_000, settings })).toEqual(
      inr(50_000),
    );
  });
  it('converts to USD at the rate for a wallet in USD', () => {
    // 149 / 81.982499 = 1.8175… → USD 1.82
    expect(kidsSessionPrice({ currency: 'USD', isDemo: true, sessionPriceInrMinor: 0, settings })).toEqual(usd(182));
    // 500 / 81.982499 = 6.0988… → USD 6.10
    expect(kidsSessionPrice({ currency: 'USD', isDemo: false, sessionPriceInrMinor: 50_000, settings })).toEqual(
      usd(610),
    );
  });
});

describe('buySessionsTotal / changeSessionCount', () => {
  it('multiplies the unit price by the count', () => {
    expect(buySessionsTotal({ unitPrice: inr(14_900), count: 3 })).toEqual(inr(44_700));
    expect(buySessionsTotal({ unitPrice: usd(182), count: 1 })).toEqual(usd(182));
  });
  it('refuses a count below 1 or a fraction', () => {
    expect(() => buySessionsTotal({ unitPrice: inr(100), count: 0 })).toThrow(RangeError);
    expect(() => buySessionsTotal({ unitPrice: inr(100), count: -1 })).toThrow(RangeError);
    expect(() => buySessionsTotal({ unitPrice: inr(100), count: 1.5 })).toThrow(RangeError);
  });
  it('never lets minus take the count below 1', () => {
    expect(changeSessionCount(1, -1)).toBe(1);
    expect(changeSessionCount(2, -1)).toBe(1);
    expect(changeSessionCount(1, 1)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), fc.constantFrom<1 | -1>(1, -1), (count, delta) => {
        expect(changeSessionCount(count, delta)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('isLowBalance', () => {
  it('is low only when the closing balance is less than the total', () => {
    expect(isLowBalance({ closingBalance: inr(14_899), total: inr(14_900) })).toBe(true);
    expect(isLowBalance({ closingBalance: inr(14_900), total: inr(14_900) })).toBe(false);
    expect(isLowBalance({ closingBalance: inr(14_901), total: inr(14_900) })).toBe(false);
    expect(messages.insufficientWallet).toBe('You have insufficient wallet balance. Please add money to buy sessions.');
  });
  it('refuses to compare different currencies', () => {
    expect(() => isLowBalance({ closingBalance: inr(1), total: usd(1) })).toThrow(/Currency mismatch/);
  });
});

describe('buySessionsAction', () => {
  it('pays from the wallet when the balance covers the total', () => {
    expect(buySessionsAction({ country: 'IN', closingBalance: inr(200), total: inr(100) })).toBe('pay-from-wallet');
    expect(buySessionsAction({ country: 'US', closingBalance: usd(100), total: usd(100) })).toBe('pay-from-wallet');
  });
  it('turns into Add money in India when low, and stays disabled elsewhere', () => {
    expect(buySessionsAction({ country: 'IN', closingBalance: inr(0), total: inr(100) })).toBe('add-money');
    expect(buySessionsAction({ country: 'US', closingBalance: usd(0), total: usd(100) })).toBe('pay-disabled');
  });
});

describe('affiliateDiscountedTotal: an approved affiliate code’s discount', () => {
  it('takes the coupon percentage off, rounding the discount to whole rupees (India has no decimals) or to the cent', () => {
    expect(affiliateDiscountedTotal({ total: { amountMinor: 59800, currency: 'INR' }, discountPercent: 10 })).toEqual({ amountMinor: 53800, currency: 'INR' });
    expect(affiliateDiscountedTotal({ total: { amountMinor: 89700, currency: 'INR' }, discountPercent: 10 })).toEqual({ amountMinor: 80700, currency: 'INR' });
    expect(affiliateDiscountedTotal({ total: { amountMinor: 59800, currency: 'INR' }, discountPercent: 5 })).toEqual({ amountMinor: 56800, currency: 'INR' });
    expect(affiliateDiscountedTotal({ total: { amountMinor: 365, currency: 'USD' }, discountPercent: 15 })).toEqual({ amountMinor: 310, currency: 'USD' });
    expect(affiliateDiscountedTotal({ total: { amountMinor: 365, currency: 'USD' }, discountPercent: 0 })).toEqual({ amountMinor: 365, currency: 'USD' });
  });

  it('never charges below zero nor above the total', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 0, max: 100 }), (amountMinor, discountPercent) => {
        const after = affiliateDiscountedTotal({ total: { amountMinor, currency: 'INR' }, discountPercent });
        expect(after.amountMinor).toBeGreaterThanOrEqual(0);
        expect(after.amountMinor).toBeLessThanOrEqual(amountMinor);
        // Whole rupees stay whole rupees.
        const whole = affiliateDiscountedTotal({ total: { amountMinor: amountMinor * 100, currency: 'INR' }, discountPercent });
        expect(whole.amountMinor % 100).toBe(0);
      }),
    );
  });

  it('refuses a percentage outside 0..100', () => {
    expect(() => affiliateDiscountedTotal({ total: { amountMinor: 100, currency: 'INR' }, discountPercent: 120 })).toThrow(RangeError);
  });
});
