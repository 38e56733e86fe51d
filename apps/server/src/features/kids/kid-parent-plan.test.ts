import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { liveSessions, subscriptions, users } from '../../db/schema';
import { nextMondayUtc } from '../../test/clock';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { waitForLockWaiter } from '../../test/lock-wait';
import { buyPlan, newLearner, topUp } from '../../test/wallet-money';
import { plusMin } from '../../test/subscriber';

// A parent's plan covering a kid's subject ('Kids English' for the kids' English, 'Financial
// Education' for theirs) is booked from by the kid once the sessions bought for the kid are spent.
// The clock is next Monday 00:00 UTC, so a plan bought now has its first week Monday to Sunday; the
// tutor (Asia/Kolkata) teaches 17:00–21:00 on weekdays.
const monday = nextMondayUtc(new Date());
const mondayDate = monday.toISOString().slice(0, 10);
const wednesday = addDaysToIsoDate(mondayDate, 2);
const thursday = addDaysToIsoDate(mondayDate, 3);
let t: TestApp;
let tutorId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => monday });
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutorId = tutor!.id;
});
afterAll(() => t.close());

const asKid = { 'x-parley-as': 'kid' };
let parentCount = 0;

/** A new parent with money in the wallet and one kid (more with `kidNames`). */
async function parentWithKids(kidNames = ['Plan Kid']) {
  parentCount += 1;
  const { c, id } = await newLearner(t, `plan-parent-${parentCount}@example.com`);
  await topUp(c, 1_000_000);
  for (const name of kidNames) expect((await c.post('/api/learner/newKid', { name })).statusCode).toBe(201);
  const kids = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids as { _id: string; name: string }[];
  return { parent: c, parentId: id, kidIds: kids.map((k) => k._id) };
}

async function buyPlanNamed(c: TestClient, subject: string, name: string) {
  const plan = (await c.get(`/api/plans?subject=${encodeURIComponent(subject)}`)).json().items.find((p: { name: string }) => p.name === name);
  const bought = await buyPlan(c, plan._id);
  expect(bought.statusCode).toBe(200);
}

/** A client acting as the kid only: the parent switches to the kid, and the kid's cookie moves to a browser of its own. */
async function kidBrowser(parent: TestClient, kidId: string) {
  expect((await parent.post('/api/learner/findKidById', { learnerId: kidId })).statusCode).toBe(200);
  const kid = t.client();
  kid.cookies.set('parley_kid', parent.cookies.get('parley_kid')!);
  return kid;
}


/** Books as the kid; kids' slots are 25 minutes from 17:00 (17:00, 17:25, 17:50, …), and each test takes its own. */
const bookAsKid = (kid: TestClient, kidId: string, date: string, startTime: string, subject = 'English') =>
  kid.send(
    'POST',
    '/api/sessions',
    { startTime, endTime: plusMin(startTime, 25), date, duration: 25, subject, type: 'Regular', forKids: true, learnerId: kidId, teacherId: tutorId, token: null, timezone: 'Asia/Kolkata' },
    asKid,
  );

const sessionsAvailable = async (c: TestClient, kidId: string, subject = 'English', headers: Record<string, string> = {}) => {
  const res = await c.send('GET', `/api/kids/${kidId}/subjects`, undefined, headers);
  expect(res.statusCode).toBe(200);
  return (res.json().subjects.find((s: { subject: string }) => s.subject === subject)?.sessionsAvailable ?? 0) as number;
};

const planOf = async (parentId: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, parentId)))[0]!;
const sessionRow = async (id: string) => (await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0]!;

