import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inrToUsdMinor, usdToInrMinor } from './money';
import { REFERRAL_REWARD_CAP_MINOR, REFERRAL_REWARD_PERCENT, normalizedEmail, referralReward } from './referral';

const rate = 81.982499;

describe('referral reward', () => {
  it('is 10% of the qualifying payment, rounded down to the minor unit', () => {
    expect(REFERRAL_REWARD_PERCENT).toBe(10);
    expect(referralReward({ paid: { amountMinor: 9_900, currency: 'INR' }, currency: 'INR', usdToInrRate: rate })).toEqual({ amountMinor: 990, currency: 'INR' });
    expect(referralReward({ paid: { amountMinor: 199, currency: 'USD' }, currency: 'USD', usdToInrRate: rate })).toEqual({ amountMinor: 19, currency: 'USD' });
  });

  it('is capped at ₹100 or $1.50', () => {
    expect(REFERRAL_REWARD_CAP_MINOR).toEqual({ INR: 10_000, USD: 150 });
    expect(referralReward({ paid: { amountMinor: 5_000_000, currency: 'INR' }, currency: 'INR', usdToInrRate: rate })).toEqual({ amountMinor: 10_000, currency: 'INR' });
    expect(referralReward({ paid: { amountMinor: 100_000, currency: 'USD' }, currency: 'USD', usdToInrRate: rate })).toEqual({ amountMinor: 150, currency: 'USD' });
  });

  it('is paid in the referrer’s wallet currency, converted at the stored rate', () => {
    // A $1.99 demo is ₹163.14; 10% is ₹16.31.
    expect(referralReward({ paid: { amountMinor: 199, currency: 'USD' }, currency: 'INR', usdToInrRate: rate })).toEqual({ amountMinor: 1_631, currency: 'INR' });
    // A ₹99 demo is $1.21; 10% is 12 cents.
    expect(referralReward({ paid: { amountMinor: 9_900, currency: 'INR' }, currency: 'USD', usdToInrRate: rate })).toEqual({ amountMinor: 12, currency: 'USD' });
  });

  it('is never worth more than the payment that earned it, in any currency pair', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.constantFrom('INR' as const, 'USD' as const), fc.constantFrom('INR' as const, 'USD' as const), (amountMinor, paidIn, rewardIn) => {
        const reward = referralReward({ paid: { amountMinor, currency: paidIn }, currency: rewardIn, usdToInrRate: rate });
        const paidInRewardCurrency = paidIn === rewardIn ? amountMinor : rewardIn === 'INR' ? usdToInrMinor(amountMinor, rate) : inrToUsdMinor(amountMinor, rate);
        expect(reward.amountMinor).toBeGreaterThanOrEqual(0);
        expect(reward.amountMinor).toBeLessThan(Math.max(paidInRewardCurrency, 1));
        expect(reward.amountMinor).toBeLessThanOrEqual(REFERRAL_REWARD_CAP_MINOR[rewardIn]);
      }),
    );
  });
});

describe('normalizedEmail', () => {
  it('folds case, +tags and Gmail dots, so one inbox is one person', () => {
    expect(normalizedEmail('Rohan.Mehta+second@Gmail.com')).toBe('rohanmehta@gmail.com');
    expect(normalizedEmail('rohan+x@example.com')).toBe('rohan@example.com');
    expect(normalizedEmail('ro.han@example.com')).toBe('ro.han@example.com');
  });
});
