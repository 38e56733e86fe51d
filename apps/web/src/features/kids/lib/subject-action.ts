import { bookingType, canBook, demoBookedSubjects } from '@parley/domain/sessions';
import type { KidProfile } from '../../../shared/lib/storage';

export type KidSubjectAction = 'book' | 'buy';

/**
 * A kid books from purchased sessions or an unused paid demo
 * (KID.isDemoPayed with no demo booked for the subject); with neither the kid
 * gets the buy-sessions prompt instead of booking. Kids' classes are never paid from a plan.
 */
export function kidSubjectAction({ kid, subject, sessionsAvailable }: { kid: KidProfile; subject: string; sessionsAvailable: number }): KidSubjectAction {
  const hasUnusedPaidDemo = kidHasUnusedPaidDemo(kid, subject);
  return canBook({ hasActiveSubscription: false, hasUnusedPaidDemo, isKid: true, kidSessionsAvailable: sessionsAvailable }) === 'ok' ? 'book' : 'buy';
}

/** Whether the kid's next booking in `subject` is the paid demo (it is not among the sessions bought). */
export const kidHasUnusedPaidDemo = (kid: KidProfile, subject: string): boolean =>
  bookingType({ isDemoPaid: kid.isDemoPayed, demoBookedSubjects: demoBookedSubjects(kid.demoSessionBooked), subject }) === 'Demo';

/** A subject's purchased sessions from the balances list; a subject never bought has none. */
export function sessionsAvailableFor(balances: readonly { subject: string; sessionsAvailable: number }[], subject: string): number {
  return balances.find((b) => b.subject === subject)?.sessionsAvailable ?? 0;
}
