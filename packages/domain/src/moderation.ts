import { z } from 'zod';
import { orderPurposes } from './payments';
import { moneySchema } from './money-schema';
import { safeText, singleLineText, visibleLength } from './text';

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

// ---- The moderator console: influencer applications, tutors, learner support, the audit log ----

/** Every kind of moderator action the audit log keeps; the database column takes exactly these. */
export const moderatorActionKinds = [
  'login_link.issued',
  'course.approved',
  'course.rejected',
  'course.unpublished',
  'peer.warned',
  'peer.suspended',
  'peer.report_dismissed',
  'peer.unsuspended',
  'influencer.approved',
  'influencer.rejected',
  'tutor.blocked',
  'tutor.unblocked',
] as const;
export type ModeratorActionKind = (typeof moderatorActionKinds)[number];

/** How the audit log names each action. */
export const moderatorActionLabels: Record<ModeratorActionKind, string> = {
  'login_link.issued': 'Login link issued',
  'course.approved': 'Course approved',
  'course.rejected': 'Course rejected',
  'course.unpublished': 'Course unpublished',
  'peer.warned': 'Peer warned',
  'peer.suspended': 'Peer suspended',
  'peer.report_dismissed': 'Peer report dismissed',
  'peer.unsuspended': 'Peer suspension lifted',
  'influencer.approved': 'Affiliate approved',
  'influencer.rejected': 'Affiliate rejected',
  'tutor.blocked': 'Tutor blocked',
  'tutor.unblocked': 'Tutor unblocked',
};

/** A moderator's reason the subject (or the next moderator) reads: a few words, at most 500 characters. */
export const MODERATION_REASON_MIN = 5;
export const MODERATION_REASON_MAX = 500;
export const moderationReasonPayload = z.object({
  reason: safeText(MODERATION_REASON_MAX).refine((text) => visibleLength(text) >= MODERATION_REASON_MIN, { message: 'Say why in a few words' }),
});
export type ModerationReasonPayload = z.infer<typeof moderationReasonPayload>;

/** spec §3 Influencer: Approved, Pending, Rejected, or empty (an older account: treated as approved). */
export const influencerStatuses = ['Pending', 'Approved', 'Rejected', ''] as const;
export type InfluencerStatus = (typeof influencerStatuses)[number];
/** The console's filter: 'None' stands for the empty status. */
export const influencerStatusFilters = ['Pending', 'Approved', 'Rejected', 'None'] as const;

/** GET /api/moderator/influencers?status&page&limit */
export const influencerApplicationsQuery = moderationPageQuery.extend({ status: z.enum(influencerStatusFilters).optional() });
export const influencerApplicationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  referralCode: z.string(),
  status: z.enum(influencerStatuses),
  /** Where they share Parley and who follows them there, from /affiliate/apply; null for accounts made another way. */
  channel: z.string().nullable(),
  audience: z.string().nullable(),
  appliedAt: z.string(),
  /** Why the last rejection was made; null unless the status is Rejected. */
  reason: z.string().nullable(),
  /** When a moderator last approved or rejected the application; null if nobody has yet. */
  decidedAt: z.string().nullable(),
});
export type InfluencerApplication = z.infer<typeof influencerApplicationSchema>;
export const influencerApplicationsResponse = z.object({ items: z.array(influencerApplicationSchema), total: z.number().int() });

/** Search text: a name or an e-mail, or part of one. */
const searchText = singleLineText(100).transform((text) => text.trim());

/** GET /api/moderator/tutors?q&page&limit */
export const moderatorTutorsQuery = moderationPageQuery.extend({ q: searchText.optional() });
export const moderatorTutorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  subjects: z.array(z.string()),
  isBlocked: z.boolean(),
  /** Booked sessions that have not started yet. */
  upcomingSessions: z.number().int(),
  /** Who blocked the tutor, when and why; null while the tutor is not blocked. */
  block: z.object({ moderator: person, reason: z.string().nullable(), createdAt: z.string() }).nullable(),
});
export type ModeratorTutor = z.infer<typeof moderatorTutorSchema>;
export const moderatorTutorsResponse = z.object({ items: z.array(moderatorTutorSchema), total: z.number().int() });
/** POST /api/moderator/tutors/:id/block and /unblock: the tutor as it now is, and how many booked sessions were cancelled. */
export const tutorBlockResponse = z.object({ tutor: moderatorTutorSchema, cancelledSessions: z.number().int() });

/** GET /api/moderator/learners?q: at least 2 characters of a name or an e-mail. */
export const LEARNER_SEARCH_MIN = 2;
export const LEARNER_SEARCH_LIMIT = 20;
export const learnerSearchQuery = z.object({
  q: searchText.refine((text) => text.length >= LEARNER_SEARCH_MIN, { message: `Type at least ${LEARNER_SEARCH_MIN} characters` }),
});
export const learnerMatchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Only the last four digits are shown to support. */
  phoneNumber: z.string().nullable(),
  country: z.string(),
  createdAt: z.string(),
});
export type LearnerMatch = z.infer<typeof learnerMatchSchema>;
export const learnerSearchResponse = z.object({ items: z.array(learnerMatchSchema) });

/** POST /api/moderator/login-links { learnerId } → a single-use link to hand to the learner. */
export const loginLinkIssuePayload = z.object({ learnerId: z.uuid() });
export const loginLinkIssuedSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** A phone number as support sees it: every digit but the last four hidden, the rest of its shape kept. */
export function maskPhoneNumber(phone: string): string {
  const total = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (digit) => (++seen > total - 4 ? digit : '•'));
}

/** GET /api/moderator/audit?page&limit: every moderator action, newest first. Nobody can change it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(moderatorActionKinds),
  moderator: person,
  target: person.extend({ role: z.string() }),
  /** A course review or unpublishing: the course, by the title of the version acted on (the target is its creator). */
  course: z.object({ _id: z.string(), title: z.string() }).nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponse = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });

/** What a blocked tutor's learners read as the reason their sessions were cancelled (the moderator's own reason stays internal). */
export const TUTOR_BLOCKED_CANCEL_REASON = 'Your tutor is no longer teaching on Parley.';

/** The kinds of the tutor's notices of a block and an unblock; their open area follows them. */
export const TUTOR_BLOCK_NOTICE_KINDS = { blocked: 'tutor_blocked', unblocked: 'tutor_unblocked' } as const;
export const isTutorBlockNews = (notification: { kind: string }) => Object.values<string>(TUTOR_BLOCK_NOTICE_KINDS).includes(notification.kind);

/**
 * The tutor's own bell notice of a block or an unblock (the banner in their area says the same
 * while it lasts): the moderator's reason, and the sessions the block cancelled.
 */
export function tutorBlockNotice(change: { blocked: boolean; reason: string; cancelledSessions: number }): { title: string; body: string } {
  const reason = `Reason: ${change.reason.trim()}`;
  if (!change.blocked) return { title: 'Your account is unblocked', body: `Learners can book you again. ${reason}` };
  const n = change.cancelledSessions;
  const cancelled = n === 0 ? '' : ` Your ${n === 1 ? 'upcoming session was' : `${n} upcoming sessions were`} cancelled and given back to the learners.`;
  return { title: 'Your account is blocked by a moderator', body: `Learners cannot book you until a moderator unblocks you. ${reason}${cancelled}` };
}
