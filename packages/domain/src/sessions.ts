// Session counts, class durations, the demo rule and who may book.

import { MS_PER_DAY } from './zoned-time';

export type SubscriptionCounts = {
  subscriptionType: string;
  availableSession: number;
  availableWeeklySession: number;
  backlogSession: number;
};

export const QUICK_LEARNER_MODE = 'quick_learner_mode';

/**
 * Quick learner mode counts availableSession + backlogSession; every
 * other subscription type counts availableWeeklySession + backlogSession.
 */
export function totalSessions(s: SubscriptionCounts): number {
  const current = s.subscriptionType === QUICK_LEARNER_MODE ? s.availableSession : s.availableWeeklySession;
  return current + s.backlogSession;
}

/**
 * Every session a subscription still holds, this week's and the weeks' to come: what a plan bought
 * for the same subject takes over as its backlog, so nothing paid for is lost. A weekly plan's
 * allowance comes off availableSession, except an allowance given back once availableSession was 0.
 */
export function unbookedSessions(s: SubscriptionCounts): number {
  const current = s.subscriptionType === QUICK_LEARNER_MODE ? s.availableSession : Math.max(s.availableSession, s.availableWeeklySession);
  return current + s.backlogSession;
}

export type SessionCounts = Pick<SubscriptionCounts, 'availableSession' | 'availableWeeklySession' | 'backlogSession'>;

/**
 * Where a booking took its session from, kept with the session (live_sessions.spent_from) so a
 * give-back returns it exactly: `available` is availableSession (quick learner mode);
 * `weekly_and_available` is this week's allowance with availableSession; `weekly` is this week's
 * allowance alone (availableSession was already 0); `backlog` is backlogSession.
 */
export const SPENT_FROM = ['available', 'weekly_and_available', 'weekly', 'backlog'] as const;
export type SpentFrom = (typeof SPENT_FROM)[number];

/**
 * The counts after one session is spent, for a subscription that still has one (totalSessions > 0),
 * and where it came from. Quick learner mode spends from availableSession, then from the backlog.
 * Other types spend this week's allowance (which also comes off availableSession, never below
 * zero), then the backlog.
 */
export function spendOneSession(s: SubscriptionCounts): { counts: SessionCounts; spentFrom: SpentFrom } {
  const counts = { availableSession: s.availableSession, availableWeeklySession: s.availableWeeklySession, backlogSession: s.backlogSession };
  if (s.subscriptionType === QUICK_LEARNER_MODE && counts.availableSession > 0) {
    counts.availableSession -= 1;
    return { counts, spentFrom: 'available' };
  }
  if (s.subscriptionType !== QUICK_LEARNER_MODE && counts.availableWeeklySession > 0) {
    counts.availableWeeklySession -= 1;
    if (counts.availableSession === 0) return { counts, spentFrom: 'weekly' };
    counts.availableSession -= 1;
    return { counts, spentFrom: 'weekly_and_available' };
  }
  counts.backlogSession -= 1;
  return { counts, spentFrom: 'backlog' };
}

/** A subscription's weeks run 7 days at a time from its start; week 0 is the first. */
export const SUBSCRIPTION_WEEK_DAYS = 7;
const SUBSCRIPTION_WEEK_MS = SUBSCRIPTION_WEEK_DAYS * MS_PER_DAY;

export function subscriptionWeek(startsAt: Date, at: Date): number {
  return Math.floor((at.getTime() - startsAt.getTime()) / SUBSCRIPTION_WEEK_MS);
}

/**
 * A weekly subscription's counts in the subscription week of `now`. Each week (SUBSCRIPTION_WEEK_DAYS
 * from startsAt) grants the plan's weeklySessions, or what is left of availableSession if fewer:
 * the spec counts a weekly subscription as this week's allowance + backlogSession (§4) and does not
 * say how weeks roll over. A week's unused allowance is not added to the next: its sessions stay in
 * availableSession for the weeks to come, so a learner never books past the weekly cap. The
 * backlog, which belongs to no week, is left alone. `allowanceWeek` is the week the allowance was
 * last granted for; quick learner mode has no weeks.
 */
