import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { liveSessions, mailOutbox, notifications, sessionPresence, sessionReminders, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { decideSessionOutcome, insertSessionJobs, scheduleMissingSessionJobs, sendSessionReminder, SESSION_END_JOB, SESSION_REMINDER_JOB } from './session-jobs.service';
import { nextMondayUtc } from '../../test/clock';
import { newSubscriber as subscriberOf } from '../../test/subscriber';

// A clock the tests move: bookings happen on a Monday (00:00 UTC), the sessions are on Tuesday
// and Wednesday; null runs on real time (for the jobs the queue itself runs).
const monday = nextMondayUtc(new Date());
const mondayDate = monday.toISOString().slice(0, 10);
const tuesdayDate = addDaysToIsoDate(mondayDate, 1);
let clock: Date | null = monday;
let t: TestApp;
let tutor: { id: string; email: string; timezone: string };

const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() });
  const [row] = await t.ctx.db.select({ id: users.id, email: users.email, timezone: users.timezone }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutor = { id: row!.id, email: row!.email!, timezone: row!.timezone };
});
afterAll(() => t.close());
beforeEach(() => {
  clock = monday;
});

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as { rows: T[] }).rows;
}

let learnerCount = 0;
/** A new learner with a subscription of `sessions` English sessions. */
async function newLearner(timezone = 'Asia/Kolkata', sessions = 5) {
  learnerCount += 1;
  const email = `session-jobs-${learnerCount}@example.com`;
  const name = `Learner ${learnerCount}`;
  const learner = await subscriberOf(t, { email, name, timezone, sessions, expiresAt: new Date(monday.getTime() + 30 * 86_400_000) });
  return { ...learner, email, name };
}

/** Books the tutor's first free English slot on Tuesday through the API. */
async function bookTuesday(learner: { c: TestClient; id: string }) {
  const schedule = (await learner.c.get(`/api/teachers/${tutor.id}/schedule?date=${tuesdayDate}&timezone=Asia/Kolkata&subject=English`)).json();
  const slot = schedule.slots[0];
  const res = await learner.c.post('/api/sessions', {
    startTime: slot.start,
    endTime: slot.end,
    date: tuesdayDate,
    duration: schedule.durationMin,
    subject: 'English',
    type: 'Regular',
    learnerId: learner.id,
    teacherId: tutor.id,
    timezone: 'Asia/Kolkata',
    startAt: slot.startAt,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const [session] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, res.json()._id));
  return session!;
}

const availableSessions = async (learnerId: string) =>
  (await t.ctx.db.select({ n: subscriptions.availableSession }).from(subscriptions).where(eq(subscriptions.learnerId, learnerId)))[0]!.n;
const outbox = (topic: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.topic, topic));
const notificationsOf = (userId: string, kind: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const present = (sessionId: string, userId: string, side: 'learner' | 'tutor', from: Date, to: Date | null) =>
  t.ctx.db.insert(sessionPresence).values({ sessionId, userId, side, connectionId: `test-${Math.random()}`, joinedAt: from, leftAt: to });
const plusMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

describe('scheduling', () => {
  it('a booking queues both reminders and the end job, each held until its time', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    const jobs = await rows<{ name: string; offset: number | null; start_after: string | Date }>(
      sql`select name, (data ->> 'offsetMin')::int as offset, start_after from pgboss.job where data ->> 'sessionId' = ${session.id} order by start_after`,
    );
    expect(jobs.map((job) => ({ name: job.name, offset: job.offset, at: new Date(job.start_after).toISOString() }))).toEqual([
      { name: SESSION_REMINDER_JOB, offset: 24 * 60, at: plusMinutes(session.startAt, -24 * 60).toISOString() },
      { name: SESSION_REMINDER_JOB, offset: 15, at: plusMinutes(session.startAt, -15).toISOString() },
      { name: SESSION_END_JOB, offset: null, at: session.endAt.toISOString() },
    ]);
  });

  it('at start-up, a booked session without a pending end job gets its jobs, once', async () => {
    const learner = await newLearner();
    const startAt = new Date(`${addDaysToIsoDate(mondayDate, 3)}T05:00:00Z`);
    const [session] = await t.ctx.db
      .insert(liveSessions)
      .values({ teacherId: tutor.id, learnerId: learner.id, subject: 'English', type: 'Regular', startAt, endAt: plusMinutes(startAt, 15) })
      .returning();
    const jobsOf = () => rows<{ name: string }>(sql`select name from pgboss.job where data ->> 'sessionId' = ${session!.id} order by name`);
    expect(await jobsOf()).toEqual([]);
    await scheduleMissingSessionJobs(t.ctx);
    expect((await jobsOf()).map((j) => j.name)).toEqual([SESSION_END_JOB, SESSION_REMINDER_JOB, SESSION_REMINDER_JOB]);
    await scheduleMissingSessionJobs(t.ctx);
    expect(await jobsOf()).toHaveLength(3);
  });
});

