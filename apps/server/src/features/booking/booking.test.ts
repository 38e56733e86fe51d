import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_LEAD_TIME_MIN } from '@parley/domain/constants';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { liveSessions, plans, subscriptions, users } from '../../db/schema';
import { CHECK_VIOLATION, EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { deadlockFirstInsert } from '../../test/deadlock-victim';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { newLearner, topUp } from '../../test/wallet-money';
import { lockTutor } from './booking.repository';
import { CLASS_LENGTHS_PER_SNAPSHOT, keptClassLengthCount, keptScheduleCount, SCHEDULES_PER_SNAPSHOT } from '../tutors/tutors.service';
import { nextMondayUtc } from '../../test/clock';
import { waitForLockWaiter } from '../../test/lock-wait';
import { newSubscriber as subscriberOf } from '../../test/subscriber';

// A fixed clock: next Monday 00:00 UTC, which is 05:30 in Asia/Kolkata (the demo tutor's zone).
const monday = nextMondayUtc(new Date());
const mondayDate = monday.toISOString().slice(0, 10);
const tuesdayDate = addDaysToIsoDate(mondayDate, 1);
let t: TestApp;
let tutorId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => monday });
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutorId = tutor!.id;
});
afterAll(() => t.close());

const idOf = async (c: TestClient, role = 'learner') => (await c.get(`/api/auth/me?role=${role}`)).json().user._id as string;

const payload = (learnerId: string, overrides: Record<string, unknown> = {}) => ({
  startTime: '17:00',
  endTime: '17:15',
  date: tuesdayDate,
  duration: 15,
  subject: 'English',
  type: 'Regular',
  learnerId,
  teacherId: tutorId,
  token: null,
  timezone: 'Asia/Kolkata',
  ...overrides,
});

const newSubscriber = (email: string, sessions = 5, plan: { planSlug?: string; subject?: string } = {}) =>
  subscriberOf(t, { email, name: 'Load Learner', sessions, ...plan, expiresAt: new Date(monday.getTime() + 30 * 86_400_000) });

