import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { kidSessionBalances, liveSessions, subscriptions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { nextMondayUtc } from '../../test/clock';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { newSubscriber as subscriberOf, plusMin } from '../../test/subscriber';
import { createLiveSession } from './booking.service';

// The database refuses a session overlapping one its tutor has (SLOT_TAKEN: someone took the
// slot) and one overlapping the learner's own other session, with any tutor (LEARNER_BUSY: the
// slot is still free, the learner is not). Ananya Iyer teaches 17:00–21:00 and Priya Nair
// 15:00–20:00 on weekdays, both in Asia/Kolkata, as the clock starts next Monday 05:30 there.
const monday = nextMondayUtc(new Date());
const tuesday = addDaysToIsoDate(monday.toISOString().slice(0, 10), 1);
let t: TestApp;
let ananya: string;
let priya: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => monday });
  ananya = await userId('tutor@parley.test');
  priya = await userId('priya.nair@parley.test');
});
afterAll(() => t.close());

async function userId(email: string) {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const kolkata = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);

const newSubscriber = (email: string) => subscriberOf(t, { email, name: 'Overlap Learner', expiresAt: new Date(monday.getTime() + 30 * 86_400_000) });

function book(c: TestClient, learnerId: string, teacherId: string, start: string, options: { duration?: number; forKids?: boolean; headers?: Record<string, string> } = {}) {
  const duration = options.duration ?? 15;
  const body = { startTime: start, endTime: plusMin(start, duration), date: tuesday, duration, subject: 'English', type: 'Regular', learnerId, teacherId, token: null, timezone: 'Asia/Kolkata', forKids: options.forKids ?? false };
  return c.send('POST', '/api/sessions', body, options.headers ?? {});
}

const availableOf = async (learnerId: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, learnerId)))[0]!.availableSession;
const offeredStarts = async (c: TestClient, teacherId: string) =>
  ((await c.get(`/api/teachers/${teacherId}/schedule?date=${tuesday}&timezone=Asia/Kolkata`)).json().slots as { start: string }[]).map((s) => s.start);

describe('a booking that overlaps', () => {
  it('the learner’s own session with another tutor says so (LEARNER_BUSY), spends nothing and leaves the slot on offer', async () => {
    const { c, id } = await newSubscriber('own-clash@example.com');
    expect((await book(c, id, ananya, '17:00')).statusCode).toBe(201);
    expect(await availableOf(id)).toBe(4);

    const clash = await book(c, id, priya, '17:00');
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'LEARNER_BUSY', message: messages.learnerBusy });
    expect(await availableOf(id)).toBe(4);
    // Priya's slot is free for anyone else: only this learner is busy then.
    expect(await offeredStarts(c, priya)).toContain('17:00');
  });

  it('a slot the tutor holds is still SLOT_TAKEN ("This slot was just booked")', async () => {
    const first = await newSubscriber('holds-slot@example.com');
    expect((await book(first.c, first.id, ananya, '18:00')).statusCode).toBe(201);
    const second = await newSubscriber('late-comer@example.com');
    // Past the schedule's own check, as a racing booking is: the tutor's constraint answers.
    const refused = createLiveSession(
      t.ctx,
      { userId: second.id, role: 'learner' },
      { teacherId: ananya, subject: 'English', startAt: kolkata(tuesday, '18:00'), endAt: kolkata(tuesday, '18:15'), forKids: false, isChatBooking: false, topicId: null, certificateId: null, level: null },
      { allowDemo: false, now: monday, log: t.app.log },
    );
    await expect(refused).rejects.toMatchObject({ code: 'SLOT_TAKEN', message: messages.slotTaken });
    expect(await availableOf(second.id)).toBe(5);
  });

  it('a kid’s own session with another tutor says so too, and keeps the kid’s sessions', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids as { _id: string; name: string }[];
    const aarav = kids.find((k) => k.name === 'Aarav Rao')!;
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const asKid = { duration: 25, forKids: true, headers: { 'x-parley-as': 'kid' } };
    expect((await book(parent, aarav._id, ananya, '19:05', asKid)).statusCode).toBe(201);
    const balance = async () => (await t.ctx.db.select().from(kidSessionBalances).where(eq(kidSessionBalances.kidId, aarav._id)))[0]!.sessionsAvailable;
    const before = await balance();

    // 25-minute grids: Ananya's from 17:00 has 19:05–19:30, Priya's from 15:00 has 18:45–19:10.
    const clash = await book(parent, aarav._id, priya, '18:45', asKid);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'LEARNER_BUSY', message: messages.learnerBusy });
    expect(await balance()).toBe(before);
  });

  it('moving a session onto the learner’s own other session says so, and the booking stays', async () => {
    const { c, id } = await newSubscriber('move-clash@example.com');
    expect((await book(c, id, ananya, '19:30')).statusCode).toBe(201);
    const withPriya = await book(c, id, priya, '16:00');
    expect(withPriya.statusCode).toBe(201);
    const onto = await c.post(`/api/sessions/${withPriya.json()._id}/reschedule`, {
      startTime: kolkata(tuesday, '19:30').toISOString(),
      endTime: kolkata(tuesday, '19:45').toISOString(),
      timezone: 'Asia/Kolkata',
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json()).toEqual({ code: 'LEARNER_BUSY', message: messages.learnerBusy });
    const [kept] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, withPriya.json()._id));
    expect(kept!.status).toBe('booked');
  });

  it('a tutor booking a chat request at a time the learner is busy is told it is the learner', async () => {
    const { c, id } = await newSubscriber('chat-clash@example.com');
    expect((await book(c, id, ananya, '17:30')).statusCode).toBe(201);
    const refused = createLiveSession(
      t.ctx,
      { userId: id, role: 'learner' },
      { teacherId: priya, subject: 'English', startAt: kolkata(tuesday, '17:30'), endAt: kolkata(tuesday, '17:45'), forKids: false, isChatBooking: true, topicId: null, certificateId: null, level: null },
      { allowDemo: false, now: monday, log: t.app.log, bookedByTutor: true },
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'LEARNER_BUSY', message: messages.learnerBusyForTutor });
  });

  it('a tutor booking a chat request at a time someone else has since booked is told it is their own session', async () => {
    const first = await newSubscriber('took-chat-slot@example.com');
    expect((await book(first.c, first.id, ananya, '20:00')).statusCode).toBe(201);
    const asker = await newSubscriber('asked-in-chat@example.com');
    const refused = createLiveSession(
      t.ctx,
      { userId: asker.id, role: 'learner' },
      { teacherId: ananya, subject: 'English', startAt: kolkata(tuesday, '20:00'), endAt: kolkata(tuesday, '20:15'), forKids: false, isChatBooking: true, topicId: null, certificateId: null, level: null },
      { allowDemo: false, now: monday, log: t.app.log, bookedByTutor: true },
    );
    await expect(refused).rejects.toMatchObject({ code: 'SLOT_TAKEN', message: messages.slotTakenForTutor });
    expect(await availableOf(asker.id)).toBe(5);
  });
});
