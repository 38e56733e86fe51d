import { classDurationMin, KIDS_CLASS_DURATION_MIN } from '@parley/domain/sessions';
import { generateSlots, type Slot } from '@parley/domain/slots';
import type { Db } from '../db/client';
import type { TutorSnapshot } from './tutor-cache';
import { loadActiveSubscription } from './user-record';

export type ScheduleInput = { date: string; viewerTimeZone: string; durationMin: number; now: Date };

/**
 * The free slots of one tutor on one viewer-local date, from the tutor's stored weekly
 * availability, days off and booked sessions. Booking uses this too, so a slot the schedule
 * does not offer cannot be booked.
 */
export function tutorSlots(tutor: TutorSnapshot, input: ScheduleInput): Slot[] {
  if (tutor.teacher.isBlocked) return [];
  return generateSlots({
    availability: tutor.ranges,
    tutorTimeZone: tutor.teacher.timezone,
    daysOff: tutor.daysOff,
    booked: tutor.booked,
    date: input.date,
    viewerTimeZone: input.viewerTimeZone,
    now: input.now,
    durationMin: input.durationMin,
  });
}

/**
 * spec §9 class duration: fixed for English, IELTS and kids; otherwise the learner's plan says
 * (a learner without a plan for the subject gets the kids' 25 minutes as a sensible default).
 */
export async function classDurationFor(db: Db, learnerId: string, subject: string, forKids: boolean, isChatBooking = false, now = new Date()) {
  const fixed = forKids || subject === 'English' || subject === 'IELTS';
  const plan = fixed ? null : (await loadActiveSubscription(db, learnerId, now))?.plan.classDuration;
  return classDurationMin({ subject, forKids, isChatBooking, planClassDuration: plan ?? `${KIDS_CLASS_DURATION_MIN}min` });
}
