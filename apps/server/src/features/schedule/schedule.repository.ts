import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { TimeInterval, Weekday } from '@parley/domain/slots';
import type { Db } from '../../db/client';
import { liveSessions, teacherAvailability, teacherDaysOff, teachers, users } from '../../db/schema';

const tutorColumns = {
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
export type TutorRow = { [K in keyof typeof tutorColumns]: (typeof tutorColumns)[K]['_']['data'] };

export async function findTutor(db: Db, tutorId: string): Promise<TutorRow | undefined> {
  const [row] = await db.select(tutorColumns).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(eq(teachers.userId, tutorId));
  return row;
}

/**
 * A tutor with everything their schedule is computed from, in one statement: the weekly ranges,
 * the days off, and the booked sessions overlapping [from, to). One round trip instead of four
 * (booking reads this fresh on every request).
 */
export async function findTutorSchedule(db: Db, tutorId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      ...tutorColumns,
      ranges: sql<[number, number, number][]>`coalesce((select json_agg(json_build_array(${teacherAvailability.weekday}, ${teacherAvailability.startMinute}, ${teacherAvailability.endMinute}))
        from ${teacherAvailability} where ${teacherAvailability.teacherId} = ${teachers.userId}), '[]')`,
      daysOff: sql<string[]>`coalesce((select json_agg(${teacherDaysOff.day}) from ${teacherDaysOff} where ${teacherDaysOff.teacherId} = ${teachers.userId}), '[]')`,
      // Epoch milliseconds: JSON carries no timestamp type, and a number needs no parsing of zones.
      booked: sql<[number, number][]>`coalesce((select json_agg(json_build_array(
          (extract(epoch from ${liveSessions.startAt}) * 1000)::bigint, (extract(epoch from ${liveSessions.endAt}) * 1000)::bigint))
        from ${liveSessions} where ${liveSessions.teacherId} = ${teachers.userId} and ${liveSessions.status} = 'booked'
          and ${liveSessions.startAt} < ${to.toISOString()} and ${liveSessions.endAt} > ${from.toISOString()}), '[]')`,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.userId, tutorId));
  if (!row) return undefined;
  const { ranges, daysOff, booked, ...profile } = row;
  return {
    profile,
    ranges: ranges.map(([weekday, startMinute, endMinute]) => ({ weekday: weekday as Weekday, startMinute, endMinute })),
    daysOff,
    booked: booked.map(([start, end]): TimeInterval => ({ startAt: new Date(Number(start)), endAt: new Date(Number(end)) })),
  };
}

export async function listTutors(db: Db): Promise<TutorRow[]> {
  return db.select(tutorColumns).from(teachers).innerJoin(users, eq(users.id, teachers.userId));
}

/** The tutor's booked sessions overlapping [from, to). */
export async function bookedIntervals(db: Db, tutorId: string, from: Date, to: Date): Promise<TimeInterval[]> {
  return db
    .select({ startAt: liveSessions.startAt, endAt: liveSessions.endAt })
    .from(liveSessions)
    .where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), lt(liveSessions.startAt, to), gt(liveSessions.endAt, from)));
}
