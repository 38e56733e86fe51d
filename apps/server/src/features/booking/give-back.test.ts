import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/domain/chat';
import type { SpentFrom } from '@parley/domain/sessions';
import { addDaysToIsoDate, MS_PER_DAY } from '@parley/domain/zoned-time';
import { liveSessions, plans, sessionPresence, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { emitAck, socketOpener } from '../../test/live-socket';
import { decideSessionOutcome } from '../session-jobs/session-jobs.service';
import { nextMondayUtc } from '../../test/clock';
import { plusMin } from '../../test/subscriber';

// Giving a session back returns it to the count booking took it from (live_sessions.spent_from).
// The clock starts next Monday 00:00 UTC; every subscription here started the day before, so its
// second week starts next Sunday 00:00 UTC. The tutor (Asia/Kolkata) teaches 08:00–12:00 and
// 17:00–21:00 on weekdays.
const monday = nextMondayUtc(new Date());
const mondayDate = monday.toISOString().slice(0, 10);
const subscriptionStart = new Date(monday.getTime() - MS_PER_DAY);
const secondWeek = new Date(subscriptionStart.getTime() + 7 * MS_PER_DAY);
const wednesday = addDaysToIsoDate(mondayDate, 2);
const thursday = addDaysToIsoDate(mondayDate, 3);
const friday = addDaysToIsoDate(mondayDate, 4);
const nextTuesday = addDaysToIsoDate(mondayDate, 8);
let clock = monday;
let t: TestApp;
let tutorId: string;
const sockets = socketOpener();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutorId = tutor!.id;
});
beforeEach(() => {
  clock = monday;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

type Counts = { availableSession: number; availableWeeklySession: number; backlogSession: number };
type SubscriptionType = 'quick_learner_mode' | 'weekly';

const kolkata = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);

let learnerCount = 0;
/** A new learner whose English subscription has exactly these counts. */
async function subscriber(subscriptionType: SubscriptionType, counts: Counts) {
  learnerCount += 1;
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: `Giver ${learnerCount}`, email: `give-back-${learnerCount}@example.com`, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().user._id as string;
  const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, subscriptionType === 'weekly' ? 'english-steady' : 'english-quick'));
  const [subscription] = await t.ctx.db
    .insert(subscriptions)
    .values({ learnerId: id, planId: plan!.id, subjects: ['English'], subscriptionType, ...counts, startsAt: subscriptionStart, expiresAt: new Date(monday.getTime() + 30 * MS_PER_DAY) })
    .returning();
  return { c, id, subscriptionId: subscription!.id };
}

async function book(c: TestClient, learnerId: string, date: string, start: string) {
  const body = { startTime: start, endTime: plusMin(start, 15), date, duration: 15, subject: 'English', type: 'Regular', learnerId, teacherId: tutorId, token: null, timezone: 'Asia/Kolkata' };
  const res = await c.post('/api/sessions', body);
  if (res.statusCode !== 201) throw new Error(`booking ${date} ${start} failed: ${res.body}`);
  return sessionRow(res.json()._id as string);
}

const sessionRow = async (id: string) => (await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0]!;
const countsOf = async (learnerId: string): Promise<Counts> => {
  const [row] = await t.ctx.db
    .select({ availableSession: subscriptions.availableSession, availableWeeklySession: subscriptions.availableWeeklySession, backlogSession: subscriptions.backlogSession })
    .from(subscriptions)
    .where(eq(subscriptions.learnerId, learnerId));
  return row!;
};
const cancel = (c: TestClient, id: string) => c.post(`/api/sessions/${id}/cancel`, { reason: '' });
const reschedule = (c: TestClient, id: string, date: string, start: string) =>
  c.post(`/api/sessions/${id}/reschedule`, { startTime: kolkata(date, start).toISOString(), endTime: kolkata(date, plusMin(start, 15)).toISOString(), timezone: 'Asia/Kolkata' });

/** The learner there throughout, the tutor never: a tutor no-show once the end job runs. */
async function tutorMisses(session: { id: string; learnerId: string; startAt: Date; endAt: Date }) {
  await t.ctx.db.insert(sessionPresence).values({ sessionId: session.id, userId: session.learnerId, side: 'learner', connectionId: `give-back-${session.id}`, joinedAt: session.startAt, leftAt: session.endAt });
  clock = new Date(session.endAt.getTime() + 60_000);
  return decideSessionOutcome(t.ctx, session.id);
}

