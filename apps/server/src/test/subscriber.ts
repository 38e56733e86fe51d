import { eq } from 'drizzle-orm';
import { formatHourMinute24 } from '@parley/domain/zoned-time';
import { plans, subscriptions } from '../db/schema';
import type { TestApp } from './harness';

/** 'HH:mm' `minutes` after 'HH:mm' on the same day. */
export const plusMin = (hhmm: string, minutes: number) => formatHourMinute24(Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) + minutes);

type SubscriberOptions = {
  email: string;
  name: string;
  expiresAt: Date;
  timezone?: string;
  /** Sessions left on the plan. */
  sessions?: number;
  planSlug?: string;
  subject?: string;
};

/**
 * Signs up a learner in India (Kolkata's zone unless told) and gives them a subscription of
 * `planSlug` (the English quick plan unless told) with `sessions` left, until `expiresAt`; answers
 * their client (signed in) and id.
 */
export async function newSubscriber(t: TestApp, { email, name, expiresAt, timezone = 'Asia/Kolkata', sessions = 5, planSlug = 'english-quick', subject = 'English' }: SubscriberOptions) {
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name, email, password: 'a long password', country: 'IN', timezone });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().user._id as string;
  const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, planSlug));
  await t.ctx.db.insert(subscriptions).values({
    learnerId: id,
    planId: plan!.id,
    subjects: [subject],
    subscriptionType: plan!.subscriptionType,
    availableSession: sessions,
    availableWeeklySession: 0,
    backlogSession: 0,
    expiresAt,
  });
  return { c, id };
}
