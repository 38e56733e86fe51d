import { z } from 'zod';
import { moneySchema } from './money-schema';
import { AFFILIATE_CODE_PATTERN } from './affiliate-link';
import { singleLineText } from './text';

// The affiliate area's wire contract (the rules with numbers are in affiliate.ts).

/** An affiliate's referral code: capitals and digits, as the seed and the moderators issue them. */
export const affiliateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(AFFILIATE_CODE_PATTERN, { message: 'Not a referral code' });

/** spec §3: status is Approved or another value (Pending, Rejected); an empty status is possible too. */
export const influencerStatusSchema = z.string().max(32);

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** POST /api/affiliate/visits: a landing visit that came with an affiliate's code or campaign link. */
export const affiliateVisitPayload = z.object({
  referralCode: affiliateCodeSchema,
  utm: z.partialRecord(z.enum(UTM_KEYS), singleLineText(100)).default({}),
  path: singleLineText(200).regex(/^\/[^/]/, { message: 'A path on this site' }).or(z.literal('/')),
});
export type AffiliateVisitPayload = z.input<typeof affiliateVisitPayload>;

/** Whether this visit is the one the browser is attributed to (first touch within the window). */
/** codeActive: the code is one an affiliate may share now (an unknown, pending or rejected one is not: sign-up refuses it, so the page forgets it). */
export const affiliateVisitResponse = z.object({ recorded: z.boolean(), firstTouch: z.boolean(), codeActive: z.boolean() });

/** GET /api/affiliate/profile */
export const affiliateProfileSchema = z.object({
  referralCode: z.string(),
  cuponDiscount: z.number().int(),
  status: influencerStatusSchema,
  canShare: z.boolean(),
});
export type AffiliateProfile = z.infer<typeof affiliateProfileSchema>;

/** GET /api/affiliate/link: 403 unless the affiliate may share (spec §4). */
export const affiliateLinkSchema = z.object({ referralCode: z.string(), campaignLink: z.string() });
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;

/**
 * GET /api/affiliate/referrer (a learner): the code of the affiliate who brought the learner, while
 * that affiliate may still share it; null otherwise. Checkouts prefill their affiliate code with it.
 */
export const affiliateReferrerSchema = z.object({ referralCode: z.string().nullable() });
export type AffiliateReferrer = z.infer<typeof affiliateReferrerSchema>;

/** Part of whole as a percentage with one decimal; null when there is no whole to divide. */
export function conversionPercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/** GET /api/affiliate/dashboard: every figure is counted from recorded events. */
export const affiliateDashboardSchema = z.object({
  status: influencerStatusSchema,
  clicks: z.number().int(),
  signUps: z.number().int(),
  payingLearners: z.number().int(),
  /** Sign-ups per click, and paying learners per sign-up (null before the first click or sign-up). */
  signUpConversionPercent: z.number().nullable(),
  payingConversionPercent: z.number().nullable(),
  earningsThisMonth: moneySchema,
  earningsAllTime: moneySchema,
  available: moneySchema,
  paidOut: moneySchema,
  payoutMinimum: moneySchema,
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboardSchema>;

export const AFFILIATE_SERIES_RANGES = [30, 90, 365] as const;
export const affiliateSeriesQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (AFFILIATE_SERIES_RANGES as readonly number[]).includes(days), { message: 'One of 30, 90, 365' })
    .default(30),
});

/** GET /api/affiliate/series (dashboardV2): the same figures per day, in the affiliate's timezone. */
export const affiliateSeriesSchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  currency: moneySchema.shape.currency,
  points: z.array(
    z.object({
      day: z.iso.date(),
      clicks: z.number().int(),
      signUps: z.number().int(),
      /** Learners whose first payment fell on this day. */
      firstPayments: z.number().int(),
      /** Commission credited less reversals that day. */
      earningsMinor: z.number().int(),
    }),
  ),
});
export type AffiliateSeries = z.infer<typeof affiliateSeriesSchema>;

export const commissionStatuses = ['pending', 'credited', 'partly reversed', 'reversed', 'not eligible'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];
/** How a status is written on screen, as every other status badge is. */
export const commissionStatusLabels: Record<CommissionStatus, string> = {
  pending: 'Pending',
  credited: 'Credited',
  'partly reversed': 'Partly reversed',
  reversed: 'Reversed',
  'not eligible': 'Not eligible',
};

/** How one commission line reads: waiting for its job, credited, (partly) taken back, or worth nothing. */
export function commissionStatus(line: { credited: boolean; amountMinor: number; reversedMinor: number }): CommissionStatus {
  if (!line.credited) return 'pending';
  if (line.amountMinor === 0) return 'not eligible';
  if (line.reversedMinor >= line.amountMinor) return 'reversed';
  if (line.reversedMinor > 0) return 'partly reversed';
  return 'credited';
}

export const affiliateEarningsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/affiliate/earnings: every commission line, newest payment first. */
export const affiliateEarningsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      learner: z.string(),
      paidAt: z.string(),
      payment: moneySchema,
      commission: moneySchema.nullable(),
      reversed: moneySchema.nullable(),
      status: z.enum(commissionStatuses),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The most one learner can earn the affiliate in all, in the affiliate's earnings currency. */
  capPerLearner: moneySchema,
});
export type AffiliateEarnings = z.infer<typeof affiliateEarningsSchema>;

/** What the Bank Details page shows: never the account number, only its last four. */
export const bankDetailsViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('IN'), accountHolder: z.string(), account: z.string(), ifsc: z.string(), updatedAt: z.string() }),
  z.object({ kind: z.literal('INTL'), accountHolder: z.string(), account: z.string(), swift: z.string(), updatedAt: z.string() }),
]);
export type BankDetailsView = z.infer<typeof bankDetailsViewSchema>;
export const bankDetailsResponse = z.object({ bankDetails: bankDetailsViewSchema.nullable() });

/** requested → processing (at the payout provider) → paid, or failed (the amount back in the balance). */
export const payoutStatuses = ['requested', 'processing', 'paid', 'failed'] as const;
export const payoutSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  status: z.enum(payoutStatuses),
  account: z.string(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why a failed payout failed. */
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /api/affiliate/payouts: an amount in the affiliate's earnings currency. */
const payoutAmountMessage = 'Enter the amount as a whole number of paise or cents, above 0';
export const payoutRequestPayload = z.object({
  amountMinor: z.number({ message: payoutAmountMessage }).int({ message: payoutAmountMessage }).positive({ message: payoutAmountMessage }).max(2_000_000_000, { message: 'Amount is too large' }),
});

/** GET /api/affiliate/payouts */
export const payoutsResponse = z.object({ available: moneySchema, minimum: moneySchema, hasBankDetails: z.boolean(), items: z.array(payoutSchema) });
export type PayoutsOverview = z.infer<typeof payoutsResponse>;
