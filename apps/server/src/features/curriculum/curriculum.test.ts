import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVEL_TEST_PASS_MARK } from '@parley/domain/curriculum';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { chatMessages, chatRooms, liveSessions, plans, subscriptions, teachers, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

// The curriculum through real HTTP on the seeded database: Neha Gupta (curriculum@parley.test)
// has passed A1 and completed A2's first two topics; A2's third waits for tutor@parley.test's mark.
const TIME_ZONE = 'Asia/Kolkata';
let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const meId = async (c: TestClient, role = 'learner') => (await c.get(`/api/auth/me?role=${role}`)).json().user._id as string;
const userId = async (email: string, role: 'learner' | 'teacher') =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.role, role))))[0]!.id;

/** The `index`th free curriculum slot of a tutor, from tomorrow (in the test's clock). */
async function curriculumSlot(client: TestClient, teacherId: string, index = 0) {
  const today = isoDateInZone(clock, TIME_ZONE);
  for (let day = 1; day <= 10; day += 1) {
    const date = addDaysToIsoDate(today, day);
    const res = await client.get(`/api/teachers/${teacherId}/schedule?date=${date}&timezone=${TIME_ZONE}&subject=Curriculum`);
    expect(res.statusCode).toBe(200);
    const { slots, durationMin } = res.json();
    const slot = slots[index];
    if (slot) return { date, startTime: slot.start, endTime: slot.end, startAt: slot.startAt as string, duration: durationMin as number };
  }
  throw new Error('no free curriculum slot');
}

async function bookStep(learner: TestClient, teacherId: string, step: { topicId?: string; certificateId?: string; level: string }, slotIndex = 0) {
  const slot = await curriculumSlot(learner, teacherId, slotIndex);
  return learner.post('/api/curriculum/sessions', { ...slot, subject: 'Curriculum', learnerId: await meId(learner), teacherId, timezone: TIME_ZONE, ...step });
}

describe('the demo learner’s path', () => {
  it('shows where Neha is: A2 with 2 of 6 topics, the fourth topic next (the third awaits its mark), sessions left', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const overview = (await neha.get('/api/curriculum')).json();
    expect(overview.plan).toMatchObject({ name: 'English Curriculum · Steady', sessionsLeft: expect.any(Number) });
    expect(overview.plan.sessionsLeft).toBeGreaterThan(0);
    // The weekly plan's bookable sessions now, and all it has left (the plans page's count).
    expect(overview.plan.sessionsOnPlan).toBeGreaterThan(overview.plan.sessionsLeft);
    expect(overview.level).toEqual({ code: 'A2', title: 'Everyday conversations', completed: 2, total: 6, percent: 33 });
    expect(overview.step.kind).toBe('topic');
    expect(overview.step.topic).toMatchObject({ level: 'A2', position: 4, title: 'Travel and transport' });
    expect(overview.step.topic.vocabulary.length).toBeGreaterThan(3);

    const progress = (await neha.get('/api/curriculum/progress')).json();
    expect(progress.levels.map((l: { code: string; status: string }) => [l.code, l.status])).toEqual([
      ['A1', 'passed'],
      ['A2', 'current'],
      ['B1', 'locked'],
    ]);
    const [a1, a2] = progress.levels;
    expect(a1.certificate.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(a1.test.reviews[0]).toMatchObject({ completed: true, score: 78 });
    // The third topic's session is over: it awaits the tutor's mark, no longer merely booked.
    expect(a2.topics.map((topic: { state: string }) => topic.state)).toEqual(['completed', 'completed', 'marking', 'open', 'open', 'open']);
    expect(a2.topics[0].reviews[0].note).toContain('weekend');
  });

  it('a learner without a curriculum plan has no plan and starts at A1', async () => {
    const other = await t.signIn('learner@parley.test');
    const overview = (await other.get('/api/curriculum')).json();
    expect(overview.plan).toBeNull();
    expect(overview.step.topic).toMatchObject({ level: 'A1', position: 1 });
  });
});

