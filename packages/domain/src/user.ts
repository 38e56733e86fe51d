import { z } from 'zod';
import { roles } from './roles';

export const subjects = ['English', 'IELTS', 'Financial Education', 'Kids English', 'Peer'] as const;
export type Subject = (typeof subjects)[number];

export const activeSubscriptionSchema = z.object({
  _id: z.string(),
  subjects: z.array(z.string()),
  subscriptionType: z.string(),
  availableSession: z.number().int(),
  availableWeeklySession: z.number().int(),
  backlogSession: z.number().int(),
  expiresAt: z.string(),
  plan: z.object({ _id: z.string(), name: z.string(), classDuration: z.string() }),
});
export type ActiveSubscription = z.infer<typeof activeSubscriptionSchema>;

/** The user record the web app stores under USER. */
export const userRecordSchema = z.object({
  _id: z.string(),
  role: z.enum(roles),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string(),
  timezone: z.string(),
  avatar: z.string().nullable(),
  isPhoneNumberVerified: z.boolean(),
  isDemoPayed: z.boolean(),
  isIELTSDemoPayed: z.boolean(),
  isNewCurriculum: z.boolean(),
  isMigratedToCurriculum: z.boolean(),
  isPeerActive: z.boolean(),
  /** IELTS: the band aimed for and the test date, when the learner gave them. */
  ieltsBandGoal: z.number().nullable(),
  ieltsTestDate: z.string().nullable(),
  demoSessionBooked: z.array(z.object({ subjects: z.array(z.string()) })),
  /** The newest live plan (the spec's record); `activeSubscriptions` has every subject's. */
  activeSubscription: activeSubscriptionSchema.nullable(),
  /**
   * Every live class plan, the newest of each subject (the one booked from), newest first. The
   * server always sends it; a record stored by an older version of the app may lack it.
   */
  activeSubscriptions: z.array(activeSubscriptionSchema).optional(),
  referralCode: z.string().nullable(),
  parentId: z.string().nullable(),
  /** Influencers only (spec §3 Influencer): their code, coupon discount and status (Approved, Pending, Rejected or empty). */
  refferalcode: z.string().optional(),
  cuponDiscount: z.number().int().optional(),
  status: z.string().optional(),
  /** Influencers only: why a moderator rejected the application, while the status is Rejected. */
  statusReason: z.string().nullable().optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** What the plan lookups read: a learner's record (a kid's has no plans). */
type PlansOf = Partial<Pick<UserRecord, 'activeSubscription' | 'activeSubscriptions'>>;

/** The learner's live plan for `subject` (the newest of that subject), or null. */
export function subscriptionFor(record: PlansOf, subject: string): ActiveSubscription | null {
  return liveSubscriptions(record).find((s) => s.subjects.includes(subject)) ?? null;
}

/** Every live plan of the record, newest first (only the newest, for a record stored before the list was sent). */
export function liveSubscriptions(record: PlansOf): ActiveSubscription[] {
  return record.activeSubscriptions ?? (record.activeSubscription ? [record.activeSubscription] : []);
}
