import { z } from 'zod';
import type { Currency, Money } from './money';
import { moneySchema } from './money-schema';

/**
 * Refer & Earn (issue 3; the spec shows the pages, not the reward): when a learner who signed
 * up with your code makes their first verified payment, your wallet gets a cashback credit.
 */
export const REFERRAL_REWARD_MINOR: Record<Currency, number> = { INR: 10_000, USD: 150 };

export const referralReward = (currency: Currency): Money => ({ amountMinor: REFERRAL_REWARD_MINOR[currency], currency });

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string(),
  reward: moneySchema,
  referred: z.array(
    z.object({
      name: z.string(),
      joinedAt: z.string(),
      status: z.enum(['joined', 'rewarded']),
      reward: moneySchema.nullable(),
    }),
  ),
  totalEarned: moneySchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
