import type { ScheduleResponse } from '@parley/domain/booking';
import { kidSubjects } from '@parley/domain/kids';
import {
  bookingType,
  canBook,
  demoBookedSubjects,
  isDemoPaidFor,
  totalSessions,
  type BookingAccess,
} from '@parley/domain/sessions';
import { subscriptionFor, type ActiveSubscription, type UserRecord } from '@parley/domain/user';

// Who books, and what the booking rules say for them. The server decides;
// these answers only choose what the screen shows.

export type BookerAs = 'learner' | 'kid';

/** The slot picked in the tutor panel (the tutors feature's SlotChoice, by shape). */
export type PickedSlot = {
  teacher: { _id: string; name: string; image: string };
  date: string;
  slot: ScheduleResponse['slots'][number];
  durationMin: number;
};

/** The fields the rules read: a learner's USER record, or a kid's record (KID). */
export type BookerRecord = Pick<UserRecord, '_id' | 'isDemoPayed' | 'demoSessionBooked'> &
  Partial<Pick<UserRecord, 'isIELTSDemoPayed' | 'activeSubscription' | 'activeSubscriptions'>>;

/** A subscription that covers the subject and has not expired, with or without a session left. */
function isLiveFor(subscription: ActiveSubscription | null | undefined, subject: string, now: Date): subscription is ActiveSubscription {
  return !!subscription && subscription.subjects.includes(subject) && new Date(subscription.expiresAt).getTime() > now.getTime();
}

/** A subscription that covers the subject, has not expired and has a session left. */
export function subscriptionCovers(subscription: ActiveSubscription | null | undefined, subject: string, now: Date): boolean {
  return isLiveFor(subscription, subject, now) && totalSessions(subscription) > 0;
}

export type BookingStanding = {
  /** 'ok', or the NOT_SUBSCRIBED / NO_SESSIONS_LEFT / BUY_SESSIONS path. */
  access: BookingAccess;
  /** Demo rule: Demo while a paid demo for the subject is unused. */
  type: 'Demo' | 'Regular';
  /** The booker's plan for the subject (null: none). */
  subscription: ActiveSubscription | null;
};

export function bookingStanding({
  record,
  subject,
  isKid,
  kidSessionsAvailable,
  now,
}: {
  record: BookerRecord;
  subject: string;
  isKid: boolean;
  kidSessionsAvailable: number;
  now: Date;
}): BookingStanding {
  const isDemoPaid = isDemoPaidFor({ subject, isDemoPayed: record.isDemoPayed, isIELTSDemoPayed: record.isIELTSDemoPayed ?? false });
  const type = bookingType({ isDemoPaid, demoBookedSubjects: demoBookedSubjects(record.demoSessionBooked), subject });
  const subscription = subscriptionFor(record, subject);
  const access = canBook({
    hasActiveSubscription: subscriptionCovers(subscription, subject, now),
    hasLivePlan: isLiveFor(subscription, subject, now),
    hasUnusedPaidDemo: type === 'Demo',
    isKid,
    kidSessionsAvailable,
  });
  return { access, type, subscription: subscription ?? null };
}

/**
 * What a booking that may go ahead spends, said in its confirmation: the paid demo, or one of the
 * sessions left (a kid's purchased ones, `kidSessions`; else the plan's, carried-over ones included).
 */
export function bookingSpendsText(standing: BookingStanding, kidSessions: number | null): string | undefined {
  if (standing.type === 'Demo') return 'This uses your paid demo.';
  const left = kidSessions ?? (standing.subscription ? totalSessions(standing.subscription) : 0);
  if (left < 1) return undefined;
  return left === 1 ? 'This uses your last session.' : `This uses 1 of your ${left} sessions.`;
}

/** The NOT_SUBSCRIBED path goes to the subject's plans (IELTS has its own page). */
export function subscribePathFor(subject: string): string {
  return subject === 'IELTS' ? '/ielts/subscription-plans' : '/learner/subscription-plans';
}

/** The trial a learner of `subject` is offered: the IELTS one for IELTS, else Spoken English. */
export function demoPathFor(subject: string): string {
  return subject === 'IELTS' ? '/book-demo?subject=IELTS' : '/book-demo';
}

/** The route segment of a kids' subject (english, financial-education). */
export function kidSubjectSlug(subject: string): string {
  return kidSubjects.find((s) => s.subject === subject)?.slug ?? 'english';
}

/** A kid with no sessions left buys more at /kids/{subject}/buy-sessions. */
export function buySessionsPathFor(subject: string): string {
  return `/kids/${kidSubjectSlug(subject)}/buy-sessions`;
}

/** Where the subject's sessions are listed. */
export function sessionsPathFor(subject: string, forKids: boolean): string {
  if (forKids) return `/kids/${kidSubjectSlug(subject)}/session`;
  return subject === 'IELTS' ? '/ielts/session' : '/learner/session';
}