export function countsInWeek(
  s: SubscriptionCounts & { startsAt: Date; allowanceWeek: number },
  weeklySessions: number,
  now: Date,
): SessionCounts & { allowanceWeek: number } {
  const counts = { availableSession: s.availableSession, availableWeeklySession: s.availableWeeklySession, backlogSession: s.backlogSession, allowanceWeek: s.allowanceWeek };
  const week = subscriptionWeek(s.startsAt, now);
  if (s.subscriptionType === QUICK_LEARNER_MODE || week <= s.allowanceWeek) return counts;
  return { ...counts, availableWeeklySession: Math.min(weeklySessions, s.availableSession), allowanceWeek: week };
}

/**
 * The counts after a spent session is given back (a cancellation or a tutor no-show): to where
 * `spend` says it came from, so spending and giving back in the same week leaves the counts as
 * they were. Once the subscription week it was spent in has ended, a session from the weekly
 * allowance goes to the backlog instead. The spec does not say how weeks roll over; it counts a
 * weekly subscription as this week's allowance + backlogSession (spec §4, Sessions count), so the
 * backlog is the one count that does not belong to a week. Adding it to the new week's allowance
 * would let the learner book past the weekly cap. availableSession stays as the spend left it,
 * because spending from the backlog never touches availableSession. Sessions booked before the
 * source was kept (`spend` null) keep the old guess: where spendOneSession takes the next one.
 */
export function returnOneSession({
  subscription,
  spend,
  now,
}: {
  subscription: SubscriptionCounts & { startsAt: Date };
  spend: { spentFrom: SpentFrom; spentAt: Date } | null;
  now: Date;
}): SessionCounts {
  const counts = { availableSession: subscription.availableSession, availableWeeklySession: subscription.availableWeeklySession, backlogSession: subscription.backlogSession };
  const spentFrom = spend?.spentFrom ?? (subscription.subscriptionType === QUICK_LEARNER_MODE ? 'available' : 'weekly_and_available');
  const weekEnded = spend !== null && subscriptionWeek(subscription.startsAt, now) > subscriptionWeek(subscription.startsAt, spend.spentAt);
  if (spentFrom === 'backlog' || ((spentFrom === 'weekly' || spentFrom === 'weekly_and_available') && weekEnded)) {
    counts.backlogSession += 1;
    return counts;
  }
  if (spentFrom !== 'weekly') counts.availableSession += 1;
  if (spentFrom !== 'available') counts.availableWeeklySession += 1;
  return counts;
}

/** Class duration. */
export const ENGLISH_CLASS_DURATION_MIN = 15;
export const IELTS_CLASS_DURATION_MIN = 25;
export const KIDS_CLASS_DURATION_MIN = 25;
export const IELTS_CHAT_BOOKING_DURATION_MIN = 55;

/** Whether the class length is fixed (kids, English, IELTS), so no plan needs reading. */
export function hasFixedClassDuration({ subject, forKids }: { subject: string; forKids: boolean }): boolean {
  return forKids || subject === 'English' || subject === 'IELTS';
}

/**
 * Kids always 25 min; IELTS 25 (55 for a chat booking); English 15; any other subject
 * takes its plan's classDuration ('25min'). Throws when that subject has no readable plan
 * duration: a guessed length would book the tutor for the wrong time.
 */
export function classDurationMin({
  subject,
  forKids,
  isChatBooking,
  planClassDuration,
}: {
  subject: string;
  forKids: boolean;
  isChatBooking: boolean;
  planClassDuration?: string | null;
}): number {
  if (forKids) return KIDS_CLASS_DURATION_MIN;
  if (subject === 'IELTS') return isChatBooking ? IELTS_CHAT_BOOKING_DURATION_MIN : IELTS_CLASS_DURATION_MIN;
  if (subject === 'English') return ENGLISH_CLASS_DURATION_MIN;
  const planMin = planClassDuration == null ? null : parseClassDuration(planClassDuration);
  if (planMin === null) throw new RangeError(`No class duration for subject ${subject}`);
  return planMin;
}

/** '25min', '25 min', '25 mins' or '25' → 25; anything else → null. */
export function parseClassDuration(text: string): number | null {
  const match = /^\s*(\d{1,3})\s*(?:m|min|mins|minutes?)?\s*$/i.exec(text);
  const minutes = match ? Number(match[1]) : 0;
  return minutes > 0 ? minutes : null;
}

/**
 * A learner with a paid demo and no demo booked for the subject books a Demo; otherwise Regular.
 * One payment buys one demo: IELTS has its own (isIELTSDemoPayed), and every other subject shares
 * isDemoPayed, so a kid's demo booked in English is not booked again in Financial Education.
 */
