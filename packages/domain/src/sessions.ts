// Session counts, class durations, the demo rule and who may book.

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

export type SessionCounts = Pick<SubscriptionCounts, 'availableSession' | 'availableWeeklySession' | 'backlogSession'>;

/**
 * The counts after one session is spent, for a subscription that still has one (totalSessions > 0).
 * Quick learner mode spends from availableSession, then from the backlog. Other types spend this
 * week's allowance (which also comes off availableSession, never below zero), then the backlog.
 */
export function spendOneSession(s: SubscriptionCounts): SessionCounts {
  const counts = { availableSession: s.availableSession, availableWeeklySession: s.availableWeeklySession, backlogSession: s.backlogSession };
  if (s.subscriptionType === QUICK_LEARNER_MODE) {
    if (counts.availableSession > 0) counts.availableSession -= 1;
    else counts.backlogSession -= 1;
    return counts;
  }
  if (counts.availableWeeklySession > 0) {
    counts.availableWeeklySession -= 1;
    counts.availableSession = Math.max(counts.availableSession - 1, 0);
  } else {
    counts.backlogSession -= 1;
  }
  return counts;
}

/**
 * The counts after a spent session is given back (a cancellation or a tutor no-show): it returns
 * where spendOneSession takes the next one from (availableSession in quick learner mode; this
 * week's allowance, and availableSession with it, otherwise), so giving one back and booking
 * again leaves the counts as they were.
 */
export function returnOneSession(s: SubscriptionCounts): SessionCounts {
  const counts = { availableSession: s.availableSession, availableWeeklySession: s.availableWeeklySession, backlogSession: s.backlogSession };
  counts.availableSession += 1;
  if (s.subscriptionType !== QUICK_LEARNER_MODE) counts.availableWeeklySession += 1;
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
 * A learner with a paid demo and no demo booked for the subject books a
 * Demo; otherwise Regular.
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
  return isDemoPaid && !demoBookedSubjects.includes(subject) ? 'Demo' : 'Regular';
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

export type BookingAccess = 'ok' | 'NOT_SUBSCRIBED' | 'BUY_SESSIONS';

/**
 * Booking needs an active subscription or an unused paid demo; a kid without either
 * books from purchased sessions and, with none left, gets the buy-sessions prompt. Anyone else
 * takes the NOT_SUBSCRIBED path.
 */
export function canBook({
  hasActiveSubscription,
  hasUnusedPaidDemo,
  isKid,
  kidSessionsAvailable,
}: {
  hasActiveSubscription: boolean;
  hasUnusedPaidDemo: boolean;
  isKid: boolean;
  kidSessionsAvailable: number;
}): BookingAccess {
  if (hasActiveSubscription || hasUnusedPaidDemo) return 'ok';
  if (!isKid) return 'NOT_SUBSCRIBED';
  return kidSessionsAvailable > 0 ? 'ok' : 'BUY_SESSIONS';
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
