import { z } from 'zod';
import { orderPurposes } from './payments';
import { moneySchema } from './money-schema';

// What support sees in the moderator area: payments that were captured but could not be
// applied, and the audit trail of login links moderators minted for learners.

export const moderationPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const person = z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() });

/** Why a captured payment could not be applied; the moderator area shows these words. */
export const unappliedReasons = {
  ALREADY_PAID: 'What this payment was for had already been paid for.',
  PLAN_UNAVAILABLE: 'The plan is no longer on sale.',
  COURSE_UNAVAILABLE: 'The course is no longer on sale.',
  AMOUNT_MISMATCH: 'The amount or currency captured differs from the order.',
  NOT_APPLICABLE: 'The payment could not be applied to the account.',
} as const;
export type UnappliedReason = keyof typeof unappliedReasons;

export const unappliedPaymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  purpose: z.enum(orderPurposes),
  amount: moneySchema,
  reason: z.enum(Object.keys(unappliedReasons) as [UnappliedReason, ...UnappliedReason[]]),
  learner: person.nullable(),
  createdAt: z.string(),
});
export type UnappliedPayment = z.infer<typeof unappliedPaymentSchema>;
export const unappliedPaymentsResponse = z.object({ items: z.array(unappliedPaymentSchema), total: z.number().int() });

export const loginLinkAuditSchema = z.object({
  _id: z.string(),
  moderator: person,
  learner: person,
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});
export type LoginLinkAudit = z.infer<typeof loginLinkAuditSchema>;
export const loginLinkAuditResponse = z.object({ items: z.array(loginLinkAuditSchema), total: z.number().int() });
