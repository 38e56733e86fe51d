import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { plans, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { buyPlan, newLearner, topUp } from '../../test/wallet-money';
import { nextMondayUtc } from '../../test/clock';

// The clock starts next Monday 00:00 UTC (05:30 in Asia/Kolkata, the demo tutor's zone), when the
// plan is bought; a test moves it on by whole weeks. The tutor teaches 17:00–21:00 Kolkata time.
const start = nextMondayUtc(new Date());
const DAY_MS = 86_400_000;
let clock = start;
let t: TestApp;
let tutorId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutorId = tutor!.id;
});
afterAll(() => t.close());

/** Books a 15-minute English class at `time` (Kolkata) on the Tuesday of the clock's week. */
function book(c: TestClient, learnerId: string, time: string) {
  const date = addDaysToIsoDate(clock.toISOString().slice(0, 10), 1);
  const endTime = `${time.slice(0, 3)}${String(Number(time.slice(3)) + 15).padStart(2, '0')}`;
  return c.post('/api/sessions', { startTime: time, endTime, date, duration: 15, subject: 'English', type: 'Regular', learnerId, teacherId: tutorId, token: null, timezone: 'Asia/Kolkata' });
}

const counts = async (c: TestClient) => {
  const { availableSession, availableWeeklySession, backlogSession } = (await c.get('/api/auth/me?role=learner')).json().user.activeSubscription;
  return { availableSession, availableWeeklySession, backlogSession };
};

describe('a weekly plan', () => {
  it('grants its weekly sessions again every subscription week, never more than that at a time', async () => {
    clock = start;
    const { c } = await newLearner(t, 'steady@example.com');
    const learnerId = (await c.get('/api/auth/me?role=learner')).json().user._id as string;
    const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-steady'));
    expect(plan).toMatchObject({ subscriptionType: 'weekly', sessionCount: 24, weeklySessions: 3 });
    await topUp(c, plan!.priceInrMinor);
    expect((await buyPlan(c, plan!.id)).statusCode).toBe(200);
    expect(await counts(c)).toEqual({ availableSession: 24, availableWeeklySession: 3, backlogSession: 0 });

    for (const time of ['17:00', '17:30', '18:00']) expect((await book(c, learnerId, time)).statusCode).toBe(201);
    const fourth = await book(c, learnerId, '18:30');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ code: 'NO_SESSIONS_LEFT', message: 'You have used this week’s sessions of your plan. Book again next week, or buy a plan to book more now.' });
    expect(await counts(c)).toEqual({ availableSession: 21, availableWeeklySession: 0, backlogSession: 0 });

    // A week after the purchase, a new week's three sessions.
    clock = new Date(start.getTime() + 7 * DAY_MS);
    expect(await counts(c)).toEqual({ availableSession: 21, availableWeeklySession: 3, backlogSession: 0 });
    expect((await book(c, learnerId, '17:00')).statusCode).toBe(201);
    expect(await counts(c)).toEqual({ availableSession: 20, availableWeeklySession: 2, backlogSession: 0 });

    // Two weeks skipped: the allowance is three again, not the unused ones added up.
    clock = new Date(start.getTime() + 21 * DAY_MS);
    expect(await counts(c)).toEqual({ availableSession: 20, availableWeeklySession: 3, backlogSession: 0 });
    for (const time of ['17:00', '17:30', '18:00']) expect((await book(c, learnerId, time)).statusCode).toBe(201);
    expect((await book(c, learnerId, '18:30')).statusCode).toBe(403);
  });

  it('hands its unbooked sessions to a plan bought later for English, and what a cancellation gives back goes there too', async () => {
    clock = start;
    const { c } = await newLearner(t, 'steady-then-quick@example.com');
    const learnerId = (await c.get('/api/auth/me?role=learner')).json().user._id as string;
    const [steady] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-steady'));
    const [quick] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-quick'));
    await topUp(c, steady!.priceInrMinor + 2 * quick!.priceInrMinor);
    expect((await buyPlan(c, steady!.id)).statusCode).toBe(200);
    const booked = await book(c, learnerId, '19:00');
    expect(booked.statusCode).toBe(201);
    expect((await book(c, learnerId, '19:30')).statusCode).toBe(201);
    expect(await counts(c)).toEqual({ availableSession: 22, availableWeeklySession: 1, backlogSession: 0 });

    // Quick Learner's 12, and Steady's 22 still to book as its backlog.
    expect((await buyPlan(c, quick!.id)).statusCode).toBe(200);
    expect(await counts(c)).toEqual({ availableSession: 12, availableWeeklySession: 3, backlogSession: 22 });
    const cancelled = await c.post(`/api/sessions/${booked.json()._id}/cancel`, { reason: '' });
    expect(cancelled.statusCode).toBe(200);
    expect(await counts(c)).toEqual({ availableSession: 12, availableWeeklySession: 3, backlogSession: 23 });

    // The same plan again: this one's 12 join the backlog as well.
    expect((await buyPlan(c, quick!.id)).statusCode).toBe(200);
    expect(await counts(c)).toEqual({ availableSession: 12, availableWeeklySession: 3, backlogSession: 35 });
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, learnerId));
    expect(rows.filter((row) => row.carriedToId === null)).toHaveLength(1);
    expect(rows.filter((row) => row.carriedToId !== null).map((row) => row.availableSession + row.availableWeeklySession + row.backlogSession)).toEqual([0, 0]);
  });
});