describe('reminders', () => {
  it('15 minutes before: one e-mail each to the learner and the tutor, in their own timezones, and one notification each, however often the job runs', async () => {
    const learner = await newLearner('America/New_York');
    const session = await bookTuesday(learner);
    clock = plusMinutes(session.startAt, -15);
    await sendSessionReminder(t.ctx, { sessionId: session.id, offsetMin: 15 });
    await sendSessionReminder(t.ctx, { sessionId: session.id, offsetMin: 15 });

    const mails = await outbox(`session-reminder:${session.id}:15`);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([learner.email, tutor.email].sort());
    const toLearner = mails.find((m) => m.toAddress === learner.email)!;
    expect(toLearner.subject).toBe('Reminder: your English session starts in 15 minutes');
    const learnerTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: true }).format(session.startAt);
    expect(toLearner.textBody).toContain(`${learnerTime.replace(/\b(am|pm)\b/, (m) => m.toUpperCase())} (America/New_York)`);
    expect(toLearner.textBody).toContain('with Ananya Iyer');
    expect(toLearner.textBody).toContain(`${t.ctx.config.publicUrl}/meeting?session=${session.id}`);
    // Signed as every e-mail is.
    expect(toLearner.textBody.endsWith('\n\nParley')).toBe(true);
    const toTutor = mails.find((m) => m.toAddress === tutor.email)!;
    expect(toTutor.textBody).toContain(`(${tutor.timezone})`);
    expect(toTutor.textBody).toContain(`with ${learner.name}`);

    expect(await notificationsOf(learner.id, 'session_reminder')).toHaveLength(1);
    expect((await notificationsOf(tutor.id, 'session_reminder')).filter((n) => n.link === `/meeting?session=${session.id}`)).toHaveLength(1);
    const bell = (await learner.c.get('/api/notifications')).json();
    expect(bell.items.find((n: { kind: string }) => n.kind === 'session_reminder')).toMatchObject({ kind: 'session_reminder', title: 'Your English session starts in 15 minutes', link: `/meeting?session=${session.id}` });
  });

  it('24 hours before, the e-mail names the day and time as the recipient reads them', async () => {
    const learner = await newLearner('America/New_York');
    const session = await bookTuesday(learner);
    clock = plusMinutes(session.startAt, -24 * 60);
    await sendSessionReminder(t.ctx, { sessionId: session.id, offsetMin: 24 * 60 });
    const [mail] = (await outbox(`session-reminder:${session.id}:1440`)).filter((m) => m.toAddress === learner.email);
    const at = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: true }).format(session.startAt);
    expect(mail!.subject).toBe(`Reminder: your English session is tomorrow at ${at.replace(/\b(am|pm)\b/, (m) => m.toUpperCase())}`);
  });

  it('says UTC when the recipient’s timezone is unknown', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    await t.ctx.db.update(users).set({ timezone: 'Nowhere/Unknown' }).where(eq(users.id, learner.id));
    clock = plusMinutes(session.startAt, -15);
    await sendSessionReminder(t.ctx, { sessionId: session.id, offsetMin: 15 });
    const [mail] = (await outbox(`session-reminder:${session.id}:15`)).filter((m) => m.toAddress === learner.email);
    expect(mail!.textBody).toMatch(/\(UTC\), 15 minutes/);
  });

  it('a cancelled session, or one already started, gets no reminder', async () => {
    const learner = await newLearner();
    const cancelled = await bookTuesday(learner);
    await t.ctx.db.update(liveSessions).set({ status: 'cancelled', cancelledAt: monday, cancelledBy: 'learner' }).where(eq(liveSessions.id, cancelled.id));
    clock = plusMinutes(cancelled.startAt, -15);
    await sendSessionReminder(t.ctx, { sessionId: cancelled.id, offsetMin: 15 });

    const other = await newLearner();
    clock = monday;
    const started = await bookTuesday(other);
    clock = plusMinutes(started.startAt, 1);
    await sendSessionReminder(t.ctx, { sessionId: started.id, offsetMin: 15 });

    for (const id of [cancelled.id, started.id]) {
      expect(await outbox(`session-reminder:${id}:15`)).toEqual([]);
      expect(await t.ctx.db.select().from(sessionReminders).where(eq(sessionReminders.sessionId, id))).toEqual([]);
    }
    expect(await notificationsOf(learner.id, 'session_reminder')).toEqual([]);
  });

  it('a kid’s reminder goes to the parent by e-mail, to the kid in the app, and to the tutor', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const wednesday = addDaysToIsoDate(mondayDate, 2);
    const booked = await parent.send(
      'POST',
      '/api/sessions',
      { startTime: '17:00', endTime: '17:25', date: wednesday, duration: 25, subject: 'English', type: 'Regular', learnerId: aarav._id, teacherId: tutor.id, timezone: 'Asia/Kolkata', forKids: true },
      { 'x-parley-as': 'kid' },
    );
    expect(booked.statusCode).toBe(201);
    const sessionId = booked.json()._id as string;
    const [parentRow] = await t.ctx.db.select().from(users).where(eq(users.email, 'parent@parley.test'));
    clock = plusMinutes(new Date(booked.json().startAt), -15);
    await sendSessionReminder(t.ctx, { sessionId, offsetMin: 15 });

    const mails = await outbox(`session-reminder:${sessionId}:15`);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['parent@parley.test', tutor.email].sort());
    expect(mails.find((m) => m.toAddress === 'parent@parley.test')!.subject).toBe('Reminder: Aarav Rao’s English session starts in 15 minutes');
    expect(await notificationsOf(aarav._id, 'session_reminder')).toHaveLength(1);
    expect(await notificationsOf(parentRow!.id, 'session_reminder')).toHaveLength(1);

    // The tutor does not come: the kid hears of their tutor, the parent of the kid's.
    const startAt = new Date(booked.json().startAt);
    await present(sessionId, aarav._id, 'learner', startAt, plusMinutes(startAt, 25));
    clock = plusMinutes(startAt, 26);
    expect(await decideSessionOutcome(t.ctx, sessionId)).toMatchObject({ outcome: 'TutorNoShow' });
    expect((await notificationsOf(aarav._id, 'session_tutor_no_show')).map((n) => n.title)).toEqual(['Your tutor missed the session']);
    expect((await notificationsOf(parentRow!.id, 'session_tutor_no_show')).map((n) => n.title)).toEqual(['Aarav Rao’s tutor missed the session']);
  });
});

