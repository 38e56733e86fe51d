import type { Redis } from 'ioredis';
import { SCHEDULE_WINDOW_DAYS } from '@parley/domain/constants';
import { notTaughtText, teaches } from '@parley/domain/kids';
import { classDurationMin, hasFixedClassDuration } from '@parley/domain/sessions';
import { freeStartsForWindow, generateSlots, type AvailabilityRange, type FreeStarts, type Slot, type TimeInterval } from '@parley/domain/slots';
import { MS_PER_DAY } from '@parley/domain/zoned-time';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createInvalidatingCache, type InvalidatingCache } from '../../lib/invalidating-cache';
import type { RedisLog } from '../../lib/redis';
import { planClassDuration } from '../subscriptions/subscriptions.service';
import * as repo from './schedule.repository';

export type TutorRow = repo.TutorRow;

/** Everything a tutor's schedule is computed from. */
export type TutorSnapshot = {
  profile: TutorRow;
  ranges: AvailabilityRange[];
  daysOff: string[];
  /** Booked sessions from a day ago to the end of the schedule window (and a day more). */
  booked: TimeInterval[];
};

export const findTutor = (db: Db, tutorId: string) => repo.findTutor(db, tutorId);
export const listTutors = (db: Db) => repo.listTutors(db);

/** The tutor's booked sessions overlapping [from, to). */
export const bookedIntervals = (db: Db, tutorId: string, from: Date, to: Date) => repo.bookedIntervals(db, tutorId, from, to);

/** Refuses a session, or a chat request for one, in a subject the tutor does not teach (to kids, for a kid's). */
export function assertTeaches(tutor: Pick<TutorRow, 'name' | 'subjects'>, subject: string, forKids = false) {
  if (!teaches(tutor.subjects, subject, forKids)) throw new AppError('TUTOR_DOES_NOT_TEACH', notTaughtText(tutor, subject, forKids));
}

/** Reads a tutor's schedule inputs fresh from the database; null when there is no such tutor. */
export async function loadTutorSnapshot(db: Db, tutorId: string, now: Date): Promise<TutorSnapshot | null> {
  const from = new Date(now.getTime() - MS_PER_DAY);
  return (await repo.findTutorSchedule(db, tutorId, from, new Date(now.getTime() + (SCHEDULE_WINDOW_DAYS + 2) * MS_PER_DAY))) ?? null;
}

/** Wider than any viewer's day (25 h on a fall-back night, plus the 3 h edges generateSlots searches). */
const BOOKING_DAY_REACH_MS = 30 * 60 * 60 * 1000;

/**
 * The schedule inputs booking needs, read fresh: the profile, the week and days off, and the
 * booked sessions of the day around `startAt`, all a slot that starts then depends on (the day's
 * slots are computed from them). Sessions further off cannot change the answer, so a booking's
 * cost stays flat as the tutor's calendar fills.
 */
export async function loadTutorForBooking(db: Db, tutorId: string, startAt: Date): Promise<TutorSnapshot | null> {
  return (await repo.findTutorSchedule(db, tutorId, new Date(startAt.getTime() - BOOKING_DAY_REACH_MS), new Date(startAt.getTime() + BOOKING_DAY_REACH_MS))) ?? null;
}

/**
 * Tutor snapshots kept in memory so showing a schedule costs no database round trip. Saving
 * availability or booking a session invalidates the tutor on every node; booking itself always
 * reads fresh data, and the database's exclusion constraint has the last word on overlaps.
 */
export type TutorCache = InvalidatingCache<TutorSnapshot | null>;

export const createTutorCache = (options: { db: Db; ttlMs: number; redis?: Redis | undefined; channel: string; log?: RedisLog; onDropped?: (tutorId: string) => void }): TutorCache =>
  createInvalidatingCache({ ...options, maxEntries: 10_000, load: (tutorId) => loadTutorSnapshot(options.db, tutorId, new Date()) });

export type ScheduleInput = { date: string; viewerTimeZone: string; durationMin: number; now: Date };

/**
 * The free slots of one tutor on one viewer-local date, from the tutor's stored weekly
 * availability, days off and booked sessions. Booking uses this too, so a slot the schedule
 * does not offer cannot be booked.
 */
export function tutorSlots(tutor: TutorSnapshot, input: ScheduleInput): Slot[] {
  if (tutor.profile.isBlocked) return [];
  return generateSlots({
    availability: tutor.ranges,
    tutorTimeZone: tutor.profile.timezone,
    daysOff: tutor.daysOff,
    booked: tutor.booked,
    date: input.date,
    viewerTimeZone: input.viewerTimeZone,
    now: input.now,
    durationMin: input.durationMin,
  });
}

/**
 * The tutor's free slot starts over the whole schedule window seen from `now` (none for a
 * blocked tutor): one build answers every viewer's date and zone through slotsOn, exactly as
 * tutorSlots would.
 */
export function tutorFreeStarts(tutor: TutorSnapshot, durationMin: number, now: Date): FreeStarts {
  const { profile, ranges, daysOff, booked } = tutor;
  return freeStartsForWindow({ availability: profile.isBlocked ? [] : ranges, tutorTimeZone: profile.timezone, daysOff, booked, durationMin }, now);
}

/**
 * How long a class of `subject` lasts for this attendee. English, IELTS and kids' classes have
 * fixed lengths; any other subject lasts what its plan says (the learner's own, else the one on
 * sale), and a subject no plan offers cannot be scheduled.
 */
export async function classDurationFor(
  db: Db,
  attendee: { learnerId: string; forKids: boolean },
  subject: string,
  options: { isChatBooking: boolean; now: Date },
): Promise<number> {
  const input = { subject, forKids: attendee.forKids, isChatBooking: options.isChatBooking };
  if (hasFixedClassDuration(input)) return classDurationMin(input);
  const plan = await planClassDuration(db, attendee.learnerId, subject, options.now);
  try {
    return classDurationMin({ ...input, planClassDuration: plan });
  } catch {
    throw new AppError('NOT_SUBSCRIBED', `No plan offers ${subject} classes yet.`);
  }
}