describe('booking the next topic', () => {
  it('books the next topic only, spends a session, and the tutor sees the topic in the chat', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const tutorId = await userId('tutor@parley.test', 'teacher');
    const before = (await neha.get('/api/curriculum')).json();
    const next = before.step.topic;
    const progress = (await neha.get('/api/curriculum/progress')).json();
    const later = progress.levels[1].topics[5];
    const b1 = progress.levels[2].topics[0];

    expect((await bookStep(neha, tutorId, { topicId: later._id, level: 'A2' })).statusCode).toBe(409);
    expect((await bookStep(neha, tutorId, { topicId: b1._id, level: 'B1' })).statusCode).toBe(409);
    expect((await bookStep(neha, tutorId, { topicId: next._id, level: 'B1' })).statusCode).toBe(409);
    expect((await bookStep(neha, tutorId, { certificateId: progress.levels[1].test.certificateId, level: 'A2' })).statusCode).toBe(409);

    const booked = await bookStep(neha, tutorId, { topicId: next._id, level: 'A2' });
    expect(booked.statusCode).toBe(201);
    const overview = (await neha.get('/api/curriculum')).json();
    expect(overview.plan.sessionsLeft).toBe(before.plan.sessionsLeft - 1);
    expect(overview.upcoming).toEqual([expect.objectContaining({ sessionId: booked.json()._id, topic: expect.objectContaining({ kind: 'topic', topicName: next.title, level: 'A2' }) })]);
    expect(overview.step.topic.position).toBe(5);
    // Booked once: the same topic again is refused.
    expect((await bookStep(neha, tutorId, { topicId: next._id, level: 'A2' }, 1)).statusCode).toBe(409);

    const [room] = await t.ctx.db.select().from(chatRooms).where(and(eq(chatRooms.learnerId, await meId(neha)), eq(chatRooms.teacherId, tutorId)));
    const [message] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.bookedSessionId, booked.json()._id));
    expect(message).toMatchObject({ roomId: room!.id, type: 'Session', status: 'Booked', subject: 'Curriculum', topic: { kind: 'topic', id: next._id, name: next.title, level: 'A2' } });
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomMessages = (await tutor.get(`/room/v1/${room!.id}`)).json();
    expect(JSON.stringify(roomMessages)).toContain(next.title);
    const view = (await tutor.get(`/api/curriculum/sessions/${booked.json()._id}`)).json();
    expect(view).toMatchObject({ topic: { kind: 'topic', topicName: next.title, level: 'A2' }, reviewable: false, review: null });
  });

  it('a tutor who no longer teaches the curriculum is named, not "not found"', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const tutorId = await userId('tutor@parley.test', 'teacher');
    const next = (await neha.get('/api/curriculum')).json().step.topic;
    const slot = await curriculumSlot(neha, tutorId, 2);
    const [tutor] = await t.ctx.db.select({ subjects: teachers.subjects, name: users.name }).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(eq(teachers.userId, tutorId));
    await t.ctx.db.update(teachers).set({ subjects: tutor!.subjects.filter((s) => s !== 'Curriculum') }).where(eq(teachers.userId, tutorId));
    try {
      const res = await neha.post('/api/curriculum/sessions', { ...slot, subject: 'Curriculum', learnerId: await meId(neha), teacherId: tutorId, timezone: TIME_ZONE, topicId: next._id, level: 'A2' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TUTOR_DOES_NOT_TEACH', message: messages.tutorDoesNotTeach(tutor!.name, 'Curriculum') });
    } finally {
      await t.ctx.db.update(teachers).set({ subjects: tutor!.subjects }).where(eq(teachers.userId, tutorId));
    }
  });

  it('the generic booking route refuses the Curriculum subject (its topic would go unchecked)', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const tutorId = await userId('tutor@parley.test', 'teacher');
    const slot = await curriculumSlot(neha, tutorId, 3);
    const res = await neha.post('/api/sessions', { ...slot, subject: 'Curriculum', type: 'Regular', learnerId: await meId(neha), teacherId: tutorId, timezone: TIME_ZONE, topicId: 'x', level: 'A2' });
    expect(res.statusCode).toBe(400);
  });
});