describe('a kid books from the parent’s plan', () => {
  it('the Kids Spoken English plan shows as the kid’s sessions, pays the kid’s booking and gets it back on cancelling', async () => {
    const { parent, parentId, kidIds } = await parentWithKids();
    const kidId = kidIds[0]!;
    await buyPlanNamed(parent, 'Kids English', 'Kids Spoken English');
    // This week's allowance of the weekly plan: 3 of its 12.
    expect(await sessionsAvailable(parent, kidId)).toBe(3);
    const kid = await kidBrowser(parent, kidId);
    expect(await sessionsAvailable(kid, kidId, 'English', asKid)).toBe(3);
    // Chat opens for a kid with a session available (spec §4).
    expect((await kid.send('POST', '/room/v1/initiate', { teacherId: tutorId }, asKid)).statusCode).toBe(200);

    const booked = await bookAsKid(kid, kidId, wednesday, '17:00');
    expect(booked.statusCode).toBe(201);
    const plan = await planOf(parentId);
    expect(plan).toMatchObject({ availableSession: 11, availableWeeklySession: 2, backlogSession: 0 });
    expect(await sessionRow(booked.json()._id)).toMatchObject({ learnerId: kidId, forKids: true, subscriptionId: plan.id, spentFrom: 'weekly_and_available', spentAt: monday });
    expect(await sessionsAvailable(parent, kidId)).toBe(2);

    const cancelled = await kid.send('POST', `/api/sessions/${booked.json()._id}/cancel`, { reason: '' }, asKid);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await planOf(parentId)).toMatchObject({ availableSession: 12, availableWeeklySession: 3, backlogSession: 0 });
    expect(await sessionsAvailable(kid, kidId, 'English', asKid)).toBe(3);
  });

  it('spends the sessions bought for the kid first, and gives such a session back to the kid', async () => {
    const { parent, parentId, kidIds } = await parentWithKids();
    const kidId = kidIds[0]!;
    await buyPlanNamed(parent, 'Kids English', 'Kids Spoken English');
    const bought = await parent.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kidId, sessionsBought: 1 });
    // The purchase answers with what the kid pages show: the session bought and the plan's three.
    expect(bought.json()).toMatchObject({ sessionsAvailable: 4 });
    const kid = await kidBrowser(parent, kidId);

    const booked = await bookAsKid(kid, kidId, wednesday, '17:25');
    expect(booked.statusCode).toBe(201);
    expect(await sessionRow(booked.json()._id)).toMatchObject({ subscriptionId: null, spentFrom: null, spentAt: null });
    expect(await planOf(parentId)).toMatchObject({ availableSession: 12, availableWeeklySession: 3 });
    expect(await sessionsAvailable(parent, kidId)).toBe(3);

    await kid.send('POST', `/api/sessions/${booked.json()._id}/cancel`, { reason: '' }, asKid);
    expect(await planOf(parentId)).toMatchObject({ availableSession: 12, availableWeeklySession: 3 });
    expect(await sessionsAvailable(parent, kidId)).toBe(4);
  });

  it('the kids share the plan’s weekly limit; once it is used, a kid is offered sessions to buy', async () => {
    const { parent, parentId, kidIds } = await parentWithKids(['First Kid', 'Second Kid']);
    await buyPlanNamed(parent, 'Kids English', 'Kids Spoken English');
    const first = await kidBrowser(parent, kidIds[0]!);
    const second = await kidBrowser(parent, kidIds[1]!);
    expect((await bookAsKid(first, kidIds[0]!, wednesday, '17:50')).statusCode).toBe(201);
    expect((await bookAsKid(second, kidIds[1]!, wednesday, '18:15')).statusCode).toBe(201);
    expect((await bookAsKid(first, kidIds[0]!, thursday, '17:00')).statusCode).toBe(201);
    expect(await sessionsAvailable(parent, kidIds[1]!)).toBe(0);
    const refused = await bookAsKid(second, kidIds[1]!, thursday, '17:25');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BUY_SESSIONS', message: messages.buySessionToBook });
    expect(await planOf(parentId)).toMatchObject({ availableSession: 9, availableWeeklySession: 0 });
  });

  it('the Financial Education plan counts for the kid’s Financial Education, not for English', async () => {
    const { parent, kidIds } = await parentWithKids();
    await buyPlanNamed(parent, 'Financial Education', 'Financial Education for Kids');
    expect(await sessionsAvailable(parent, kidIds[0]!, 'Financial Education')).toBe(2);
    expect(await sessionsAvailable(parent, kidIds[0]!, 'English')).toBe(0);
  });

  it('a kid with no sessions bought and no parent’s plan for the subject is still asked to buy (an adults’ English plan is no kids’ plan)', async () => {
    const { parent, kidIds } = await parentWithKids();
    const kidId = kidIds[0]!;
    const adults = (await parent.get('/api/plans?subject=English')).json().items[0];
    expect((await buyPlan(parent, adults._id)).statusCode).toBe(200);
    expect(await sessionsAvailable(parent, kidId)).toBe(0);
    const kid = await kidBrowser(parent, kidId);
    const refused = await bookAsKid(kid, kidId, wednesday, '18:40');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BUY_SESSIONS', message: messages.buySessionToBook });
    expect((await kid.send('POST', '/room/v1/initiate', { teacherId: tutorId }, asKid)).json().code).toBe('BUY_SESSIONS');
  });

  // PGlite runs one statement at a time, so only PostgreSQL can show two bookings waiting on the plan's row.
  it.runIf(process.env.DATABASE_URL)('two kids booking the plan’s last session of the week at once: one gets it, spent once', async () => {
    const { parent, parentId, kidIds } = await parentWithKids(['Racer One', 'Racer Two']);
    await buyPlanNamed(parent, 'Kids English', 'Kids Spoken English');
    const plan = await planOf(parentId);
    await t.ctx.db.update(subscriptions).set({ availableWeeklySession: 1 }).where(eq(subscriptions.id, plan.id));
    const kids = [await kidBrowser(parent, kidIds[0]!), await kidBrowser(parent, kidIds[1]!)];

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // Something else spending from the plan holds its row, so both bookings queue behind it.
    const other = t.ctx.db.transaction(async (tx) => {
      await tx.select().from(subscriptions).where(eq(subscriptions.id, plan.id)).for('update');
      locked();
      await released;
    });
    await holding;
    const bookings = Promise.all([bookAsKid(kids[0]!, kidIds[0]!, thursday, '17:50'), bookAsKid(kids[1]!, kidIds[1]!, thursday, '18:15')]);
    try {
      await waitForLockWaiter(t.ctx.db, 'a kid’s booking');
    } finally {
      release();
      await other;
    }
    const results = await bookings;
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(await planOf(parentId)).toMatchObject({ availableSession: 11, availableWeeklySession: 0 });
    expect(await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.subscriptionId, plan.id))).toHaveLength(1);
  });
});
