import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { liveSessions, teacherDaysOff, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { nextMondayUtc } from '../../test/clock';
import { sendMessage } from '../chat/chat.service';

// A fixed clock: next Monday 00:00 UTC.
const monday = nextMondayUtc(new Date());
const tuesdayDate = addDaysToIsoDate(monday.toISOString().slice(0, 10), 1);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => monday });
});
afterAll(() => t.close());

const idOf = async (c: TestClient, role = 'learner') => (await c.get(`/api/auth/me?role=${role}`)).json().user._id as string;
const userIdOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('weekly availability', () => {
  it('the schedule learners see follows the tutor’s edits', async () => {
    const tutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    const danielId = await idOf(tutor, 'teacher');
    const saved = await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 2, startMinute: 600, endMinute: 660 }], daysOff: [] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().timezone).toBe('America/New_York');
    const learner = await t.signIn('learner@parley.test');
    const slots = (await learner.get(`/api/teachers/${danielId}/schedule?date=${tuesdayDate}&timezone=America/New_York`)).json().slots;
    expect(slots.map((s: { start: string }) => s.start)).toEqual(['10:00', '10:15', '10:30', '10:45']);

    await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 2, startMinute: 600, endMinute: 660 }], daysOff: [tuesdayDate] });
    expect((await learner.get(`/api/teachers/${danielId}/schedule?date=${tuesdayDate}&timezone=America/New_York`)).json().slots).toEqual([]);
  });

  it('refuses overlapping ranges and keeps the old week', async () => {
    const tutor = await t.signIn('oliver.grant@parley.test', 'teacher');
    const before = (await tutor.get('/api/teacher/availability')).json();
    const res = await tutor.put('/api/teacher/availability', {
      ranges: [
        { weekday: 1, startMinute: 600, endMinute: 700 },
        { weekday: 1, startMinute: 650, endMinute: 720 },
      ],
      daysOff: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'ranges.0': 'Ranges on the same day must not overlap', 'ranges.1': 'Ranges on the same day must not overlap' });
    expect((await tutor.get('/api/teacher/availability')).json()).toEqual(before);
  });

  it('refuses a new day off before the tutor’s today, and keeps one saved before it passed', async () => {
    const tutor = await t.signIn('oliver.grant@parley.test', 'teacher');
    const before = (await tutor.get('/api/teacher/availability')).json();
    const today = isoDateInZone(monday, before.timezone);
    const yesterday = addDaysToIsoDate(today, -1);
    const res = await tutor.put('/api/teacher/availability', { ranges: before.ranges, daysOff: [today, yesterday] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'daysOff.1': 'Pick today or a later date.' });
    expect((await tutor.get('/api/teacher/availability')).json()).toEqual(before);
    // A day off saved while it was ahead is still in the tutor’s list once it has passed: sending it back changes nothing.
    const oliverId = await idOf(tutor, 'teacher');
    await t.ctx.db.insert(teacherDaysOff).values({ teacherId: oliverId, day: yesterday });
    const again = await tutor.put('/api/teacher/availability', { ranges: before.ranges, daysOff: [yesterday, today] });
    expect(again.statusCode).toBe(200);
    expect(again.json().daysOff).toEqual([yesterday, today]);
  });

  it('refuses a save made from hours changed since they were read (another tab saved first), and keeps the newer week', async () => {
    const tutor = await t.signIn('grace.thompson@parley.test', 'teacher');
    const read = (await tutor.get('/api/teacher/availability')).json();
    expect(read.version).toMatch(/^[\w-]{16,}$/);
    const first = await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 6, startMinute: 540, endMinute: 840 }], daysOff: [], version: read.version });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).not.toBe(read.version);

    const stale = await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 3, startMinute: 600, endMinute: 1200 }], daysOff: [], version: read.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'HOURS_CHANGED', message: messages.hoursChanged });
    const now = (await tutor.get('/api/teacher/availability')).json();
    expect(now.ranges).toEqual([{ weekday: 6, startMinute: 540, endMinute: 840 }]);
    expect(now.version).toBe(first.json().version);

    // Saved from the hours as they are now, it goes through.
    const fresh = await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 3, startMinute: 600, endMinute: 1200 }], daysOff: [], version: now.version });
    expect(fresh.statusCode).toBe(200);
  });

  it('gives the same week the same version, whatever order it was sent in', async () => {
    const tutor = await t.signIn('marcus.lee@parley.test', 'teacher');
    const week = [
      { weekday: 1, startMinute: 540, endMinute: 600 },
      { weekday: 0, startMinute: 600, endMinute: 660 },
    ];
    const a = (await tutor.put('/api/teacher/availability', { ranges: week, daysOff: [] })).json();
    const b = (await tutor.put('/api/teacher/availability', { ranges: [...week].reverse(), daysOff: [], version: a.version })).json();
    expect(b.version).toBe(a.version);
  });

  it('only tutors reach the tutor area', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.get('/api/teacher/availability')).statusCode).toBe(401);
  });
});

