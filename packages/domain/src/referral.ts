import { z } from 'zod';
import { inrToUsdMinor, usdToInrMinor, type Currency, type Money } from './money';
import { moneySchema } from './money-schema';

/**
 * Refer & Earn (the spec shows the pages, not the reward): when a learner who signed up with
 * your code makes their first verified payment, your wallet gets a share of it, once. The
 * share is a fraction of what they paid, so a reward can never be worth more than the payment
 * that earned it (a second account of one's own cannot turn a profit).
 */
export const REFERRAL_REWARD_PERCENT = 10;
export const REFERRAL_REWARD_CAP_MINOR: Record<Currency, number> = { INR: 10_000, USD: 150 };

/** The most a referral can earn, shown on the Refer & Earn page. */
export const referralRewardCap = (currency: Currency): Money => ({ amountMinor: REFERRAL_REWARD_CAP_MINOR[currency], currency });

/** The reward for a qualifying payment, in the referrer's wallet currency, rounded down. */
export function referralReward(options: { paid: Money; currency: Currency; usdToInrRate: number }): Money {
  const { paid, currency, usdToInrRate } = options;
  const paidHere =
    paid.currency === currency ? paid.amountMinor : currency === 'INR' ? usdToInrMinor(paid.amountMinor, usdToInrRate) : inrToUsdMinor(paid.amountMinor, usdToInrRate);
  const share = Math.floor((paidHere * REFERRAL_REWARD_PERCENT) / 100);
  return { amountMinor: Math.min(share, REFERRAL_REWARD_CAP_MINOR[currency]), currency };
}

/** One inbox, one person: case, +tags and (at Gmail) dots do not make a second address. */
export function normalizedEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0]!;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? base.replaceAll('.', '') : base}@${gmail ? 'gmail.com' : domain}`;
}

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string(),
  reward: moneySchema,
  referred: z.array(
    z.object({
      name: z.string(),
      joinedAt: z.string(),
      status: z.enum(['joined', 'qualified', 'rewarded']),
      reward: moneySchema.nullable(),
    }),
  ),
  totalEarned: moneySchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
