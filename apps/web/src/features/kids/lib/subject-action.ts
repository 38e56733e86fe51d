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

/**
 * What the kid's empty Upcoming classes says to do next: book, when a subject above can be booked
 * from; else buy first (a demo class too, while the kid has not had one). Said generally while the
 * balances load.
 */
export function noUpcomingClassesText(kid: KidProfile, balances: readonly { subject: string; sessionsAvailable: number }[] | undefined, subjects: readonly string[]): string {
  const none = `${kid.name} has no upcoming classes yet.`;
  if (!balances || subjects.some((subject) => kidSubjectAction({ kid, subject, sessionsAvailable: sessionsAvailableFor(balances, subject) }) === 'book')) {
    return `${none} Book one from a subject above.`;
  }
  return kid.isDemoPayed ? `${none} Buy sessions for a subject above, then book one.` : `${none} Buy sessions for a subject above, or a demo class (its Try Demo tab), then book one.`;
}