describe('upcoming sessions', () => {
  it('lists the tutor’s own booked sessions that have not ended, soonest first, a page at a time', async () => {
    const tutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    const tutorId = await idOf(tutor, 'teacher');
    const learnerId = await userIdOf('learner@parley.test');
    const at = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);
    const session = (startHours: number, status: 'booked' | 'cancelled' = 'booked') => ({
      teacherId: tutorId,
      learnerId,
      subject: 'English',
      type: 'Regular' as const,
      status,
      startAt: at(startHours),
      endAt: new Date(at(startHours).getTime() + 15 * 60_000),
    });
    await t.ctx.db.insert(liveSessions).values([session(-5), session(30), session(10), session(50, 'cancelled')]);

    const page = (await tutor.get('/api/teacher/sessions?page=1&limit=1')).json();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({ startAt: at(10).toISOString(), status: 'booked', teacher: expect.objectContaining({ _id: tutorId }), learner: expect.objectContaining({ _id: learnerId }) }),
    ]);
    expect((await tutor.get('/api/teacher/sessions?page=2&limit=1')).json().items[0].startAt).toBe(at(30).toISOString());

    const otherTutor = await t.signIn('oliver.grant@parley.test', 'teacher');
    expect((await otherTutor.get('/api/teacher/sessions')).json().items.some((i: { teacher: { _id: string } }) => i.teacher._id === tutorId)).toBe(false);
  });
});

describe('an IELTS learner’s goal', () => {
  it('is shown to the tutor with the learner’s upcoming IELTS sessions (the IELTS dashboard promises it), and with no other subject', async () => {
    const tutor = await t.signIn('grace.thompson@parley.test', 'teacher');
    const tutorId = await idOf(tutor, 'teacher');
    const learnerId = await userIdOf('ielts@parley.test');
    await t.ctx.db.update(users).set({ ieltsBandGoal: 6.5, ieltsTestDate: '2027-02-15' }).where(eq(users.id, learnerId));
    const at = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);
    const session = (subject: string, startHours: number) => ({ teacherId: tutorId, learnerId, subject, type: 'Regular' as const, status: 'booked' as const, startAt: at(startHours), endAt: at(startHours + 1) });
    await t.ctx.db.insert(liveSessions).values([session('IELTS', 40), session('English', 44)]);
    const items = (await tutor.get('/api/teacher/sessions?limit=50')).json().items as { subject: string; learner: { _id: string }; ieltsGoal?: unknown }[];
    const mine = items.filter((i) => i.learner._id === learnerId);
    expect(mine.map((i) => [i.subject, i.ieltsGoal])).toEqual([
      ['IELTS', { band: 6.5, testDate: '2027-02-15' }],
      ['English', null],
    ]);
  });
});

