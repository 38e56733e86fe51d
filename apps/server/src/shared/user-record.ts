import { and, desc, eq, gt } from 'drizzle-orm';
import type { UserRecord } from '@parley/domain/user';
import type { Db } from '../db/client';
import { plans, subscriptions, users } from '../db/schema';
import { notFound } from '../http/app-error';

type UserRow = typeof users.$inferSelect;

/** The user record the web app keeps under USER (spec §3), with the live subscription. */
export async function loadUserRecord(db: Db, userId: string, now = new Date()): Promise<UserRecord> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return toUserRecord(row, await loadActiveSubscription(db, userId, now));
}

export async function loadActiveSubscription(db: Db, learnerId: string, now = new Date()) {
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, learnerId), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    _id: row.sub.id,
    subjects: row.sub.subjects,
    subscriptionType: row.sub.subscriptionType,
    availableSession: row.sub.availableSession,
    availableWeeklySession: row.sub.availableWeeklySession,
    backlogSession: row.sub.backlogSession,
    expiresAt: row.sub.expiresAt.toISOString(),
    plan: { _id: row.plan.id, name: row.plan.name, classDuration: `${row.plan.classDurationMin}min` },
  };
}

export function toUserRecord(row: UserRow, activeSubscription: UserRecord['activeSubscription']): UserRecord {
  return {
    _id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    dob: row.dob,
    country: row.country,
    timezone: row.timezone,
    avatar: row.avatar ?? `/api/assets/avatar/${row.id}.svg`,
    isPhoneNumberVerified: row.isPhoneNumberVerified,
    isDemoPayed: row.isDemoPayed,
    isIELTSDemoPayed: row.isIeltsDemoPayed,
    isNewCurriculum: row.isNewCurriculum,
    isMigratedToCurriculum: row.isMigratedToCurriculum,
    isPeerActive: row.isPeerActive,
    demoSessionBooked: row.demoBookedSubjects.length ? [{ subjects: row.demoBookedSubjects }] : [],
    activeSubscription,
    referralCode: row.referralCode,
    parentId: row.parentId,
  };
}