// One subscription per way a booking can spend: the counts before, and after booking one.
const sources: { spentFrom: SpentFrom; subscriptionType: SubscriptionType; before: Counts; spent: Counts }[] = [
  { spentFrom: 'available', subscriptionType: 'quick_learner_mode', before: { availableSession: 3, availableWeeklySession: 0, backlogSession: 1 }, spent: { availableSession: 2, availableWeeklySession: 0, backlogSession: 1 } },
  { spentFrom: 'backlog', subscriptionType: 'quick_learner_mode', before: { availableSession: 0, availableWeeklySession: 0, backlogSession: 2 }, spent: { availableSession: 0, availableWeeklySession: 0, backlogSession: 1 } },
  { spentFrom: 'weekly_and_available', subscriptionType: 'weekly', before: { availableSession: 10, availableWeeklySession: 2, backlogSession: 1 }, spent: { availableSession: 9, availableWeeklySession: 1, backlogSession: 1 } },
  { spentFrom: 'weekly', subscriptionType: 'weekly', before: { availableSession: 0, availableWeeklySession: 1, backlogSession: 1 }, spent: { availableSession: 0, availableWeeklySession: 0, backlogSession: 1 } },
  { spentFrom: 'backlog', subscriptionType: 'weekly', before: { availableSession: 10, availableWeeklySession: 0, backlogSession: 2 }, spent: { availableSession: 10, availableWeeklySession: 0, backlogSession: 1 } },
];

describe('every source, given back to itself', () => {
  sources.forEach(({ spentFrom, subscriptionType, before, spent }, i) => {
    const start = plusMin('17:00', 15 * i);

    it(`${subscriptionType}, spent from ${spentFrom}: a learner cancelling 12 hours ahead gets it back there`, async () => {
      const { c, id, subscriptionId } = await subscriber(subscriptionType, before);
      const session = await book(c, id, thursday, start);
      expect(session).toMatchObject({ subscriptionId, spentFrom, spentAt: monday });
      expect(await countsOf(id)).toEqual(spent);
      clock = new Date(`${wednesday}T12:00:00Z`); // later, in the same week of the subscription
      expect((await cancel(c, session.id)).json()).toMatchObject({ status: 'cancelled', refunded: true });
      expect(await countsOf(id)).toEqual(before);
    });

    it(`${subscriptionType}, spent from ${spentFrom}: a tutor no-show gives it back there`, async () => {
      const { c, id } = await subscriber(subscriptionType, before);
      const session = await book(c, id, friday, start);
      expect(session.spentFrom).toBe(spentFrom);
      expect(await countsOf(id)).toEqual(spent);
      expect(await tutorMisses(session)).toMatchObject({ outcome: 'TutorNoShow', refunded: true });
      expect(await countsOf(id)).toEqual(before);
    });
  });

});

describe('after the week it was spent in', () => {
  const weekly = { availableSession: 10, availableWeeklySession: 2, backlogSession: 1 };

  it('this week’s allowance cancelled in the next week goes to the backlog, not the new week’s allowance', async () => {
    const { c, id } = await subscriber('weekly', weekly);
    const session = await book(c, id, nextTuesday, '17:00');
    expect(session.spentFrom).toBe('weekly_and_available');
    clock = new Date(secondWeek.getTime() + 60_000);
    expect((await cancel(c, session.id)).json()).toMatchObject({ refunded: true });
    // The new week granted its own three sessions (the plan's weeklySessions) first.
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 3, backlogSession: 2 });
  });

  it('a tutor no-show in the next week: the same', async () => {
    const { c, id } = await subscriber('weekly', weekly);
    const session = await book(c, id, nextTuesday, '17:15');
    expect(await tutorMisses(session)).toMatchObject({ refunded: true });
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 3, backlogSession: 2 });
  });

  it('a session booked before the source was kept gets today’s guess, whatever the week', async () => {
    const { c, id, subscriptionId } = await subscriber('weekly', { availableSession: 9, availableWeeklySession: 1, backlogSession: 1 });
    const [legacy] = await t.ctx.db
      .insert(liveSessions)
      .values({ teacherId: tutorId, learnerId: id, subject: 'English', type: 'Regular', subscriptionId, startAt: kolkata(nextTuesday, '17:30'), endAt: kolkata(nextTuesday, '17:45') })
      .returning();
    clock = new Date(secondWeek.getTime() + 60_000);
    expect((await cancel(c, legacy!.id)).json()).toMatchObject({ refunded: true });
    // The new week's three, and the guess adds it to this week's allowance and availableSession.
    expect(await countsOf(id)).toEqual({ availableSession: 10, availableWeeklySession: 4, backlogSession: 1 });
  });
});