describe('past sessions', () => {
  it('lists ended sessions and cancellations by when each happened, latest first, for the tutor and the learner alike', async () => {
    const tutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    const tutorId = await idOf(tutor, 'teacher');
    const learner = t.client();
    const signup = await learner.post('/api/auth/signup', { name: 'Past Lister', email: 'past-lister@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
    expect(signup.statusCode).toBe(201);
    const learnerId = signup.json().user._id as string;
    const at = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);
    const session = (name: string, startHours: number, cancelledHours?: number | null) => ({
      teacherId: tutorId,
      learnerId,
      subject: 'English',
      type: 'Regular' as const,
      status: cancelledHours === undefined ? ('booked' as const) : ('cancelled' as const),
      startAt: at(startHours),
      endAt: new Date(at(startHours).getTime() + 15 * 60_000),
      cancelledAt: cancelledHours == null ? null : at(cancelledHours),
      cancelledBy: cancelledHours === undefined ? null : ('learner' as const),
      name,
    });
    const planned = [
      session('held two days ago', -48),
      session('held two hours ago', -2),
      // Called off yesterday, for three days from now: listed where it was called off, not above today's.
      session('for next week, called off yesterday', 72, -24),
      session('for next week, called off an hour ago', 240, -1),
      session('called off days before its time', -50, -100),
      // An old cancellation without its time: listed at its end.
      session('cancelled, time unknown', -10, null),
      session('still ahead', 33.5),
    ];
    const inserted = await t.ctx.db
      .insert(liveSessions)
      .values(planned.map(({ name: _, ...row }) => row))
      .returning({ id: liveSessions.id });
    const nameOf = new Map(inserted.map((row, i) => [row.id, planned[i]!.name]));
    const expected = [
      'for next week, called off an hour ago',
      'held two hours ago',
      'cancelled, time unknown',
      'for next week, called off yesterday',
      'held two days ago',
      'called off days before its time',
    ];
    const names = async (c: TestClient, path: string) => ((await c.get(path)).json().items as { _id: string }[]).map((i) => nameOf.get(i._id)).filter(Boolean);
    expect(await names(tutor, '/api/teacher/sessions?when=past&limit=50')).toEqual(expected);
    expect(await names(learner, '/api/sessions?when=past&limit=50')).toEqual(expected);
  });
});

describe('days off with booked sessions', () => {
  it('keeps the sessions booked and says, in the tutor’s timezone, how many each day has', async () => {
    const tutor = await t.signIn('sofia.martinez@parley.test', 'teacher');
    const tutorId = await idOf(tutor, 'teacher');
    const learnerId = await userIdOf('learner@parley.test');
    const session = (startAt: Date, status: 'booked' | 'cancelled' = 'booked') => ({
      teacherId: tutorId,
      learnerId,
      subject: 'English',
      type: 'Regular' as const,
      status,
      startAt,
      endAt: new Date(startAt.getTime() + 15 * 60_000),
    });
    // Tuesday 10:00 and 23:30 in Madrid (the second is Wednesday in UTC), one cancelled, and one on Wednesday.
    await t.ctx.db
      .insert(liveSessions)
      .values([
        session(new Date(`${tuesdayDate}T08:00:00Z`)),
        session(new Date(`${tuesdayDate}T21:30:00Z`)),
        session(new Date(`${tuesdayDate}T12:00:00Z`), 'cancelled'),
        session(new Date(`${addDaysToIsoDate(tuesdayDate, 1)}T08:00:00Z`)),
      ]);
    expect(isoDateInZone(new Date(`${tuesdayDate}T21:30:00Z`), 'Europe/Madrid')).toBe(tuesdayDate);

    const week = { ranges: [{ weekday: 2, startMinute: 600, endMinute: 660 }] };
    // Every day with booked sessions is counted, day off or not, so the editor warns as a day off is added.
    const ours = (answer: { bookedDays: { day: string; sessions: number }[] }) => answer.bookedDays.filter((b) => b.day >= tuesdayDate && b.day <= addDaysToIsoDate(tuesdayDate, 2));
    const expected = [
      { day: tuesdayDate, sessions: 2 },
      { day: addDaysToIsoDate(tuesdayDate, 1), sessions: 1 },
    ];
    expect(ours((await tutor.get('/api/teacher/availability')).json())).toEqual(expected);
    const saved = await tutor.put('/api/teacher/availability', { ...week, daysOff: [tuesdayDate, addDaysToIsoDate(tuesdayDate, 2)] });
    expect(saved.statusCode).toBe(200);
    expect(ours(saved.json())).toEqual(expected);
    // A day off cancels nothing.
    const statuses = await t.ctx.db.select({ status: liveSessions.status }).from(liveSessions).where(eq(liveSessions.teacherId, tutorId));
    expect(statuses.filter((r) => r.status === 'booked')).toHaveLength(3);
  });
});

describe('a tutor a moderator blocked', () => {
  it('reads the block and its reason in their area, and pressing Book on a chat request says they are blocked', async () => {
    const tutor = await t.signIn('marcus.lee@parley.test', 'teacher');
    const tutorId = await idOf(tutor, 'teacher');
    const learner = await t.signIn('learner@parley.test');
    const learnerId = await idOf(learner);
    expect((await tutor.get('/api/teacher/availability')).json().block).toBeNull();

    const roomId = (await learner.post('/room/v1/initiate', { teacherId: tutorId })).json().room._id as string;
    const request = await sendMessage(
      t.ctx,
      { userId: learnerId, role: 'learner', sessionId: 'test' },
      { chatroomId: roomId, msgType: 'Session', message: 'Tuesday?', sessionDate: addDaysToIsoDate(isoDateInZone(monday, 'Asia/Kolkata'), 1), sessionTime: '10:00', subject: 'English', forKids: false },
    );

    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const reason = 'Repeated no-shows reported by learners.';
    expect((await moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason })).statusCode).toBe(200);
    expect((await tutor.get('/api/teacher/availability')).json().block).toEqual({ reason });

    const refused = await tutor.put('/room/v1/message', { messageId: request._id, status: 'Booked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.blockedTutorCannotBook);

    expect((await moderator.post(`/api/moderator/tutors/${tutorId}/unblock`, { reason: 'Agreed a plan with the tutor.' })).statusCode).toBe(200);
    expect((await tutor.get('/api/teacher/availability')).json().block).toBeNull();
  });
});

describe('the profile learners see', () => {
  const cardOf = async (learner: TestClient, tutorId: string) =>
    ((await learner.get('/api/teachers?subject=IELTS')).json().items as { _id: string; description: string; tags: string[] }[]).find((card) => card._id === tutorId);

  it('shows the tutor their card’s text and place, with what Parley keeps', async () => {
    const tutor = await t.signIn('hannah.becker@parley.test', 'teacher');
    const res = await tutor.get('/api/teacher/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Hannah Becker',
      image: `/api/assets/avatar/${await idOf(tutor, 'teacher')}.svg`,
      subjects: ['IELTS'],
      tags: ['Grammar Guru', 'Interview Expert'],
      country: 'DE',
      timezone: 'Europe/Berlin',
    });
    expect(res.json().bio).toMatch(/^IELTS writing and speaking coach\./);
  });

  it('saves the bio and tags, and learners see them on the card and in the schedule at once', async () => {
    const tutor = await t.signIn('hannah.becker@parley.test', 'teacher');
    const hannahId = await idOf(tutor, 'teacher');
    const learner = await t.signIn('learner@parley.test');
    const schedulePath = `/api/teachers/${hannahId}/schedule?date=${tuesdayDate}&timezone=UTC&subject=IELTS`;
    // Cached on this node before the edit.
    expect((await learner.get(schedulePath)).json().teacher.tags).toEqual(['Grammar Guru', 'Interview Expert']);

    const saved = await tutor.put('/api/teacher/profile', { bio: '  Band 8 coach.  ', tags: ['Accent Trainer'], country: 'DE', timezone: 'Europe/Berlin' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ bio: 'Band 8 coach.', tags: ['Accent Trainer'] });
    expect(await cardOf(learner, hannahId)).toMatchObject({ description: 'Band 8 coach.', tags: ['Accent Trainer'] });
    expect((await learner.get(schedulePath)).json().teacher).toMatchObject({ description: 'Band 8 coach.', tags: ['Accent Trainer'] });
  });

  it('reads the weekly hours in the new time zone once it is saved', async () => {
    const tutor = await t.signIn('hannah.becker@parley.test', 'teacher');
    const hannahId = await idOf(tutor, 'teacher');
    await tutor.put('/api/teacher/availability', { ranges: [{ weekday: 2, startMinute: 600, endMinute: 660 }], daysOff: [] });
    const learner = await t.signIn('learner@parley.test');
    const firstStart = async () =>
      new Date((await learner.get(`/api/teachers/${hannahId}/schedule?date=${tuesdayDate}&timezone=UTC&subject=IELTS`)).json().slots[0].startAt).getTime();
    const inBerlin = await firstStart();

    const profile = (await tutor.get('/api/teacher/profile')).json();
    const moved = await tutor.put('/api/teacher/profile', { bio: profile.bio, tags: profile.tags, country: 'GB', timezone: 'Europe/London' });
    expect(moved.statusCode).toBe(200);
    // 10:00 in London is an hour after 10:00 in Berlin, summer or winter.
    expect((await firstStart()) - inBerlin).toBe(3_600_000);
    expect((await tutor.get('/api/teacher/availability')).json().timezone).toBe('Europe/London');
    expect((await tutor.get('/api/auth/me?role=teacher')).json().user.timezone).toBe('Europe/London');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const tutor = await t.signIn('marcus.lee@parley.test', 'teacher');
    const before = (await tutor.get('/api/teacher/profile')).json();
    const res = await tutor.put('/api/teacher/profile', {
      bio: 'x'.repeat(1001),
      tags: ['Grammar Guru', 'Accent Trainer', 'Interview Expert', 'Vocabulary Whiz'],
      country: 'XX',
      timezone: 'Mars/Olympus',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      bio: 'Use at most 1000 characters',
      tags: 'Choose at most 3 tags',
      country: 'Choose a country from the list',
      timezone: 'Unknown timezone',
    });
    expect((await tutor.put('/api/teacher/profile', { ...before, tags: ['Best Tutor'] })).json().fields).toEqual({ 'tags.0': 'Choose tags from the list' });
    expect((await tutor.put('/api/teacher/profile', { bio: 'Hi' })).statusCode).toBe(400);
    expect((await tutor.get('/api/teacher/profile')).json()).toEqual(before);
  });

  it('is the tutor’s own: a learner cannot read or write it', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.get('/api/teacher/profile')).statusCode).toBe(401);
    expect((await learner.put('/api/teacher/profile', { bio: '', tags: ['Grammar Guru'], country: 'IN', timezone: 'Asia/Kolkata' })).statusCode).toBe(401);
  });
});