export function bookingType({
  isDemoPaid,
  demoBookedSubjects,
  subject,
}: {
  isDemoPaid: boolean;
  demoBookedSubjects: readonly string[];
  subject: string;
}): 'Demo' | 'Regular' {
  const paidBySameDemo = (booked: string) => (booked === 'IELTS') === (subject === 'IELTS');
  return isDemoPaid && !demoBookedSubjects.some(paidBySameDemo) ? 'Demo' : 'Regular';
}

/** Learner.demoSessionBooked is a list of items carrying subjects; flattened here. */
export function demoBookedSubjects(demoSessionBooked: readonly { subjects: readonly string[] }[]): string[] {
  return [...new Set(demoSessionBooked.flatMap((item) => item.subjects))];
}

/** IELTS has its own paid-demo flag (isIELTSDemoPayed); every other subject uses isDemoPayed. */
export function isDemoPaidFor({
  subject,
  isDemoPayed,
  isIELTSDemoPayed,
}: {
  subject: string;
  isDemoPayed: boolean;
  isIELTSDemoPayed: boolean;
}): boolean {
  return subject === 'IELTS' ? isIELTSDemoPayed : isDemoPayed;
}

/** After a demo booking the subject joins the learner's demo list (idempotent). */
export function withDemoBooked(subjects: readonly string[], subject: string): string[] {
  return subjects.includes(subject) ? [...subjects] : [...subjects, subject];
}

export type BookingAccess = 'ok' | 'NOT_SUBSCRIBED' | 'NO_SESSIONS_LEFT' | 'BUY_SESSIONS';

/**
 * Booking needs an active subscription with a session left, or an unused paid demo; a kid without
 * either books from purchased sessions and, with none left, gets the buy-sessions prompt. A
 * subscriber whose live plan has no session left now is told so (NO_SESSIONS_LEFT); anyone else
 * takes the NOT_SUBSCRIBED path.
 */
export function canBook({
  hasActiveSubscription,
  hasLivePlan = false,
  hasUnusedPaidDemo,
  isKid,
  kidSessionsAvailable,
}: {
  /** A live plan for the subject with a session to book now. */
  hasActiveSubscription: boolean;
  /** A live plan for the subject, with or without a session left. */
  hasLivePlan?: boolean;
  hasUnusedPaidDemo: boolean;
  isKid: boolean;
  kidSessionsAvailable: number;
}): BookingAccess {
  if (hasActiveSubscription || hasUnusedPaidDemo) return 'ok';
  if (!isKid) return hasLivePlan ? 'NO_SESSIONS_LEFT' : 'NOT_SUBSCRIBED';
  return kidSessionsAvailable > 0 ? 'ok' : 'BUY_SESSIONS';
}

/** Why a live plan books nothing now: this week's sessions are used (a weekly plan holds more), or every one is. */
export function noSessionsLeftText(s: SubscriptionCounts): string {
  return unbookedSessions(s) > 0
    ? 'You have used this week’s sessions of your plan. Book again next week, or buy a plan to book more now.'
    : 'You have used every session of your plan. Buy a plan to book more.';
}

export type ChatAccess = 'ok' | 'SUBSCRIBE' | 'BUY_SESSION';

/**
 * Chat opens only with an available session (subscription availableSession,
 * or for kids sessionsAvailable); otherwise subscribe (kids: buy a session). Messages:
 * messages.subscribeToChat / messages.buySessionToChat.
 */
export function chatAccess({
  isKid,
  availableSession,
  kidSessionsAvailable,
}: {
  isKid: boolean;
  availableSession: number;
  kidSessionsAvailable: number;
}): ChatAccess {
  if (isKid) return kidSessionsAvailable > 0 ? 'ok' : 'BUY_SESSION';
  return availableSession > 0 ? 'ok' : 'SUBSCRIBE';
}

/** Where a successful booking lands (kids stay on the page → null). */
export function pathAfterBooking({ subject, forKids }: { subject: string; forKids: boolean }): string | null {
  if (forKids) return null;
  return subject === 'IELTS' ? '/ielts/dashboard' : '/learner';
}

/** A session's subject as the lists and a chat request card say it: a kids' session is 'English · Kids'. */
export const sessionSubjectText = (subject: string, forKids: boolean): string => (forKids ? `${subject} · Kids` : subject);
