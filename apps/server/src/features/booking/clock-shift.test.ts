import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionItem } from '@parley/domain/booking';
import { liveSessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

// A weekly slot that a daylight-saving change moved in the other person's clock carries the
// note on both people's upcoming lists: the learner in Kolkata (no daylight saving), the tutor
// in London, which starts summer time on Sunday 28 March 2027.
const now = new Date('2027-03-22T09:00:00Z');
/** Tuesdays at 21:00 in Kolkata: the week before the change, the week of it, and the week after. */
const weekly = ['2027-03-23T15:30:00.000Z', '2027-03-30T15:30:00.000Z', '2027-04-06T15:30:00.000Z'];
let t: TestApp;
let learnerId: string;
let tutorId: string;
let tutorName: string;
let learnerName: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const byEmail = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0]!;
  const learner = await byEmail('learner@parley.test');
  const tutor = await byEmail('tutor@parley.test');
  ({ id: learnerId, name: learnerName } = learner);
  ({ id: tutorId, name: tutorName } = tutor);
  await t.ctx.db.update(users).set({ timezone: 'Asia/Kolkata' }).where(eq(users.id, learnerId));
  await t.ctx.db.update(users).set({ timezone: 'Europe/London' }).where(eq(users.id, tutorId));
  for (const startAt of weekly) {
    await t.ctx.db.insert(liveSessions).values({
      teacherId: tutorId,
      learnerId,
      subject: 'English',
      type: 'Regular',
      startAt: new Date(startAt),
      endAt: new Date(new Date(startAt).getTime() + 25 * 60_000),
    });
  }
});
afterAll(() => t.close());

const shiftsOf = (items: SessionItem[]) =>
  Object.fromEntries(items.filter((item) => weekly.includes(item.startAt)).map((item) => [item.startAt.slice(0, 10), item.clockShift ?? null]));

describe('the daylight-saving note on upcoming sessions', () => {
  it('the learner sees that the class is an hour later for the tutor in the week London’s clocks go forward', async () => {
    const learner = await t.signIn('learner@parley.test');
    const res = await learner.get('/api/sessions?page=1&limit=50&when=upcoming');
    expect(res.statusCode).toBe(200);
    expect(shiftsOf(res.json().items)).toEqual({
      '2027-03-23': null,
      '2027-03-30': { name: tutorName, minutes: 60, otherLocalTime: '4:30 PM' },
      '2027-04-06': null,
    });
  });

  it('the list’s timezone, when given, is the learner’s clock: in London, the tutor’s own zone, nothing moved', async () => {
    const learner = await t.signIn('learner@parley.test');
    const res = await learner.get('/api/sessions?page=1&limit=50&when=upcoming&timezone=Europe/London');
    expect(res.statusCode).toBe(200);
    expect(shiftsOf(res.json().items)).toEqual({ '2027-03-23': null, '2027-03-30': null, '2027-04-06': null });
  });

  it('the tutor sees the same class is an hour earlier for the learner than the week before, by the tutor’s clock', async () => {
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const res = await tutor.get('/api/teacher/sessions?page=1&limit=50&when=upcoming');
    expect(res.statusCode).toBe(200);
    expect(shiftsOf(res.json().items)).toMatchObject({
      '2027-03-30': { name: learnerName, minutes: -60, otherLocalTime: '9:00 PM' },
      '2027-04-06': null,
    });
  });

  it('a cancelled session carries no note', async () => {
    await t.ctx.db.update(liveSessions).set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'learner', refunded: false }).where(eq(liveSessions.startAt, new Date('2027-03-30T15:30:00Z')));
    const learner = await t.signIn('learner@parley.test');
    const res = await learner.get('/api/sessions?page=1&limit=50&when=past');
    expect(shiftsOf(res.json().items)).toEqual({ '2027-03-30': null });
  });
});