describe('rescheduling', () => {
  it('12 hours or more ahead: the spend moves with the session, and cancelling the new one gives it back where it came from', async () => {
    const before = { availableSession: 10, availableWeeklySession: 2, backlogSession: 1 };
    const { c, id } = await subscriber('weekly', before);
    const old = await book(c, id, thursday, '19:00');
    clock = new Date(monday.getTime() + 3_600_000);
    const res = await reschedule(c, old.id, thursday, '19:15');
    expect(res.json()).toMatchObject({ refunded: true });
    expect(await sessionRow(res.json()._id)).toMatchObject({ spentFrom: 'weekly_and_available', spentAt: monday, subscriptionId: old.subscriptionId });
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 1, backlogSession: 1 });
    expect((await cancel(c, res.json()._id)).json()).toMatchObject({ refunded: true });
    expect(await countsOf(id)).toEqual(before);
  });

  it('less than 12 hours ahead: the new session spends from wherever is next, and a tutor’s cancellation gives that back', async () => {
    const { c, id } = await subscriber('weekly', { availableSession: 10, availableWeeklySession: 1, backlogSession: 1 });
    const old = await book(c, id, thursday, '19:30');
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 0, backlogSession: 1 });
    clock = new Date(`${thursday}T04:00:00Z`); // 09:30 in Kolkata, 10 hours before
    const res = await reschedule(c, old.id, thursday, '20:15');
    expect(res.json()).toMatchObject({ refunded: false });
    expect(await sessionRow(res.json()._id)).toMatchObject({ spentFrom: 'backlog', spentAt: clock });
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 0, backlogSession: 0 });
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await cancel(tutor, res.json()._id)).json()).toMatchObject({ refunded: true });
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 0, backlogSession: 1 });
  });
});

describe('a chat request the tutor books', () => {
  it('keeps where its session came from, and a cancellation gives it back there', async () => {
    const before = { availableSession: 10, availableWeeklySession: 2, backlogSession: 1 };
    const { c, id } = await subscriber('weekly', before);
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const baseUrl = await t.listen();
    const roomId = (await c.post('/room/v1/initiate', { teacherId: tutorId })).json().room._id;
    const socket = await sockets.open(baseUrl, t.cookieHeader(c), 'learner');
    const request = await emitAck<ChatMessage>(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Friday morning?', sessionDate: friday, sessionTime: '06:20', subject: 'English' });
    if (!request.ok) throw new Error(request.message);
    expect((await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' })).statusCode).toBe(200);

    const [session] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.learnerId, id));
    expect(session).toMatchObject({ isChatBooking: true, spentFrom: 'weekly_and_available', spentAt: monday });
    expect(await countsOf(id)).toEqual({ availableSession: 9, availableWeeklySession: 1, backlogSession: 1 });
    expect((await cancel(c, session!.id)).json()).toMatchObject({ refunded: true });
    expect(await countsOf(id)).toEqual(before);
  });
});

describe('the database', () => {
  it('refuses an unknown source, a source without its time, and a source without a subscription', async () => {
    const { id, subscriptionId } = await subscriber('weekly', { availableSession: 1, availableWeeklySession: 1, backlogSession: 0 });
    const row = { teacherId: tutorId, learnerId: id, subject: 'English', type: 'Regular' as const, startAt: kolkata(nextTuesday, '20:00'), endAt: kolkata(nextTuesday, '20:15') };
    await expect(t.ctx.db.insert(liveSessions).values({ ...row, subscriptionId, spentFrom: 'wallet' as SpentFrom, spentAt: monday })).rejects.toThrow();
    await expect(t.ctx.db.insert(liveSessions).values({ ...row, subscriptionId, spentFrom: 'backlog' })).rejects.toThrow();
    await expect(t.ctx.db.insert(liveSessions).values({ ...row, spentFrom: 'backlog', spentAt: monday })).rejects.toThrow();
    await expect(t.ctx.db.insert(liveSessions).values({ ...row, subscriptionId, spentFrom: 'backlog', spentAt: monday })).resolves.toBeDefined();
  });
});