describe('tutors', () => {
  it('lists tutors best mentor score first', async () => {
    const c = await t.signIn('learner@parley.test');
    const res = await c.get('/api/teachers?subject=English');
    expect(res.statusCode).toBe(200);
    const scores = res.json().items.map((i: { mentorScore: number }) => i.mentorScore);
    expect(scores.length).toBeGreaterThanOrEqual(8);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it(`offers slots from the tutor's availability, none inside the ${SLOT_LEAD_TIME_MIN / 60} h lead time`, async () => {
    const c = await t.signIn('learner@parley.test');
    const res = await c.get(`/api/teachers/${tutorId}/schedule?date=${mondayDate}&timezone=Asia/Kolkata&subject=English`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 05:30 now + 2 h lead → the 08:00–12:00 and 17:00–21:00 ranges are whole; 15-min classes.
    expect(body.durationMin).toBe(15);
    expect(body.slots).toHaveLength(32);
    expect(body.slots[0]).toMatchObject({ start: '08:00', end: '08:15', timeView: '8:00 AM - 8:15 AM' });
    expect(body.isTeacherAvailableToday).toBe(true);
  });

  it('names the next date with free time on a date that has none', async () => {
    // Marcus teaches on Wednesdays only, and is off on this week's.
    const marcus = await t.signIn('marcus.lee@parley.test', 'teacher');
    const wednesday = addDaysToIsoDate(mondayDate, 2);
    const nextWednesday = addDaysToIsoDate(mondayDate, 9);
    const saved = await marcus.put('/api/teacher/availability', { ranges: [{ weekday: 3, startMinute: 600, endMinute: 660 }], daysOff: [wednesday] });
    expect(saved.statusCode).toBe(200);
    const c = await t.signIn('learner@parley.test');
    const scheduleOn = async (date: string) => (await c.get(`/api/teachers/${await idOf(marcus, 'teacher')}/schedule?date=${date}&timezone=Asia/Kolkata&subject=English`)).json();
    expect(await scheduleOn(mondayDate)).toMatchObject({ slots: [], nextFreeDate: nextWednesday });
    expect(await scheduleOn(wednesday)).toMatchObject({ slots: [], nextFreeDate: nextWednesday });
    const free = await scheduleOn(nextWednesday);
    expect(free.slots.length).toBeGreaterThan(0);
    expect(free.nextFreeDate).toBeNull();
    // Past the last free date nothing is named.
    expect((await scheduleOn(addDaysToIsoDate(mondayDate, 10))).nextFreeDate).toBeNull();
  });

  it(`keeps at most ${SCHEDULES_PER_SNAPSHOT} schedule answers per tutor snapshot, however many queries are asked`, async () => {
    const c = await t.signIn('learner@parley.test');
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 20);
    const dates = Array.from({ length: 14 }, (_, d) => addDaysToIsoDate(mondayDate, d));
    const queries = zones.flatMap((zone) => dates.map((date) => ({ zone, date, subject: 'English' })));
    expect(queries.length).toBeGreaterThan(SCHEDULES_PER_SNAPSHOT);
    for (const q of queries) {
      const res = await c.get(`/api/teachers/${tutorId}/schedule?date=${q.date}&timezone=${encodeURIComponent(q.zone)}&subject=${q.subject}`);
      expect(res.statusCode).toBe(200);
    }
    const snapshot = await t.ctx.tutorCache.get(tutorId);
    expect(keptScheduleCount(snapshot!)).toBe(SCHEDULES_PER_SNAPSHOT);
    // The oldest went first; the latest is still answered (the same object, serialized once).
    const last = queries.at(-1)!;
    const path = `/api/teachers/${tutorId}/schedule?date=${last.date}&timezone=${encodeURIComponent(last.zone)}&subject=${last.subject}`;
    expect((await c.get(path)).json().durationMin).toBeGreaterThan(0);
    expect(keptScheduleCount(snapshot!)).toBe(SCHEDULES_PER_SNAPSHOT);
  });

  it(`keeps free starts for at most ${CLASS_LENGTHS_PER_SNAPSHOT} class lengths per tutor snapshot`, async () => {
    // Financial Education classes last as long as the learner's plan says: one plan per length, one subscriber each.
    const subject = 'Financial Education';
    const [arjun] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'arjun.menon@parley.test'));
    const [financial] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'financial-education'));
    const { id: _financialId, ...plan } = financial!;
    const lengths = Array.from({ length: CLASS_LENGTHS_PER_SNAPSHOT + 2 }, (_, i) => 20 + i);
    await t.ctx.db.insert(plans).values(lengths.map((min) => ({ ...plan, slug: `financial-${min}-min`, classDurationMin: min, isActive: false })));
    for (const min of lengths) {
      const { c } = await newSubscriber(`length-${min}@example.com`, 1, { planSlug: `financial-${min}-min`, subject });
      const res = await c.get(`/api/teachers/${arjun!.id}/schedule?date=${tuesdayDate}&timezone=Asia/Kolkata&subject=${encodeURIComponent(subject)}`);
      expect(res.json().durationMin).toBe(min);
    }
    const snapshot = await t.ctx.tutorCache.get(arjun!.id);
    expect(keptClassLengthCount(snapshot!)).toBe(CLASS_LENGTHS_PER_SNAPSHOT);
  });

  it('shows reviews and keeps favourites per learner', async () => {
    const c = await t.signIn('learner@parley.test');
    const reviews = (await c.get(`/api/teachers/${tutorId}/reviews`)).json().reviews;
    expect(reviews[0]).toMatchObject({ learnerName: expect.any(String), review: expect.any(Array) });
    expect((await c.put(`/api/teachers/${tutorId}/favourite`, { favourite: true })).json()).toEqual({ isFavourite: true });
    const mine = (await c.get('/api/teachers')).json().items.find((i: { _id: string }) => i._id === tutorId);
    expect(mine.isFavourite).toBe(true);
    const other = await t.signIn('ielts@parley.test');
    expect((await other.get('/api/teachers')).json().items.find((i: { _id: string }) => i._id === tutorId).isFavourite).toBe(false);
  });
});

