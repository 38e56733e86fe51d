import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { cancellationRatios } from './tutors.repository';

let t: TestApp;
let tutorId: string;
let learnerId: string;
beforeAll(async () => {
  t = await createTestApp();
  // A tutor the demo data gives no sessions, so the counts below are all there is.
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'marcus.lee@parley.test'));
  const [learner] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'newbie@parley.test'));
  tutorId = tutor!.id;
  learnerId = learner!.id;
  await t.ctx.db.delete(liveSessions).where(eq(liveSessions.teacherId, tutorId));
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let hour = 0;
/** A 15-minute session an hour after the last one made, in the past or the future. */
async function session(values: Partial<typeof liveSessions.$inferInsert> = {}): Promise<string> {
  const startAt = new Date(Date.UTC(2030, 0, 1) + hour++ * HOUR);
  const [row] = await t.ctx.db
    .insert(liveSessions)
    .values({ teacherId: tutorId, learnerId, subject: 'English', type: 'Regular', startAt, endAt: new Date(startAt.getTime() + 15 * 60_000), ...values })
    .returning({ id: liveSessions.id });
  return row!.id;
}
const cancelled = (by: 'learner' | 'tutor') => ({ status: 'cancelled' as const, cancelledBy: by, cancelledAt: new Date(), cancelReason: 'test' });

describe('the cancellation ratio of the mentor score', () => {
  it("counts only what the tutor let down: a learner's cancellations and moves cost the tutor nothing", async () => {
    await session();
    await session({ outcome: 'Completed' });
    for (let i = 0; i < 5; i++) await session(cancelled('learner'));
    // A move: the learner's old session, cancelled, and the new one.
    const moved = await session(cancelled('learner'));
    await session({ rescheduledFromId: moved });
    expect((await cancellationRatios(t.ctx.db)).get(tutorId) ?? 0).toBe(0);
  });

  it('a session the tutor cancelled or missed counts, per session the tutor was booked for', async () => {
    await session(cancelled('tutor'));
    // Booked for 3 (the two above and the move's new one) + 1 they cancelled: 1 in 4.
    expect((await cancellationRatios(t.ctx.db)).get(tutorId)).toBeCloseTo(1 / 4, 10);
    await session({ outcome: 'TutorNoShow' });
    expect((await cancellationRatios(t.ctx.db)).get(tutorId)).toBeCloseTo(2 / 5, 10);
  });
});
