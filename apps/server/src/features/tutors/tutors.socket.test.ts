import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { liveSockets, type LiveSocket } from '../../test/live-socket';

let t: TestApp;
let baseUrl: string;
const sockets = liveSockets(() => t, () => baseUrl);

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const socketFor = sockets.open;

/** The schedule_changed events the socket hears, as tutor ids. */
function heard(socket: LiveSocket): string[] {
  const ids: string[] = [];
  socket.on('schedule_changed', ({ tutorId }) => ids.push(tutorId));
  return ids;
}

const idOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
/** Waits until the server has handled what the socket sent before (its events are handled in order). */
const settle = (socket: LiveSocket) => new Promise<void>((resolve) => socket.emit('join_room', { chatroomId: '00000000-0000-4000-8000-000000000000' }, () => resolve()));
const saveHours = async (tutor: TestClient) => {
  const week = (await tutor.get('/api/teacher/availability')).json();
  expect((await tutor.put('/api/teacher/availability', { ranges: week.ranges, daysOff: week.daysOff })).statusCode).toBe(200);
};

describe('a schedule open in the browser', () => {
  it('hears when the tutor’s schedule changes, for the tutor it watches only, and no more once it stops', async () => {
    const daniel = await t.signIn('daniel.brooks@parley.test', 'teacher');
    const oliver = await t.signIn('oliver.grant@parley.test', 'teacher');
    const [danielId, oliverId] = await Promise.all([idOf('daniel.brooks@parley.test'), idOf('oliver.grant@parley.test')]);
    const learner = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const events = heard(learner);

    learner.emit('schedule:watch', { tutorId: danielId });
    await settle(learner);
    await saveHours(daniel);
    await expect.poll(() => events).toEqual([danielId]);
    await saveHours(oliver);

    // Watching another tutor leaves the first: one schedule a connection.
    learner.emit('schedule:watch', { tutorId: oliverId });
    await settle(learner);
    await saveHours(daniel);
    await saveHours(oliver);
    await expect.poll(() => events).toEqual([danielId, oliverId]);

    learner.emit('schedule:unwatch', { tutorId: oliverId });
    await settle(learner);
    await saveHours(oliver);
    await saveHours(daniel);
    // A later event would have arrived by now: the server answered the next ask after both saves.
    await settle(learner);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([danielId, oliverId]);
  });

  it('hears of a booking too, as a kid', async () => {
    const parent = await t.signIn('parent@parley.test');
    const aarav = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const kid = await socketFor(parent, 'kid');
    const events = heard(kid);
    const tutorId = await idOf('tutor@parley.test');
    kid.emit('schedule:watch', { tutorId });
    await settle(kid);

    const learner = await t.signIn('learner@parley.test');
    // The first day from the day after tomorrow with a free slot (the tutor has no hours on Sundays).
    let date = '';
    let slot: { start: string; end: string } | undefined;
    for (let days = 2; !slot; days += 1) {
      date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      slot = (await learner.get(`/api/teachers/${tutorId}/schedule?date=${date}&timezone=Asia/Kolkata&subject=English`)).json().slots[0];
    }
    const learnerId = (await learner.get('/api/auth/me?role=learner')).json().user._id;
    const booked = await learner.post('/api/sessions', {
      startTime: slot.start,
      endTime: slot.end,
      date,
      duration: 15,
      subject: 'English',
      type: 'Regular',
      learnerId,
      teacherId: tutorId,
      timezone: 'Asia/Kolkata',
      forKids: false,
    });
    expect(booked.statusCode).toBe(201);
    await expect.poll(() => events).toEqual([tutorId]);
  });

  it('is for learners and kids: a tutor’s watch is not kept, and a bad one is dropped', async () => {
    const tutorId = await idOf('daniel.brooks@parley.test');
    const tutorSocket = await socketFor(await t.signIn('tutor@parley.test', 'teacher'), 'teacher');
    const learner = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const tutorHeard = heard(tutorSocket);
    const learnerHeard = heard(learner);
    tutorSocket.emit('schedule:watch', { tutorId });
    learner.emit('schedule:watch', { tutorId: 'not-an-id' });
    learner.emit('schedule:watch', undefined as never);
    await Promise.all([settle(learner), settle(tutorSocket)]);
    const before = t.ctx.realtime.localFootprint();
    await saveHours(await t.signIn('daniel.brooks@parley.test', 'teacher'));
    await settle(learner);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([tutorHeard, learnerHeard]).toEqual([[], []]);
    expect(t.ctx.realtime.localFootprint()).toEqual(before);
  });
});

describe('a tutor list open in the browser', () => {
  it('hears when a moderator blocks or unblocks a tutor, and no more once it stops watching', async () => {
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const tutorId = await idOf('oliver.grant@parley.test');
    const learner = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const events: string[] = [];
    learner.on('tutors_changed', ({ tutorId: id }) => events.push(id));

    learner.emit('tutors:watch');
    await settle(learner);
    expect((await moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason: 'Tutor list test: blocked.' })).statusCode).toBe(200);
    await expect.poll(() => events).toEqual([tutorId]);
    expect((await moderator.post(`/api/moderator/tutors/${tutorId}/unblock`, { reason: 'Tutor list test: unblocked.' })).statusCode).toBe(200);
    await expect.poll(() => events).toEqual([tutorId, tutorId]);

    learner.emit('tutors:unwatch');
    await settle(learner);
    await moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason: 'Tutor list test: blocked again.' });
    await moderator.post(`/api/moderator/tutors/${tutorId}/unblock`, { reason: 'Tutor list test: unblocked again.' });
    await settle(learner);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([tutorId, tutorId]);
  });
});