describe('booking', () => {
  it('books an offered slot, spends one session and removes the slot', async () => {
    const { c, id } = await newSubscriber('booker@example.com', 2);
    // Asked first, so the answer the server keeps for this minute must not outlive the booking.
    const before = (await c.get(`/api/teachers/${tutorId}/schedule?date=${tuesdayDate}&timezone=Asia/Kolkata`)).json();
    expect(before.slots.map((s: { start: string }) => s.start)).toContain('18:00');
    // The spec's payload names a curriculum topic too: only the curriculum's own booking keeps one.
    const curriculumFields = { topicId: randomUUID(), certificateId: randomUUID(), level: 'A2' };
    const res = await c.post('/api/sessions', payload(id, { startTime: '18:00', endTime: '18:15', ...curriculumFields }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startTime: '18:00', endTime: '18:15', sessionDate: tuesdayDate, type: 'Regular', teacher: { _id: tutorId } });
    const [row] = await t.ctx.db.select({ topicId: liveSessions.topicId, certificateId: liveSessions.certificateId, level: liveSessions.level }).from(liveSessions).where(eq(liveSessions.learnerId, id));
    expect(row).toEqual({ topicId: null, certificateId: null, level: null });

    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id));
    expect(sub!.availableSession).toBe(1);
    const list = (await c.get('/api/sessions?when=upcoming')).json();
    expect(list.total).toBe(1);
    const schedule = (await c.get(`/api/teachers/${tutorId}/schedule?date=${tuesdayDate}&timezone=Asia/Kolkata`)).json();
    expect(schedule.slots.map((s: { start: string }) => s.start)).not.toContain('18:00');
    expect(schedule.bookedTimings).toContain('6:00 PM - 6:15 PM');
  });

  it('asked again for a session the learner already has (the first answer was lost), answers with it and spends nothing more', async () => {
    const { c, id } = await newSubscriber('asks-twice@example.com', 3);
    const first = await c.post('/api/sessions', payload(id, { startTime: '20:30', endTime: '20:45' }));
    expect(first.statusCode).toBe(201);
    const again = await c.post('/api/sessions', payload(id, { startTime: '20:30', endTime: '20:45' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id));
    expect(sub!.availableSession).toBe(2);
    expect((await c.get('/api/sessions?when=upcoming')).json().total).toBe(1);
    // Another learner asking for that slot is still refused.
    const other = await newSubscriber('same-slot@example.com');
    expect((await other.c.post('/api/sessions', payload(other.id, { startTime: '20:30', endTime: '20:45' }))).json().code).toBe('SLOT_UNAVAILABLE');
  });

  it('the same booking sent ten times at once (a double tap on two tabs) answers every ask with the one session, spent once', async () => {
    const { c, id } = await newSubscriber('asks-at-once@example.com', 3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post('/api/sessions', payload(id, { startTime: '20:45', endTime: '21:00' }))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json()._id)).size).toBe(1);
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id));
    expect(sub!.availableSession).toBe(2);
  });

  it('the same booking of the last session sent twice at once answers both with it (the second finds nothing left to spend)', async () => {
    const { c, id } = await newSubscriber('last-one-twice@example.com', 1);
    const answers = await Promise.all([0, 1].map(() => c.post('/api/sessions', payload(id, { startTime: '10:30', endTime: '10:45' }))));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json()._id).toBe(answers[1]!.json()._id);
  });

  it('refuses a learner with neither subscription nor paid demo', async () => {
    const c = await t.signIn('newbie@parley.test');
    const res = await c.post('/api/sessions', payload(await idOf(c), { timezone: 'Asia/Kolkata', startTime: '19:00', endTime: '19:15' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_SUBSCRIBED');
  });

  it('tells a subscriber whose plan has no session left so (NO_SESSIONS_LEFT), not that they are not subscribed', async () => {
    const { c, id } = await newSubscriber('used-up@example.com', 1);
    expect((await c.post('/api/sessions', payload(id, { startTime: '20:15', endTime: '20:30' }))).statusCode).toBe(201);
    const res = await c.post('/api/sessions', payload(id, { startTime: '19:30', endTime: '19:45' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NO_SESSIONS_LEFT', message: 'You have used every session of your plan. Buy a plan to book more.' });
  });

  it('refuses booking for another learner id, and hides other learners’ sessions', async () => {
    const { c } = await newSubscriber('impostor@example.com');
    const victim = await t.signIn('learner@parley.test');
    const victimId = await idOf(victim);
    expect((await c.post('/api/sessions', payload(victimId))).statusCode).toBe(404);
    expect((await c.get(`/api/sessions?studentID=${victimId}`)).statusCode).toBe(404);
  });

  it('refuses a slot the schedule does not offer', async () => {
    const { c, id } = await newSubscriber('offgrid@example.com');
    for (const [startTime, endTime] of [['17:05', '17:20'], ['13:00', '13:15'], ['17:00', '17:30']]) {
      const res = await c.post('/api/sessions', payload(id, { startTime, endTime }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SLOT_UNAVAILABLE');
    }
    const wrongLength = await c.post('/api/sessions', payload(id, { duration: 30 }));
    expect(wrongLength.statusCode).toBe(400);
    const insideLeadTime = await c.post('/api/sessions', payload(id, { date: mondayDate, startTime: '07:00', endTime: '07:15' }));
    expect(insideLeadTime.statusCode).toBe(409);
  });

  it('50 learners racing for one slot: exactly one gets it', async () => {
    const learners: { c: TestClient; id: string }[] = [];
    for (let i = 0; i < 50; i += 1) learners.push(await newSubscriber(`racer${i}@example.com`));
    const results = await Promise.all(learners.map(({ c, id }) => c.post('/api/sessions', payload(id, { startTime: '20:00', endTime: '20:15' }))));
    const won = results.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.statusCode).toBe(409);
      expect(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']).toContain(r.json().code);
    }
    const teacher = await t.signIn('tutor@parley.test', 'teacher');
    const sessions = (await teacher.get('/api/teacher/sessions?limit=50')).json().items;
    expect(sessions.filter((s: { startAt: string }) => s.startAt.endsWith('14:30:00.000Z') && s.startAt.startsWith(tuesdayDate))).toHaveLength(1);
    // Every loser still has all their sessions.
    const spent = await t.ctx.db.select().from(subscriptions);
    expect(spent.filter((s) => learners.some((l) => l.id === s.learnerId) && s.availableSession === 4)).toHaveLength(1);
  }, 60_000);

  // PGlite runs one statement at a time, so only PostgreSQL can show a booking waiting for a lock.
  it.runIf(process.env.DATABASE_URL)('bookings of one tutor take turns on the tutor’s row, so their overlap checks cannot deadlock each other', async () => {
    const { c, id } = await newSubscriber('takes-turns@example.com');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // Another booking of the same tutor, holding the tutor's row mid-transaction.
    const other = t.ctx.db.transaction(async (tx) => {
      expect((await lockTutor(tx, tutorId))?.isBlocked).toBe(false);
      locked();
      await released;
    });
    await holding;
    const booking = c.post('/api/sessions', payload(id, { date: addDaysToIsoDate(mondayDate, 3), startTime: '19:00', endTime: '19:15' }));
    try {
      await waitForLockWaiter(t.ctx.db, 'the booking');
    } finally {
      release();
      await other;
    }
    expect((await booking).statusCode).toBe(201);
  });

  it('a booking PostgreSQL aborts to break a deadlock runs again: booked once, spent once', async () => {
    // Bookings take turns, but a booking can still meet a move of the tutor's session inside the exclusion check.
    const { c, id } = await newSubscriber('deadlock-victim@example.com');
    const victim = await deadlockFirstInsert(t.ctx.db, 'live_sessions.learner_id', id);
    try {
      const res = await c.post('/api/sessions', payload(id, { date: addDaysToIsoDate(mondayDate, 3), startTime: '18:30', endTime: '18:45' }));
      expect(res.statusCode).toBe(201);
      expect(await victim.tries()).toBe(2);
    } finally {
      await victim.remove();
    }
    expect(await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.learnerId, id))).toHaveLength(1);
    expect((await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id)))[0]!.availableSession).toBe(4);
  });

  it('spends the last session once when two bookings race', async () => {
    const { c, id } = await newSubscriber('lastone@example.com', 1);
    const [a, b] = await Promise.all([
      c.post('/api/sessions', payload(id, { startTime: '09:00', endTime: '09:15' })),
      c.post('/api/sessions', payload(id, { startTime: '10:00', endTime: '10:15' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
  });

  it('offers no slots, and refuses a booking, in a subject the tutor does not teach, spending nothing', async () => {
    const { c, id } = await newSubscriber('not-taught@example.com', 2);
    const [hannah] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'hannah.becker@parley.test'));
    const query = `date=${tuesdayDate}&timezone=Asia/Kolkata`;
    // She teaches IELTS only, with slots on the day.
    expect((await c.get(`/api/teachers/${hannah!.id}/schedule?${query}&subject=IELTS`)).json().slots.length).toBeGreaterThan(0);
    const schedule = (await c.get(`/api/teachers/${hannah!.id}/schedule?${query}&subject=English`)).json();
    expect(schedule).toMatchObject({ slots: [], timeslot: [], teacher: { _id: hannah!.id, subjects: ['IELTS'] } });
    const res = await c.post('/api/sessions', payload(id, { teacherId: hannah!.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TUTOR_DOES_NOT_TEACH', message: 'Hannah Becker does not teach English. Please pick another tutor.' });
    expect(messages.tutorDoesNotTeach('Hannah Becker', 'English')).toBe('Hannah Becker does not teach English. Please pick another tutor.');
    expect((await c.get('/api/auth/me?role=learner')).json().user.activeSubscription.availableSession).toBe(2);
  });

  it('refuses a chat booking (55 minutes for IELTS) asked for here, spending nothing', async () => {
    const { c, id } = await newSubscriber('chat-flag@example.com', 2);
    const res = await c.post('/api/sessions', payload(id, { isChatBooking: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Chat bookings are made by your tutor from the chat.' });
    expect((await c.get('/api/auth/me?role=learner')).json().user.activeSubscription.availableSession).toBe(2);
  });

  it('books a paid demo as Demo once, then needs a subscription', async () => {
    const c = t.client();
    const id = (await c.post('/api/auth/signup', { name: 'Demo Learner', email: 'demo@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' })).json().user._id;
    await t.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, id));
    const first = await c.post('/api/sessions', payload(id, { startTime: '11:00', endTime: '11:15' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().type).toBe('Demo');
    expect((await c.get('/api/auth/me?role=learner')).json().user.demoSessionBooked).toEqual([{ subjects: ['English'] }]);
    const second = await c.post('/api/sessions', payload(id, { startTime: '11:15', endTime: '11:30' }));
    expect(second.statusCode).toBe(403);
  });

  it('a kid books from purchased sessions; a kid without any is asked to buy', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const kidPayload = (kidId: string) => payload(kidId, { forKids: true, duration: 25, startTime: '17:00', endTime: '17:25', date: addDaysToIsoDate(mondayDate, 2) });

    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const booked = await parent.send('POST', '/api/sessions', kidPayload(aarav._id), { 'x-parley-as': 'kid' });
    expect(booked.statusCode).toBe(201);

    const diya = kids.find((k: { name: string }) => k.name === 'Diya Rao');
    await parent.post('/api/learner/findKidById', { learnerId: diya._id });
    const refused = await parent.send('POST', '/api/sessions', { ...kidPayload(diya._id), startTime: '17:25', endTime: '17:50' }, { 'x-parley-as': 'kid' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BUY_SESSIONS');
  });

  it('a kid’s paid demo is one Demo session, in whichever subject the kid books first', async () => {
    const { c: parent } = await newLearner(t, 'demo-parent@example.com');
    await parent.post('/api/learner/newKid', { name: 'Demo Kid' });
    const [kid] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await topUp(parent, 20_000);
    const bought = await parent.post('/api/kids/buy-sessions', { subject: 'Financial Education', learnerId: kid._id, sessionsBought: 1, isDemo: true });
    expect(bought.json()).toMatchObject({ message: messages.demoPurchased, sessionsAvailable: 0 });

    await parent.post('/api/learner/findKidById', { learnerId: kid._id });
    const kidBooks = (days: number) =>
      parent.send('POST', '/api/sessions', payload(kid._id, { forKids: true, duration: 25, startTime: '17:00', endTime: '17:25', date: addDaysToIsoDate(mondayDate, days) }), { 'x-parley-as': 'kid' });
    const demo = await kidBooks(3);
    expect(demo.statusCode).toBe(201);
    expect(demo.json().type).toBe('Demo');
    const again = await kidBooks(4);
    expect(again.json().code).toBe('BUY_SESSIONS');
  });

  it('a kid is shown, and books, only tutors who teach the subject to kids: an adults’ English tutor is not one', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const asKid = { 'x-parley-as': 'kid' };
    const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((tutor) => tutor.name);

    expect(names(await parent.get('/api/teachers?subject=English'))).toContain('Daniel Brooks');
    const forKid = names(await parent.send('GET', '/api/teachers?subject=English', undefined, asKid));
    expect(forKid).not.toContain('Daniel Brooks');
    expect(forKid).toEqual(expect.arrayContaining(['Ananya Iyer', 'Priya Nair']));
    // Financial education is taught to kids only: its tutors are the kid's too.
    expect(names(await parent.send('GET', '/api/teachers?subject=Financial%20Education', undefined, asKid))).toEqual(
      names(await parent.get('/api/teachers?subject=Financial%20Education')),
    );

    const [daniel] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'daniel.brooks@parley.test'));
    const schedule = await parent.send('GET', `/api/teachers/${daniel!.id}/schedule?date=${tuesdayDate}&timezone=Asia/Kolkata&subject=English&forKids=true`, undefined, asKid);
    expect(schedule.json().slots).toEqual([]);
    const refused = await parent.send(
      'POST',
      '/api/sessions',
      payload(aarav._id, { teacherId: daniel!.id, forKids: true, duration: 25, startTime: '20:30', endTime: '20:55', date: tuesdayDate }),
      asKid,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.tutorDoesNotTeachKids('Daniel Brooks'));
  });
});

describe('database integrity', () => {
  it('the database itself refuses overlapping sessions for one tutor and a negative quota', async () => {
    const a = await newSubscriber('direct-a@example.com');
    const b = await newSubscriber('direct-b@example.com');
    const base = { teacherId: tutorId, subject: 'English', type: 'Regular' as const };
    const start = new Date(monday.getTime() + 5 * 86_400_000);
    await t.ctx.db.insert(liveSessions).values({ ...base, learnerId: a.id, startAt: start, endAt: new Date(start.getTime() + 15 * 60_000) });
    await expect(
      t.ctx.db.insert(liveSessions).values({ ...base, learnerId: b.id, startAt: new Date(start.getTime() + 5 * 60_000), endAt: new Date(start.getTime() + 20 * 60_000) }),
    ).rejects.toSatisfy((e) => pgErrorCode(e) === EXCLUSION_VIOLATION);
    await expect(
      t.ctx.db.update(subscriptions).set({ availableSession: -1 }).where(eq(subscriptions.learnerId, a.id)),
    ).rejects.toSatisfy((e) => pgErrorCode(e) === CHECK_VIOLATION);
  });
});

describe('daylight saving', () => {
  it('books the second 01:30 of a fall-back night by its instant', async () => {
    // New York falls back on the first Sunday of November: 01:00–02:00 happens twice.
    const year = monday.getUTCFullYear() + 1;
    const nov1 = new Date(Date.UTC(year, 10, 1));
    const sunday = new Date(Date.UTC(year, 10, 1 + ((7 - nov1.getUTCDay()) % 7)));
    const date = sunday.toISOString().slice(0, 10);
    const clock = new Date(sunday.getTime() - 3 * 86_400_000);
    const dst = await createTestApp({ now: () => clock });
    try {
      const tutor = await dst.signIn('daniel.brooks@parley.test', 'teacher');
      await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 0, startMinute: 60, endMinute: 120 }], daysOff: [] });
      const danielId = (await tutor.get('/api/auth/me?role=teacher')).json().user._id;
      // A paid demo needs no subscription, so the far-future clock does not matter.
      const learner = await dst.signIn('newbie@parley.test');
      const learnerId = (await learner.get('/api/auth/me?role=learner')).json().user._id;
      await dst.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, learnerId));
      const slots = (await learner.get(`/api/teachers/${danielId}/schedule?date=${date}&timezone=America/New_York`)).json().slots;
      const late = slots.filter((s: { start: string }) => s.start === '01:30');
      expect(late).toHaveLength(2);
      const res = await learner.post('/api/sessions', {
        startTime: '01:30', endTime: '01:45', date, duration: 15, subject: 'English', type: 'Regular',
        learnerId, teacherId: danielId, token: null, timezone: 'America/New_York', startAt: late[1].startAt,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().startAt).toBe(late[1].startAt);
    } finally {
      await dst.close();
    }
  });
});
