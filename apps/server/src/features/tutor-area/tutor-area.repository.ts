import { and, asc, eq, gt } from 'drizzle-orm';
import type { AvailabilityPayload } from '@parley/domain/booking';
import type { TutorProfilePayload } from '@parley/domain/tutor-profile';
import type { Db } from '../../db/client';
import { liveSessions, teacherAvailability, teacherDaysOff, teachers, users } from '../../db/schema';

export async function findTimezone(db: Db, tutorId: string): Promise<string | undefined> {
  const [tutor] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, tutorId));
  return tutor?.timezone;
}

export async function loadAvailability(db: Db, tutorId: string) {
  const [ranges, daysOff] = await Promise.all([
    db
      .select({ weekday: teacherAvailability.weekday, startMinute: teacherAvailability.startMinute, endMinute: teacherAvailability.endMinute })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, tutorId))
      .orderBy(asc(teacherAvailability.weekday), asc(teacherAvailability.startMinute)),
    db.select({ day: teacherDaysOff.day }).from(teacherDaysOff).where(eq(teacherDaysOff.teacherId, tutorId)).orderBy(asc(teacherDaysOff.day)),
  ]);
  return { ranges, daysOff: daysOff.map((d) => d.day) };
}

/**
 * Replaces the whole week and the days off in one transaction; with `unchangedSince`, only while the
 * saved week still passes it (checked under a lock on the tutor, so two saves cannot both pass):
 * answers false, changing nothing, when it does not.
 */
export async function replaceAvailability(db: Db, tutorId: string, input: AvailabilityPayload, unchangedSince?: (saved: Awaited<ReturnType<typeof loadAvailability>>) => boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (unchangedSince) {
      await tx.select({ id: teachers.userId }).from(teachers).where(eq(teachers.userId, tutorId)).for('update');
      if (!unchangedSince(await loadAvailability(tx, tutorId))) return false;
    }
    await tx.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, tutorId));
    await tx.delete(teacherDaysOff).where(eq(teacherDaysOff.teacherId, tutorId));
    if (input.ranges.length) await tx.insert(teacherAvailability).values(input.ranges.map((r) => ({ ...r, teacherId: tutorId })));
    const days = [...new Set(input.daysOff)];
    if (days.length) await tx.insert(teacherDaysOff).values(days.map((day) => ({ teacherId: tutorId, day })));
    return true;
  });
}

/** When the tutor's booked sessions that have not ended by `from` start, soonest first. */
export async function bookedSessionStarts(db: Db, tutorId: string, from: Date): Promise<Date[]> {
  const rows = await db
    .select({ startAt: liveSessions.startAt })
    .from(liveSessions)
    .where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), gt(liveSessions.endAt, from)))
    .orderBy(asc(liveSessions.startAt));
  return rows.map((r) => r.startAt);
}

/** What the tutor's profile page shows: their card's text and where they are. */
export async function findProfile(db: Db, tutorId: string) {
  const [row] = await db
    .select({ name: users.name, rating: teachers.rating, ratingCount: teachers.ratingCount, subjects: teachers.subjects, bio: teachers.bio, tags: teachers.tags, country: users.country, timezone: users.timezone })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.userId, tutorId));
  return row;
}

/** Saves the card's text and the tutor's place together. */
export async function saveProfile(db: Db, tutorId: string, input: TutorProfilePayload) {
  await db.transaction(async (tx) => {
    await tx.update(teachers).set({ bio: input.bio, tags: input.tags }).where(eq(teachers.userId, tutorId));
    await tx.update(users).set({ country: input.country, timezone: input.timezone }).where(eq(users.id, tutorId));
  });
}
