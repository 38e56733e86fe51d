import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { AvailabilityPayload } from '@parley/domain/booking';
import type { Db } from '../../db/client';
import { liveSessions, teacherAvailability, teacherDaysOff, users } from '../../db/schema';

export async function loadAvailability(db: Db, teacherId: string) {
  const [ranges, daysOff] = await Promise.all([
    db
      .select({ weekday: teacherAvailability.weekday, startMinute: teacherAvailability.startMinute, endMinute: teacherAvailability.endMinute })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, teacherId))
      .orderBy(asc(teacherAvailability.weekday), asc(teacherAvailability.startMinute)),
    db.select({ day: teacherDaysOff.day }).from(teacherDaysOff).where(eq(teacherDaysOff.teacherId, teacherId)).orderBy(asc(teacherDaysOff.day)),
  ]);
  return { ranges, daysOff: daysOff.map((d) => d.day) };
}

/** Replaces the whole week and the days off in one transaction. */
export async function replaceAvailability(db: Db, teacherId: string, input: AvailabilityPayload) {
  await db.transaction(async (tx) => {
    await tx.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId));
    await tx.delete(teacherDaysOff).where(eq(teacherDaysOff.teacherId, teacherId));
    if (input.ranges.length) await tx.insert(teacherAvailability).values(input.ranges.map((r) => ({ ...r, teacherId })));
    const days = [...new Set(input.daysOff)];
    if (days.length) await tx.insert(teacherDaysOff).values(days.map((day) => ({ teacherId, day })));
  });
}

export async function upcomingSessions(db: Db, teacherId: string, now: Date, limit: number, offset: number) {
  const where = and(eq(liveSessions.teacherId, teacherId), eq(liveSessions.status, 'booked'), gt(liveSessions.endAt, now));
  const [items, [total]] = await Promise.all([
    db
      .select({ session: liveSessions, learnerName: users.name })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.learnerId))
      .where(where)
      .orderBy(asc(liveSessions.startAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