describe('attendance at the end', () => {
  it('both present for at least half: Completed, with each side’s minutes, shown in the past lists', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    await present(session.id, learner.id, 'learner', plusMinutes(session.startAt, 2), plusMinutes(session.startAt, 6));
    await present(session.id, learner.id, 'learner', plusMinutes(session.startAt, 7), plusMinutes(session.startAt, 13));
    await present(session.id, tutor.id, 'tutor', plusMinutes(session.startAt, -3), null);
    clock = plusMinutes(session.endAt, 1);
    expect(await decideSessionOutcome(t.ctx, session.id)).toEqual({ outcome: 'Completed', learnerMinutes: 10, tutorMinutes: 15, refunded: false });
    expect(await availableSessions(learner.id)).toBe(4);

    const past = (await learner.c.get('/api/sessions?when=past')).json();
    expect(past.items).toEqual([expect.objectContaining({ _id: session.id, outcome: 'Completed', learnerMinutes: 10, tutorMinutes: 15, refunded: false })]);
    const tutorClient = await t.signIn('tutor@parley.test', 'teacher');
    const tutorPast = (await tutorClient.get('/api/teacher/sessions?when=past&limit=50')).json();
    expect(tutorPast.items.find((i: { _id: string }) => i._id === session.id)).toMatchObject({ outcome: 'Completed', learnerMinutes: 10, tutorMinutes: 15 });
    const tutorUpcoming = (await tutorClient.get('/api/teacher/sessions?limit=50')).json();
    expect(tutorUpcoming.items.some((i: { _id: string }) => i._id === session.id)).toBe(false);
  });

  it('the learner absent: LearnerNoShow, and the session stays spent', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    await present(session.id, learner.id, 'learner', plusMinutes(session.startAt, 0), plusMinutes(session.startAt, 5));
    await present(session.id, tutor.id, 'tutor', session.startAt, session.endAt);
    clock = plusMinutes(session.endAt, 1);
    expect(await decideSessionOutcome(t.ctx, session.id)).toEqual({ outcome: 'LearnerNoShow', learnerMinutes: 5, tutorMinutes: 15, refunded: false });
    expect(await availableSessions(learner.id)).toBe(4);
    expect(await notificationsOf(learner.id, 'session_tutor_no_show')).toEqual([]);
  });

  it('the tutor absent: TutorNoShow, the session given back and the learner told; a second run changes nothing', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    expect(await availableSessions(learner.id)).toBe(4);
    await present(session.id, learner.id, 'learner', session.startAt, session.endAt);
    await present(session.id, tutor.id, 'tutor', plusMinutes(session.startAt, 1), plusMinutes(session.startAt, 4));
    clock = plusMinutes(session.endAt, 1);
    expect(await decideSessionOutcome(t.ctx, session.id)).toEqual({ outcome: 'TutorNoShow', learnerMinutes: 15, tutorMinutes: 3, refunded: true });
    expect(await availableSessions(learner.id)).toBe(5);
    expect(await notificationsOf(learner.id, 'session_tutor_no_show')).toHaveLength(1);
    // And by e-mail, as a tutor's cancellation is.
    const [mail] = await outbox(`session-tutor-no-show:${session.id}`);
    expect(mail).toMatchObject({ toAddress: learner.email, subject: expect.stringMatching(/^Your English session on .+ did not take place$/) });
    expect(mail!.textBody).toMatch(/Ananya Iyer did not join your English session on .+, so it did not count\. The session is back in your balance, so you can book another time\./);
    // The tutor is told too, in the app, with the way to their past sessions.
    const toldTutor = async () => (await notificationsOf(tutor.id, 'session_tutor_no_show')).filter((n) => n.body.includes(`with ${learner.name},`));
    const [told] = await toldTutor();
    expect(told).toMatchObject({ title: 'You missed a session', link: '/teacher/sessions?when=past' });
    expect(told!.body).toBe(`You did not join the English session with ${learner.name}, so it did not count: the learner got the session back.`);

    // The tutor's late stretch arrives after the decision: the job runs again, and nothing moves.
    await present(session.id, tutor.id, 'tutor', plusMinutes(session.startAt, 4), session.endAt);
    expect(await decideSessionOutcome(t.ctx, session.id)).toBeNull();
    expect(await availableSessions(learner.id)).toBe(5);
    expect(await notificationsOf(learner.id, 'session_tutor_no_show')).toHaveLength(1);
    expect(await outbox(`session-tutor-no-show:${session.id}`)).toHaveLength(1);
    expect(await toldTutor()).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, session.id));
    expect(row).toMatchObject({ outcome: 'TutorNoShow', tutorMinutes: 3, refunded: true });
    const past = (await learner.c.get('/api/sessions?when=past')).json();
    expect(past.items[0]).toMatchObject({ _id: session.id, outcome: 'TutorNoShow', learnerMinutes: 15, tutorMinutes: 3, refunded: true });
  });

  it('decides nothing for a cancelled session, or before the end', async () => {
    const learner = await newLearner();
    const session = await bookTuesday(learner);
    // A minute early (clocks apart): refused, so the queue tries again; an hour early (moved): nothing yet.
    clock = plusMinutes(session.endAt, -1);
    await expect(decideSessionOutcome(t.ctx, session.id)).rejects.toThrow('has not ended yet');
    clock = plusMinutes(session.endAt, -60);
    expect(await decideSessionOutcome(t.ctx, session.id)).toBeNull();
    await t.ctx.db.update(liveSessions).set({ status: 'cancelled', cancelledAt: monday, cancelledBy: 'tutor' }).where(eq(liveSessions.id, session.id));
    clock = plusMinutes(session.endAt, 1);
    expect(await decideSessionOutcome(t.ctx, session.id)).toBeNull();
    const [row] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, session.id));
    expect(row!.outcome).toBeNull();
    // A cancelled session is listed with the past ones, saying who cancelled it.
    clock = monday;
    const past = (await learner.c.get('/api/sessions?when=past')).json();
    expect(past.items).toEqual([expect.objectContaining({ _id: session.id, status: 'cancelled', cancelledBy: 'tutor', outcome: null })]);
    expect((await learner.c.get('/api/sessions?when=upcoming')).json().items).toEqual([]);
  });
});