describe('a page of sessions’ topics', () => {
  it('answers every curriculum session of the page in one request, as each alone would, leaving out what is not the caller’s', async () => {
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const page = (await tutor.get('/api/teacher/sessions?when=past&limit=50')).json().items as { _id: string; subject: string }[];
    const curriculumIds = page.filter((s) => s.subject === 'Curriculum').map((s) => s._id);
    const otherIds = page.filter((s) => s.subject !== 'Curriculum').map((s) => s._id);
    expect(curriculumIds.length).toBeGreaterThan(1);
    const ids = [...curriculumIds, ...otherIds.slice(0, 2), '00000000-0000-4000-8000-000000000000'];

    const res = await tutor.get(`/api/curriculum/sessions?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const one = await Promise.all(curriculumIds.map(async (id) => (await tutor.get(`/api/curriculum/sessions/${id}`)).json()));
    const byId = (views: { sessionId: string }[]) => [...views].sort((a, b) => a.sessionId.localeCompare(b.sessionId));
    expect(byId(res.json().items)).toEqual(byId(one));

    // The learner sees their own; another tutor and another learner see none of them.
    const neha = await t.signIn('curriculum@parley.test');
    const nehaIds = (await neha.get(`/api/curriculum/sessions?ids=${ids.join(',')}`)).json().items.map((v: { sessionId: string }) => v.sessionId);
    expect(nehaIds.length).toBeGreaterThan(0);
    expect(nehaIds.every((id: string) => curriculumIds.includes(id))).toBe(true);
    const other = await t.signIn('priya.nair@parley.test', 'teacher');
    expect((await other.get(`/api/curriculum/sessions?ids=${ids.join(',')}`)).json()).toEqual({ items: [] });
    const stranger = await t.signIn('learner@parley.test');
    expect((await stranger.get(`/api/curriculum/sessions?ids=${ids.join(',')}`)).json()).toEqual({ items: [] });

    expect((await tutor.get('/api/curriculum/sessions?ids=not-an-id')).statusCode).toBe(400);
    expect((await tutor.get('/api/curriculum/sessions')).statusCode).toBe(400);
  });
});

describe('the tutor’s mark', () => {
  it('a session someone missed cannot be marked: no topic completed, no level passed', async () => {
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const pastSessions = (await tutor.get('/api/teacher/sessions?when=past')).json().items as { _id: string; subject: string }[];
    const views = await Promise.all(pastSessions.filter((s) => s.subject === 'Curriculum').map(async (s) => (await tutor.get(`/api/curriculum/sessions/${s._id}`)).json()));
    const pending = views.find((v) => v.reviewable);
    const [before] = await t.ctx.db.select({ outcome: liveSessions.outcome }).from(liveSessions).where(eq(liveSessions.id, pending.sessionId));
    try {
      for (const outcome of ['TutorNoShow', 'LearnerNoShow'] as const) {
        await t.ctx.db.update(liveSessions).set({ outcome }).where(eq(liveSessions.id, pending.sessionId));
        expect((await tutor.get(`/api/curriculum/sessions/${pending.sessionId}`)).json().reviewable).toBe(false);
        const res = await tutor.post(`/api/curriculum/sessions/${pending.sessionId}/review`, { kind: 'topic', completed: true, note: 'Nobody came' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('This session was missed, so it cannot be marked.');
      }
    } finally {
      await t.ctx.db.update(liveSessions).set({ outcome: before!.outcome }).where(eq(liveSessions.id, pending.sessionId));
    }
  });

  it('only the session’s tutor marks it, once, after it started; the topic moves to completed', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const a2 = (await neha.get('/api/curriculum/progress')).json().levels[1];
    const pendingTopic = a2.topics[2];
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const pastSessions = (await tutor.get('/api/teacher/sessions?when=past')).json().items as { _id: string; subject: string }[];
    const views = await Promise.all(pastSessions.filter((s) => s.subject === 'Curriculum').map(async (s) => (await tutor.get(`/api/curriculum/sessions/${s._id}`)).json()));
    const pending = views.find((v) => v.reviewable);
    expect(pending.topic.topicName).toBe(pendingTopic.title);

    const other = await t.signIn('priya.nair@parley.test', 'teacher');
    expect((await other.get(`/api/curriculum/sessions/${pending.sessionId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/curriculum/sessions/${pending.sessionId}/review`, { kind: 'topic', completed: true, note: 'Not mine' })).statusCode).toBe(404);
    const stranger = await t.signIn('learner@parley.test');
    expect((await stranger.get(`/api/curriculum/sessions/${pending.sessionId}`)).statusCode).toBe(404);
    expect((await tutor.post(`/api/curriculum/sessions/${pending.sessionId}/review`, { kind: 'levelTest', score: 80, note: 'Wrong kind' })).statusCode).toBe(400);

    const marked = await tutor.post(`/api/curriculum/sessions/${pending.sessionId}/review`, { kind: 'topic', completed: true, note: 'Booked a return ticket and asked about the platform clearly.' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ reviewable: false, review: { completed: true, tutorName: 'Ananya Iyer' } });
    expect((await tutor.post(`/api/curriculum/sessions/${pending.sessionId}/review`, { kind: 'topic', completed: false, note: 'Again' })).statusCode).toBe(409);

    const after = (await neha.get('/api/curriculum/progress')).json().levels[1];
    expect(after.completed).toBe(3);
    expect(after.topics[2]).toMatchObject({ state: 'completed', reviews: [expect.objectContaining({ note: 'Booked a return ticket and asked about the platform clearly.' })] });
  });

  it('a session that has not started cannot be marked', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const upcoming = (await neha.get('/api/curriculum')).json().upcoming[0];
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const res = await tutor.post(`/api/curriculum/sessions/${upcoming.sessionId}/review`, { kind: 'topic', completed: true, note: 'Too early' });
    expect(res.statusCode).toBe(409);
  });
});

describe('a whole level, from the first topic to the certificate', () => {
  it('topics in order, the test unlocks after the last, a fail keeps it open, a pass issues a checkable PDF certificate', async () => {
    // A new learner with a curriculum plan.
    const learner = t.client();
    const email = `path-${Date.now()}@example.com`;
    expect((await learner.post('/api/auth/signup', { name: 'Path Walker', email, password: 'Parley@2026', country: 'IN', timezone: TIME_ZONE })).statusCode).toBeLessThan(300);
    const learnerId = await meId(learner);
    await t.ctx.db.update(users).set({ isNewCurriculum: true }).where(eq(users.id, learnerId));
    const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'curriculum-intensive'));
    await t.ctx.db.insert(subscriptions).values({ learnerId, planId: plan!.id, subjects: ['Curriculum'], subscriptionType: 'weekly', availableSession: 24, availableWeeklySession: 24, startsAt: clock, expiresAt: new Date(clock.getTime() + 90 * 86_400_000) });
    const tutor = await t.signIn('oliver.grant@parley.test', 'teacher');
    const tutorId = await meId(tutor, 'teacher');
    const start = clock;

    /** Books the step and moves the clock past its session; `beforeItEnds` runs while it is still to come. */
    const teach = async (step: { topicId?: string; certificateId?: string; level: string }, beforeItEnds?: () => Promise<void>) => {
      const booked = await bookStep(learner, tutorId, step);
      expect(booked.statusCode).toBe(201);
      await beforeItEnds?.();
      clock = new Date(new Date(booked.json().startAt).getTime() + 30 * 60_000);
      return booked.json()._id as string;
    };
    try {
      for (let position = 1; position <= 6; position += 1) {
        const overview = (await learner.get('/api/curriculum')).json();
        expect(overview.step.kind).toBe('topic');
        expect(overview.step.topic).toMatchObject({ level: 'A1', position });
        const sessionId = await teach({ topicId: overview.step.topic._id, level: 'A1' });
        // The first topic is marked not completed once, then taught again.
        const completed = position !== 1 || (await learner.get('/api/curriculum/progress')).json().levels[0].topics[0].reviews.length > 0;
        expect((await tutor.post(`/api/curriculum/sessions/${sessionId}/review`, { kind: 'topic', completed, note: completed ? 'Done well.' : 'Needs another go.' })).statusCode).toBe(200);
        if (!completed) position -= 1;
      }
      const unlocked = (await learner.get('/api/curriculum')).json();
      expect(unlocked.level).toMatchObject({ code: 'A1', completed: 6, percent: 100 });
      expect(unlocked.step).toMatchObject({ kind: 'levelTest', test: { level: 'A1' } });
      const test = unlocked.step.test;

      const testState = async () => (await learner.get('/api/curriculum/progress')).json().levels[0].test.state;
      const failed = await teach({ certificateId: test.certificateId, level: 'A1' }, async () => expect(await testState()).toBe('booked'));
      expect(await testState()).toBe('marking');
      expect((await tutor.post(`/api/curriculum/sessions/${failed}/review`, { kind: 'levelTest', score: LEVEL_TEST_PASS_MARK - 1, note: 'Nearly there.' })).json()).toMatchObject({ review: { completed: false }, certificateCode: null });
      expect((await learner.get('/api/curriculum')).json().step.kind).toBe('levelTest');

      const passed = await teach({ certificateId: test.certificateId, level: 'A1' });
      const view = (await tutor.post(`/api/curriculum/sessions/${passed}/review`, { kind: 'levelTest', score: LEVEL_TEST_PASS_MARK, note: 'Passed.' })).json();
      expect(view.review).toMatchObject({ completed: true, score: LEVEL_TEST_PASS_MARK });
      const after = (await learner.get('/api/curriculum')).json();
      expect(after.step.topic).toMatchObject({ level: 'A2', position: 1 });

      const certificate = (await learner.get('/api/certificates')).json().items.find((c: { curriculumLevel: string | null }) => c.curriculumLevel === 'A1');
      expect(certificate).toMatchObject({ code: view.certificateCode, courseId: null, courseTitle: test.certificateName, learnerName: 'Path Walker' });
      const pdf = await learner.get(certificate.pdfUrl);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.body.startsWith('%PDF-')).toBe(true);
      const check = await t.client().get(`/api/certificates/verify/${certificate.code}`);
      expect(check.json()).toMatchObject({ learnerName: 'Path Walker', kind: 'level', courseTitle: test.certificateName });
    } finally {
      clock = start;
    }
  });
});

describe('two bookings of the same topic at once', () => {
  it('exactly one is taken', async () => {
    const learner = t.client();
    const email = `race-${Date.now()}@example.com`;
    expect((await learner.post('/api/auth/signup', { name: 'Race Runner', email, password: 'Parley@2026', country: 'IN', timezone: TIME_ZONE })).statusCode).toBeLessThan(300);
    const learnerId = await meId(learner);
    const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'curriculum-steady'));
    await t.ctx.db.insert(subscriptions).values({ learnerId, planId: plan!.id, subjects: ['Curriculum'], subscriptionType: 'weekly', availableSession: 12, availableWeeklySession: 12, startsAt: clock, expiresAt: new Date(clock.getTime() + 60 * 86_400_000) });
    const start = (await learner.get('/api/curriculum')).json();
    const first = start.step.topic;
    const [a, b] = await Promise.all([userId('tutor@parley.test', 'teacher'), userId('priya.nair@parley.test', 'teacher')]);
    const results = await Promise.all([bookStep(learner, a, { topicId: first._id, level: 'A1' }, 5), bookStep(learner, b, { topicId: first._id, level: 'A1' }, 7)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await learner.get('/api/curriculum')).json().plan.sessionsLeft).toBe(start.plan.sessionsLeft - 1);
  });
});
