import { and, eq, gt, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { SCHEDULE_WINDOW_DAYS } from '@parley/domain/constants';
import type { AvailabilityRange, TimeInterval, Weekday } from '@parley/domain/slots';
import { MS_PER_DAY } from '@parley/domain/zoned-time';
import type { Db } from '../db/client';
import { createInvalidatingCache, type InvalidatingCache } from './invalidating-cache';
import { liveSessions, teacherAvailability, teacherDaysOff, teachers, users } from '../db/schema';

const teacherColumns = {
  id: users.id,
  name: users.name,
  timezone: users.timezone,
  bio: teachers.bio,
  tags: teachers.tags,
  subjects: teachers.subjects,
  rating: teachers.rating,
  ratingCount: teachers.ratingCount,
  isBlocked: teachers.isBlocked,
  isSalesPerson: teachers.isSalesPerson,
};
export type TeacherRow = { [K in keyof typeof teacherColumns]: (typeof teacherColumns)[K]['_']['data'] };

/** Everything a tutor's schedule is computed from. */
export type TutorSnapshot = {
  teacher: TeacherRow;
  ranges: AvailabilityRange[];
  daysOff: string[];
  /** Booked sessions from a day ago to the end of the schedule window (and a day more). */
  booked: TimeInterval[];
};

export async function findTeacher(db: Db, teacherId: string): Promise<TeacherRow | undefined> {
  const [row] = await db.select(teacherColumns).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(eq(teachers.userId, teacherId));
  return row;
}

export async function listTeachers(db: Db): Promise<TeacherRow[]> {
  return db.select(teacherColumns).from(teachers).innerJoin(users, eq(users.id, teachers.userId));
}

export async function loadTutorSnapshot(db: Db, teacherId: string, now: Date): Promise<TutorSnapshot | null> {
  const teacher = await findTeacher(db, teacherId);
  if (!teacher) return null;
  const [ranges, daysOff, booked] = await Promise.all([
    db
      .select({ weekday: teacherAvailability.weekday, startMinute: teacherAvailability.startMinute, endMinute: teacherAvailability.endMinute })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, teacherId)),
    db.select({ day: teacherDaysOff.day }).from(teacherDaysOff).where(eq(teacherDaysOff.teacherId, teacherId)),
    bookedIntervals(db, teacherId, new Date(now.getTime() - MS_PER_DAY), new Date(now.getTime() + (SCHEDULE_WINDOW_DAYS + 2) * MS_PER_DAY)),
  ]);
  return { teacher, ranges: ranges.map((r) => ({ ...r, weekday: r.weekday as Weekday })), daysOff: daysOff.map((d) => d.day), booked };
}

export async function bookedIntervals(db: Db, teacherId: string, from: Date, to: Date): Promise<TimeInterval[]> {
  return db
    .select({ startAt: liveSessions.startAt, endAt: liveSessions.endAt })
    .from(liveSessions)
    .where(and(eq(liveSessions.teacherId, teacherId), eq(liveSessions.status, 'booked'), lt(liveSessions.startAt, to), gt(liveSessions.endAt, from)));
}

/**
 * Tutor snapshots kept in memory so showing a schedule costs no database round trip. Saving
 * availability or booking a session invalidates the tutor on every node; booking itself always
 * reads fresh data, and the database's exclusion constraint has the last word on overlaps.
 */
export type TutorCache = InvalidatingCache<TutorSnapshot | null>;

export const createTutorCache = (options: { db: Db; ttlMs: number; redis?: Redis | undefined; channel: string }): TutorCache =>
  createInvalidatingCache({ ...options, maxEntries: 10_000, load: (teacherId) => loadTutorSnapshot(options.db, teacherId, new Date()) });