describe('on the real queue', () => {
  const waitFor = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 200 });

  it('a reminder and an end job run at their time, once', async () => {
    clock = null;
    const learner = await newLearner();
    const now = Date.now();
    // Due in 3 s: the 15-minute reminder of one session, and the end of another.
    const soonStart = new Date(now + 15 * MINUTE + 3_000);
    const [soon] = await t.ctx.db
      .insert(liveSessions)
      .values({ teacherId: tutor.id, learnerId: learner.id, subject: 'English', type: 'Regular', startAt: soonStart, endAt: plusMinutes(soonStart, 15) })
      .returning();
    const [ending] = await t.ctx.db
      .insert(liveSessions)
      .values({ teacherId: tutor.id, learnerId: learner.id, subject: 'English', type: 'Regular', startAt: new Date(now - 12 * MINUTE), endAt: new Date(now + 3_000) })
      .returning();
    await present(ending!.id, learner.id, 'learner', ending!.startAt, null);
    await present(ending!.id, tutor.id, 'tutor', ending!.startAt, null);
    await insertSessionJobs(t.ctx, t.ctx.db, soon!);
    await insertSessionJobs(t.ctx, t.ctx.db, ending!);

    await sleep(1_000);
    expect(await outbox(`session-reminder:${soon!.id}:15`)).toEqual([]);
    await waitFor(async () => expect(await outbox(`session-reminder:${soon!.id}:15`)).toHaveLength(2));
    await waitFor(async () => {
      const [row] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, ending!.id));
      expect(row).toMatchObject({ outcome: 'Completed', learnerMinutes: 12 });
    });
    // The 24-hour reminder of a session 15 minutes away was already past: never queued.
    expect(await rows(sql`select 1 from pgboss.job where data ->> 'sessionId' = ${soon!.id} and (data ->> 'offsetMin')::int = 1440`)).toEqual([]);
  });
});
