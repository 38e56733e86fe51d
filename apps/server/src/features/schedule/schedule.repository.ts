import { and, eq, gt, lt } from 'drizzle-orm';
import type { TimeInterval } from '@parley/domain/slots';
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

export async function listTutors(db: Db): Promise<TutorRow[]> {
  return db.select(tutorColumns).from(teachers).innerJoin(users, eq(users.id, teachers.userId));
}

export async function listWeeklyRanges(db: Db, tutorId: string) {
  return db
    .select({ weekday: teacherAvailability.weekday, startMinute: teacherAvailability.startMinute, endMinute: teacherAvailability.endMinute })
    .from(teacherAvailability)
    .where(eq(teacherAvailability.teacherId, tutorId));
}

export async function listDaysOff(db: Db, tutorId: string): Promise<string[]> {
  const rows = await db.select({ day: teacherDaysOff.day }).from(teacherDaysOff).where(eq(teacherDaysOff.teacherId, tutorId));
  return rows.map((d) => d.day);
}

/** The tutor's booked sessions overlapping [from, to). */
export async function bookedIntervals(db: Db, tutorId: string, from: Date, to: Date): Promise<TimeInterval[]> {
  return db
    .select({ startAt: liveSessions.startAt, endAt: liveSessions.endAt })
    .from(liveSessions)
    .where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), lt(liveSessions.startAt, to), gt(liveSessions.endAt, from)));
}
