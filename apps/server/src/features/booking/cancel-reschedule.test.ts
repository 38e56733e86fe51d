import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { kidSessionBalances, liveSessions, subscriptions, teachers, users } from '../../db/schema';
import { deadlockFirstInsert } from '../../test/deadlock-victim';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { emitAck, liveSockets, nextEvent, type LiveSocket } from '../../test/live-socket';
import { nextMondayUtc } from '../../test/clock';
import { waitForLockWaiter } from '../../test/lock-wait';
import { newSubscriber as subscriberOf, plusMin } from '../../test/subscriber';
import { lockTutor } from './booking.repository';
import { createLiveSession } from './booking.service';

// The clock starts next Monday 00:00 UTC (05:30 in Asia/Kolkata, the demo tutor's zone); a test
// moves it to cancel later. The tutor teaches 08:00–12:00 and 17:00–21:00 Kolkata time.
const monday = nextMondayUtc(new Date());
const tuesday = addDaysToIsoDate(monday.toISOString().slice(0, 10), 1);
const wednesday = addDaysToIsoDate(monday.toISOString().slice(0, 10), 2);
const thursday = addDaysToIsoDate(monday.toISOString().slice(0, 10), 3);
let clock = monday;
let t: TestApp;
let baseUrl: string;
let tutorId: string;
const sockets = liveSockets(() => t, () => baseUrl);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  baseUrl = await t.listen();
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

/** 'HH:mm' on a date in Kolkata (no daylight saving) as an ISO instant. */
const kolkata = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`).toISOString();

async function newSubscriber(email: string, sessions = 5) {
  const learner = await subscriberOf(t, { email, name: `Learner ${email.split('@')[0]}`, sessions, expiresAt: new Date(monday.getTime() + 30 * 86_400_000) });
  return { ...learner, email };
}

async function book(c: TestClient, learnerId: string, date: string, start: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const duration = (extra.duration as number | undefined) ?? 15;
  const body = { startTime: start, endTime: plusMin(start, duration), date, duration, subject: 'English', type: 'Regular', learnerId, teacherId: tutorId, token: null, timezone: 'Asia/Kolkata', ...extra };
  const res = await c.send('POST', '/api/sessions', body, headers);
  if (res.statusCode !== 201) throw new Error(`booking ${date} ${start} failed: ${res.body}`);
  return res.json()._id as string;
}

const availableOf = async (learnerId: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, learnerId)))[0]!.availableSession;
const sessionRow = async (id: string) => (await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0]!;
const cancel = (c: TestClient, id: string, reason = '', headers: Record<string, string> = {}) => c.send('POST', `/api/sessions/${id}/cancel`, { reason }, headers);
const reschedule = (c: TestClient, id: string, date: string, start: string, duration = 15) =>
  c.post(`/api/sessions/${id}/reschedule`, { startTime: kolkata(date, start), endTime: kolkata(date, plusMin(start, duration)), timezone: 'Asia/Kolkata' });

const socketFor = sockets.open;

/** The learner asks the demo tutor for a session at `time` (Kolkata) through the chat; the tutor books it from there. */
async function requestInChat(c: TestClient, date: string, time: string): Promise<{ socket: LiveSocket; messageId: string }> {
  const roomId = (await c.post('/room/v1/initiate', { teacherId: tutorId })).json().room._id;
  const socket = await socketFor(c, 'learner');
  const request = await emitAck<ChatMessage>(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Could we meet then?', sessionDate: date, sessionTime: time, subject: 'English' });
  if (!request.ok) throw new Error(request.message);
  return { socket, messageId: request.data._id };
}

type NotificationItem = { _id: string; kind: string; title: string; body: string; link: string | null; readAt: string | null };
const notificationsOf = async (c: TestClient, headers: Record<string, string> = {}) => (await c.send('GET', '/api/notifications', undefined, headers)).json().items as NotificationItem[];

type MailItem = { _id: string; subject: string; text: string; status: string };
const mailTo = async (address: string) => (await t.client().get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json().items as MailItem[];
/** The one e-mail to the address whose subject ends so. */
async function onlyMail(address: string, subjectEnd: string): Promise<MailItem> {
  const found = (await mailTo(address)).filter((m) => m.subject.endsWith(subjectEnd));
  expect(found.map((m) => m.subject)).toHaveLength(1);
  return found[0]!;
}
/** 'Tue, 8 Dec 2026, 5:30 PM (Asia/Kolkata)', as e-mails say a Kolkata time. */
const kolkataWhen = (date: string, hhmm: string) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(kolkata(date, hhmm)))}, ${Number(hhmm.slice(0, 2)) % 12 || 12}:${hhmm.slice(3)} ${Number(hhmm.slice(0, 2)) < 12 ? 'AM' : 'PM'} (Asia/Kolkata)`;

describe('e-mails to the learner side', () => {
  it('a learner who books gets an e-mail saying when, with whom, where to join and the cancellation rule; asking again sends no second one', async () => {
    const { c, id, email } = await newSubscriber('booked-mail@example.com');
    await book(c, id, thursday, '19:30');
    const mail = await onlyMail(email, `${kolkataWhen(thursday, '19:30')} is booked`);
    expect(mail.subject).toBe(`Your English session on ${kolkataWhen(thursday, '19:30')} is booked`);
    expect(mail.text.split('\n')).toEqual([
      'Hello Learner booked-mail,',
      '',
      `Your English session with Ananya Iyer is booked for ${kolkataWhen(thursday, '19:30')}, 15 minutes.`,
      '',
      `Your sessions: ${t.ctx.config.publicUrl}/learner/session`,
      'The Join button there works from 10 minutes before the start until the end. We will remind you 24 hours and 15 minutes before it starts.',
      'You can cancel or move it from your sessions: 12 hours or more before the start, the session is given back; later, it is spent.',
      '',
      'Parley',
    ]);
    // The answer to the first ask was lost: asking again answers with the session, and mails nothing more.
    await book(c, id, thursday, '19:30');
    await onlyMail(email, `${kolkataWhen(thursday, '19:30')} is booked`);
  });

  it('a booking less than a day ahead names only the reminder still to come', async () => {
    const { c, id, email } = await newSubscriber('booked-soon@example.com');
    await book(c, id, monday.toISOString().slice(0, 10), '20:00'); // 14.5 hours ahead
    const mail = await onlyMail(email, 'is booked');
    expect(mail.text).toContain('We will remind you 15 minutes before it starts.');
  });

  it('a booking less than 12 hours ahead says that cancelling or moving it now spends it', async () => {
    const { c, id, email } = await newSubscriber('booked-late@example.com');
    clock = new Date(monday.getTime() + 4 * 3_600_000); // 10.75 hours before 20:15 Kolkata
    await book(c, id, monday.toISOString().slice(0, 10), '20:15');
    const mail = await onlyMail(email, 'is booked');
    expect(mail.text).toContain('It starts in less than 12 hours, so cancelling or moving it now spends the session.');
    expect(mail.text).not.toContain('the session is given back');
  });

  it('a kid’s booking is e-mailed to the parent, naming the kid', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    await book(parent, aarav._id, thursday, '17:50', { forKids: true, duration: 25 }, { 'x-parley-as': 'kid' });
    const mail = await onlyMail('parent@parley.test', `${kolkataWhen(thursday, '17:50')} is booked`);
    expect(mail.subject).toBe(`Aarav Rao’s English session on ${kolkataWhen(thursday, '17:50')} is booked`);
    expect(mail.text).toContain(`Aarav Rao’s English session with Ananya Iyer is booked for ${kolkataWhen(thursday, '17:50')}, 25 minutes.`);
    // The kid's classes, where they can be moved and cancelled; the link names the kid, for a parent with another kid open.
    expect(mail.text).toContain(`Your sessions: ${t.ctx.config.publicUrl}/kids/english/session?kid=${aarav._id}`);
  });

  it('a booking whose e-mail cannot be handed to the queue stands, the e-mail waits in the outbox, and the log says why', async () => {
    const { id, email } = await newSubscriber('queue-down@example.com');
    const send = vi.spyOn(t.ctx.jobs, 'send').mockRejectedValueOnce(new Error('queue unreachable'));
    const log = { error: vi.fn() };
    try {
      const session = await createLiveSession(
        t.ctx,
        { userId: id, role: 'learner' },
        { teacherId: tutorId, subject: 'English', startAt: new Date(kolkata(thursday, '19:45')), endAt: new Date(kolkata(thursday, '20:00')), forKids: false, isChatBooking: false, topicId: null, certificateId: null, level: null },
        { allowDemo: false, now: clock, log },
      );
      expect((await sessionRow(session.id)).status).toBe('booked');
    } finally {
      send.mockRestore();
    }
    const mail = await onlyMail(email, `${kolkataWhen(thursday, '19:45')} is booked`);
    expect(mail.status).toBe('queued'); // sent at the next start
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ outboxId: mail._id }), expect.stringContaining('could not queue a committed e-mail'));
  });

  it('a learner’s own cancellation is confirmed by e-mail, saying whether the session came back', async () => {
    const { c, id, email } = await newSubscriber('cancel-mail@example.com');
    const early = await book(c, id, thursday, '18:45');
    const late = await book(c, id, thursday, '08:45');
    await cancel(c, early);
    clock = new Date(kolkata(thursday, '07:00'));
    await cancel(c, late);
    const given = await onlyMail(email, `${kolkataWhen(thursday, '18:45')} was cancelled`);
    expect(given.subject).toBe(`Your English session on ${kolkataWhen(thursday, '18:45')} was cancelled`);
    expect(given.text).toContain(`Your English session with Ananya Iyer on ${kolkataWhen(thursday, '18:45')} was cancelled, as you asked.`);
    expect(given.text).toContain('The session is back in your balance, so you can book another time.');
    const spent = await onlyMail(email, `${kolkataWhen(thursday, '08:45')} was cancelled`);
    expect(spent.text).toContain('It was less than 12 hours to the start, so the session was spent.');
  });

  it('a move is confirmed by e-mail with the old and the new time', async () => {
    const { c, id, email } = await newSubscriber('move-mail@example.com');
    const oldId = await book(c, id, thursday, '11:00');
    expect((await reschedule(c, oldId, thursday, '11:30')).statusCode).toBe(200);
    const mail = await onlyMail(email, `moved to ${kolkataWhen(thursday, '11:30')}`);
    expect(mail.subject).toBe(`Your English session is moved to ${kolkataWhen(thursday, '11:30')}`);
    expect(mail.text).toContain(`Your English session with Ananya Iyer is moved from ${kolkataWhen(thursday, '11:00')} to ${kolkataWhen(thursday, '11:30')}, 15 minutes.`);
    expect(mail.text).toContain('The old time was given back, so the move cost no session.');
    // Moving is not cancelling: no cancellation e-mail for the old time.
    expect((await mailTo(email)).filter((m) => m.subject.includes('cancelled'))).toEqual([]);
  });

  it('a session a tutor booked from a chat request is e-mailed to the learner', async () => {
    const { c, email } = await newSubscriber('chat-booked-mail@example.com');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const { messageId } = await requestInChat(c, thursday, '06:40');
    expect((await tutor.put('/room/v1/message', { messageId, status: 'Booked' })).statusCode).toBe(200);
    const mail = await onlyMail(email, `${kolkataWhen(thursday, '06:40')} is booked`);
    expect(mail.text).toContain(`Ananya Iyer booked your English session for ${kolkataWhen(thursday, '06:40')},`);
  });
});

describe('e-mails to the tutor', () => {
  /** The e-mails to the demo tutor that speak of this learner. */
  const tutorMailAbout = async (learnerName: string) => (await mailTo('tutor@parley.test')).filter((m) => m.subject.startsWith(learnerName));

  it('a learner’s booking is e-mailed to the tutor in the tutor’s zone, with where to join', async () => {
    const { c, id } = await newSubscriber('tutor-told-booked@example.com');
    await book(c, id, wednesday, '10:00');
    const [mail, ...more] = await tutorMailAbout('Learner tutor-told-booked');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Learner tutor-told-booked booked a session for ${kolkataWhen(wednesday, '10:00')}`);
    expect(mail!.text.split('\n')).toEqual([
      'Hello Ananya Iyer,',
      '',
      `Learner tutor-told-booked booked an English session with you for ${kolkataWhen(wednesday, '10:00')}.`,
      '',
      `Your sessions: ${t.ctx.config.publicUrl}/teacher/sessions`,
      'The Join button there works from 10 minutes before the start until the end.',
      '',
      'Parley',
    ]);
  });

  it('a learner’s cancellation and move are e-mailed to the tutor; a session the tutor booked from a chat request is not', async () => {
    const { c, id } = await newSubscriber('tutor-told-changes@example.com');
    const moved = await book(c, id, wednesday, '10:30');
    const cancelled = await book(c, id, wednesday, '11:00');
    expect((await reschedule(c, moved, thursday, '09:30')).statusCode).toBe(200);
    expect((await cancel(c, cancelled, 'Feeling unwell')).statusCode).toBe(200);
    const mails = await tutorMailAbout('Learner tutor-told-changes');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Learner tutor-told-changes booked a session for ${kolkataWhen(wednesday, '10:30')}`,
        `Learner tutor-told-changes booked a session for ${kolkataWhen(wednesday, '11:00')}`,
        `Learner tutor-told-changes cancelled the session on ${kolkataWhen(wednesday, '11:00')}`,
        `Learner tutor-told-changes moved a session to ${kolkataWhen(thursday, '09:30')}`,
      ].sort(),
    );
    const text = (subject: string) => mails.find((m) => m.subject.startsWith(`Learner tutor-told-changes ${subject}`))!.text;
    expect(text('cancelled')).toContain(`Learner tutor-told-changes cancelled the English session on ${kolkataWhen(wednesday, '11:00')}. Reason: Feeling unwell`);
    expect(text('cancelled')).toContain(`Your sessions: ${t.ctx.config.publicUrl}/teacher/sessions?when=past`);
    expect(text('moved')).toContain(`Learner tutor-told-changes moved the English session on ${kolkataWhen(wednesday, '10:30')} to ${kolkataWhen(thursday, '09:30')}.`);

    const { c: asker } = await newSubscriber('tutor-booked-quiet@example.com');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const { messageId } = await requestInChat(asker, thursday, '06:00');
    expect((await tutor.put('/room/v1/message', { messageId, status: 'Booked' })).statusCode).toBe(200);
    expect(await tutorMailAbout('Learner tutor-booked-quiet')).toEqual([]);
  });
});

describe('booking', () => {
  it('tells the tutor of a session a learner booked, in the tutor’s own time zone', async () => {
    const { c, id } = await newSubscriber('newly-booked@example.com');
    await book(c, id, wednesday, '18:00');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const told = (await notificationsOf(tutor)).find((n) => n.kind === 'session_booked' && n.body.startsWith('Learner newly-booked'));
    expect(told).toMatchObject({ title: 'New session booked', link: '/teacher/sessions' });
    expect(told?.body).toMatch(/^Learner newly-booked booked an English session with you for Wed, .* 6:00 PM \(Asia\/Kolkata\)\.$/);
    // The learner, who booked it, is not told of it.
    expect((await notificationsOf(c)).filter((n) => n.kind === 'session_booked')).toEqual([]);
  });
});

describe('cancelling', () => {
  it('a learner 12 hours or more ahead gets the session back, and the tutor is told', async () => {
    const { c, id } = await newSubscriber('early@example.com');
    const sessionId = await book(c, id, tuesday, '17:00');
    expect(await availableOf(id)).toBe(4);
    // Asked while booked, so the answer the server keeps must not outlive the cancellation.
    const whileBooked = (await c.get(`/api/teachers/${tutorId}/schedule?date=${tuesday}&timezone=Asia/Kolkata`)).json();
    expect(whileBooked.slots.map((s: { start: string }) => s.start)).not.toContain('17:00');

    const preview = await c.get(`/api/sessions/${sessionId}/cancel-preview`);
    expect(preview.json()).toEqual({ refunded: true, message: 'You will get this session back.' });
    const res = await cancel(c, sessionId, 'Exam that day');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', refunded: true, message: 'The session is cancelled. You got it back.' });

    expect(await availableOf(id)).toBe(5);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'cancelled', cancelledBy: 'learner', cancelReason: 'Exam that day', refunded: true, cancelledAt: monday });
    expect((await c.get('/api/sessions?when=upcoming')).json().total).toBe(0);
    // Both lists say when it was called off.
    const listedPast = (await c.get('/api/sessions?when=past&limit=50')).json().items as { _id: string; cancelledAt: string | null; cancelReason: string | null }[];
    expect(listedPast.find((s) => s._id === sessionId)).toMatchObject({ cancelledAt: monday.toISOString(), cancelReason: 'Exam that day' });
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const tutorListed = (await tutor.get('/api/teacher/sessions?when=past&limit=50')).json().items as { _id: string; cancelledAt: string | null; cancelReason: string | null }[];
    // The reason the learner gave, which the tutor was told, stays with the session.
    expect(tutorListed.find((s) => s._id === sessionId)).toMatchObject({ cancelledAt: monday.toISOString(), cancelReason: 'Exam that day' });
    const told = (await notificationsOf(tutor)).find((n) => n.kind === 'session_cancelled' && n.body.includes('Learner early cancelled'));
    expect(told?.body).toMatch(/^Learner early cancelled the English session on Tue, .* 5:00 PM \(Asia\/Kolkata\)\. Reason: Exam that day$/);
    // It links to where the cancelled session is: the tutor's past sessions.
    expect(told?.link).toBe('/teacher/sessions?when=past');
    // The slot is free again.
    const schedule = (await c.get(`/api/teachers/${tutorId}/schedule?date=${tuesday}&timezone=Asia/Kolkata`)).json();
    expect(schedule.slots.map((s: { start: string }) => s.start)).toContain('17:00');
  });

  it('a learner less than 12 hours ahead may cancel, but the session is spent (and is told so first)', async () => {
    const { c, id } = await newSubscriber('late@example.com');
    const sessionId = await book(c, id, tuesday, '17:15');
    clock = new Date(`${tuesday}T00:00:00Z`); // 11 h 45 min before 17:15 Kolkata
    const preview = (await c.get(`/api/sessions/${sessionId}/cancel-preview`)).json();
    expect(preview).toEqual({ refunded: false, message: 'It is less than 12 hours to the start, so this session will be spent.' });
    const res = await cancel(c, sessionId);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: false });
    expect(await availableOf(id)).toBe(4);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'cancelled', refunded: false, cancelledBy: 'learner' });
  });

  it('a tutor cancels any time: the learner gets the session back and hears of it in the app, live, and by e-mail', async () => {
    const { c, id, email } = await newSubscriber('tutor-cancels@example.com');
    const sessionId = await book(c, id, tuesday, '17:30');
    clock = new Date(kolkata(tuesday, '17:00')); // half an hour before
    const learnerSocket = await socketFor(c, 'learner');
    const pushed = nextEvent(learnerSocket, 'notification');
    const changed = nextEvent(learnerSocket, 'sessions_changed');

    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await tutor.get(`/api/sessions/${sessionId}/cancel-preview`)).json()).toEqual({ refunded: true, message: 'The learner will get this session back.' });
    const res = await cancel(tutor, sessionId, 'I am unwell');
    expect(res.json()).toEqual({ status: 'cancelled', refunded: true, message: 'The session is cancelled. The learner got it back.' });
    expect(await availableOf(id)).toBe(5);
    expect(await sessionRow(sessionId)).toMatchObject({ cancelledBy: 'tutor', refunded: true });

    const body = 'Your English session on ' + `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(kolkata(tuesday, '17:30')))}, 5:30 PM (Asia/Kolkata)` + ' was cancelled by your tutor; the session is back in your balance. Reason: I am unwell';
    const [stored] = await notificationsOf(c);
    // To the Past tab, where a cancelled session is listed.
    expect(stored).toMatchObject({ kind: 'session_cancelled', body, readAt: null, link: '/learner/session?when=past' });
    expect(await pushed).toMatchObject({ _id: stored!._id, body });
    expect(await changed).toEqual({ sessionId });
    const mail = (await mailTo(email)).filter((m) => m.subject.includes('was cancelled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('5:30 PM (Asia/Kolkata)');
    expect(mail[0]!.text).toContain('The session is back in your balance');
    expect(mail[0]!.text).toContain('Reason: I am unwell');
    expect(mail[0]!.text).toContain(`Your sessions: ${t.ctx.config.publicUrl}/learner/session`);
  });

  it('refuses once the session has started', async () => {
    const { c, id } = await newSubscriber('started@example.com');
    const sessionId = await book(c, id, tuesday, '11:00');
    clock = new Date(kolkata(tuesday, '11:05'));
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const started = await cancel(tutor, sessionId);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe('This session has already started.');
    expect((await c.get(`/api/sessions/${sessionId}/cancel-preview`)).statusCode).toBe(409);
    expect((await sessionRow(sessionId)).status).toBe('booked');
  });

  it('cancelling a demo gives the demo back, so it can be booked again', async () => {
    const c = t.client();
    const id = (await c.post('/api/auth/signup', { name: 'Demo Canceller', email: 'demo-cancel@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' })).json().user._id;
    await t.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, id));
    const demoId = await book(c, id, tuesday, '17:45');
    expect((await sessionRow(demoId)).type).toBe('Demo');
    expect((await c.get('/api/auth/me?role=learner')).json().user.demoSessionBooked).toEqual([{ subjects: ['English'] }]);

    // Booked, previewed, cancelled and e-mailed as a demo: one that can be booked again, not a session in a balance.
    const booked = await onlyMail('demo-cancel@example.com', `${kolkataWhen(tuesday, '17:45')} is booked`);
    expect(booked.subject).toBe(`Your English demo session on ${kolkataWhen(tuesday, '17:45')} is booked`);
    expect(booked.text).toContain('12 hours or more before the start, the demo can be booked again; later, it is spent.');
    expect((await c.get(`/api/sessions/${demoId}/cancel-preview`)).json()).toEqual({ refunded: true, message: 'You can book your demo again.' });
    expect((await cancel(c, demoId)).json()).toMatchObject({ refunded: true, message: 'The demo is cancelled. You can book it again.' });
    const cancelled = await onlyMail('demo-cancel@example.com', `${kolkataWhen(tuesday, '17:45')} was cancelled`);
    expect(cancelled.text).toContain('You can book your demo again, at another time.');
    expect(cancelled.text).not.toContain('balance');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(user!.demoBookedSubjects).toEqual([]);
    const again = await c.post('/api/sessions', { startTime: '18:00', endTime: '18:15', date: tuesday, duration: 15, subject: 'English', type: 'Regular', learnerId: id, teacherId: tutorId, token: null, timezone: 'Asia/Kolkata' });
    expect(again.statusCode).toBe(201);
    expect(again.json().type).toBe('Demo');
  });

  it('five cancellations at once: one succeeds and the session comes back once', async () => {
    const { c, id } = await newSubscriber('racing-cancels@example.com');
    const sessionId = await book(c, id, tuesday, '18:15');
    const results = await Promise.all(Array.from({ length: 5 }, () => cancel(c, sessionId)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === 'This session is already cancelled.')).toBe(true);
    expect(await availableOf(id)).toBe(5);
  });

  it('a moved session’s old time says it was moved, not cancelled, to a second cancel or move', async () => {
    const { c, id } = await newSubscriber('moved-twice@example.com');
    const oldId = await book(c, id, wednesday, '09:00');
    expect((await reschedule(c, oldId, wednesday, '09:30')).statusCode).toBe(200);
    for (const again of [await cancel(c, oldId), await reschedule(c, oldId, wednesday, '11:30'), await c.get(`/api/sessions/${oldId}/cancel-preview`)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This session was moved to another time. Your sessions list shows the new one.');
    }
    expect(await availableOf(id)).toBe(4);
  });

  it('hides the session from another learner and another tutor', async () => {
    const { c, id } = await newSubscriber('owner@example.com');
    const sessionId = await book(c, id, wednesday, '19:00');
    const stranger = await t.signIn('learner@parley.test');
    const otherTutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    for (const who of [stranger, otherTutor]) {
      expect((await cancel(who, sessionId)).statusCode).toBe(404);
      expect((await who.get(`/api/sessions/${sessionId}/cancel-preview`)).statusCode).toBe(404);
    }
    expect((await reschedule(stranger, sessionId, wednesday, '19:15')).statusCode).toBe(404);
    // A tutor cancels; rescheduling is the learner's.
    const ownTutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await reschedule(ownTutor, sessionId, wednesday, '19:15')).statusCode).toBe(401);
    expect((await cancel(t.client(), sessionId)).statusCode).toBe(401);
    expect((await sessionRow(sessionId)).status).toBe('booked');
    expect(await availableOf(id)).toBe(4);
  });
});

describe('kids', () => {
  async function parentWithAarav() {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const [me] = await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, 'parent@parley.test'), eq(users.role, 'learner')));
    return { parent, kidId: aarav._id as string, parentId: me!.id };
  }
  const balance = async (kidId: string) =>
    (await t.ctx.db.select().from(kidSessionBalances).where(and(eq(kidSessionBalances.kidId, kidId), eq(kidSessionBalances.subject, 'English'))))[0]!.sessionsAvailable;
  const asKid = { 'x-parley-as': 'kid' };

  it('the parent cancels a kid’s session and the kid’s balance comes back', async () => {
    const { parent, kidId } = await parentWithAarav();
    const before = await balance(kidId);
    const sessionId = await book(parent, kidId, wednesday, '17:00', { forKids: true, duration: 25 }, asKid);
    expect(await balance(kidId)).toBe(before - 1);
    const res = await cancel(parent, sessionId, '', { 'x-parley-as': 'learner' });
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await balance(kidId)).toBe(before);
  });

  it('a tutor’s cancellation of a kid’s session reaches the kid and the parent', async () => {
    const { parent, kidId, parentId } = await parentWithAarav();
    const sessionId = await book(parent, kidId, wednesday, '17:25', { forKids: true, duration: 25 }, asKid);
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await cancel(tutor, sessionId)).statusCode).toBe(200);
    const kidSide = await notificationsOf(parent, asKid);
    expect(kidSide[0]).toMatchObject({ kind: 'session_cancelled', link: `/kids/english/session?kid=${kidId}&when=past` });
    expect(kidSide[0]!.body).toMatch(/^Your English session on .* was cancelled by your tutor; the session is back in your balance\.$/);
    const parentSide = await notificationsOf(parent, { 'x-parley-as': 'learner' });
    // The parent hears whose tutor and whose balance: the kid's.
    expect(parentSide[0]).toMatchObject({ title: 'Aarav Rao’s session cancelled by the tutor' });
    expect(parentSide[0]!.body).toMatch(/^Aarav Rao’s English session on .* was cancelled by the tutor; the session is back in Aarav Rao’s balance\.$/);
    // The parent's notice opens the kid's classes too, not the parent's own sessions.
    expect(parentSide[0]!.link).toBe(`/kids/english/session?kid=${kidId}&when=past`);
    const mail = (await parent.get('/api/dev/outbox?to=parent@parley.test')).json().items;
    expect(mail[0].text).toContain('Aarav Rao’s English session');
    expect(mail[0].text).toContain('The session is back in Aarav Rao’s balance, so you can book another time.');
    expect(mail[0].text).not.toContain('your balance');
    const [row] = await t.ctx.db.select({ parentId: users.parentId }).from(users).where(eq(users.id, kidId));
    expect(row!.parentId).toBe(parentId);
  });
});

describe('rescheduling', () => {
  it('12 hours or more ahead: moves the session at no cost and tells the tutor', async () => {
    const { c, id } = await newSubscriber('mover@example.com');
    const oldId = await book(c, id, tuesday, '18:30');
    const startsOn = async (date: string) =>
      (await c.get(`/api/teachers/${tutorId}/schedule?date=${date}&timezone=Asia/Kolkata`)).json().slots.map((s: { start: string }) => s.start) as string[];
    expect(await startsOn(tuesday)).not.toContain('18:30');
    expect(await startsOn(tuesday)).toContain('18:45');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const tutorSocket = await socketFor(tutor, 'teacher');
    const changed = nextEvent(tutorSocket, 'sessions_changed');
    const res = await reschedule(c, oldId, tuesday, '18:45');
    expect(res.statusCode).toBe(200);
    const moved = res.json();
    expect(moved).toMatchObject({ rescheduledFromId: oldId, startAt: kolkata(tuesday, '18:45'), type: 'Regular', refunded: true });
    expect(await availableOf(id)).toBe(4);
    expect(await sessionRow(oldId)).toMatchObject({ status: 'cancelled', cancelledBy: 'learner', refunded: true });
    expect(await sessionRow(moved._id)).toMatchObject({ status: 'booked', rescheduledFromId: oldId });
    expect(await changed).toEqual({ sessionId: moved._id });
    // The schedule kept from before the move shows it: the old slot free, the new one taken.
    expect(await startsOn(tuesday)).toContain('18:30');
    expect(await startsOn(tuesday)).not.toContain('18:45');
    const told = (await notificationsOf(tutor)).find((n) => n.kind === 'session_rescheduled' && n.body.startsWith('Learner mover moved'));
    expect(told?.body).toMatch(/^Learner mover moved the English session on Tue, .* 6:30 PM \(Asia\/Kolkata\) to Tue, .* 6:45 PM \(Asia\/Kolkata\)\.$/);
  });

  it('the moved session is listed as moved, not as a cancellation: the learner’s and the tutor’s past lists say where it went', async () => {
    const { c, id } = await newSubscriber('moved-listed@example.com');
    const saturday = addDaysToIsoDate(tuesday, 4);
    const oldId = await book(c, id, saturday, '09:00');
    const calledOffId = await book(c, id, saturday, '11:00');
    const moved = (await reschedule(c, oldId, saturday, '10:00')).json();
    expect((await cancel(c, calledOffId)).statusCode).toBe(200);
    expect(await sessionRow(oldId)).toMatchObject({ status: 'cancelled', rescheduledToId: moved._id });

    type Listed = { _id: string; status: string; movedTo?: { _id: string; startAt: string } | null };
    const learnerPast = (await c.get('/api/sessions?when=past&limit=50')).json().items as Listed[];
    expect(learnerPast.find((s) => s._id === oldId)).toMatchObject({ status: 'cancelled', movedTo: { _id: moved._id, startAt: kolkata(saturday, '10:00') } });
    expect(learnerPast.find((s) => s._id === calledOffId)?.movedTo).toBeNull();
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const tutorPast = (await tutor.get('/api/teacher/sessions?when=past&limit=50')).json().items as Listed[];
    expect(tutorPast.find((s) => s._id === oldId)?.movedTo).toEqual({ _id: moved._id, startAt: kolkata(saturday, '10:00') });
    expect(tutorPast.find((s) => s._id === calledOffId)?.movedTo).toBeNull();
  });

  it('a move onto part of the session’s own time is allowed (a chat booking sits off the slot grid)', async () => {
    const { c, id } = await newSubscriber('overlap-self@example.com');
    const [subscription] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, id));
    const [chatBooked] = await t.ctx.db
      .insert(liveSessions)
      .values({ teacherId: tutorId, learnerId: id, subject: 'English', type: 'Regular', subscriptionId: subscription!.id, isChatBooking: true, startAt: new Date(kolkata(wednesday, '08:10')), endAt: new Date(kolkata(wednesday, '08:25')) })
      .returning();
    const res = await reschedule(c, chatBooked!.id, wednesday, '08:15');
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(res.json()._id)).toMatchObject({ status: 'booked', isChatBooking: true, subscriptionId: subscription!.id });
    expect(await availableOf(id)).toBe(5);
  });

  it('onto its own time: refused as no move, and nothing changes (no new session, no e-mail)', async () => {
    const { c, id, email } = await newSubscriber('same-time@example.com');
    const saturday = addDaysToIsoDate(tuesday, 4);
    const sessionId = await book(c, id, saturday, '10:30');
    const res = await reschedule(c, sessionId, saturday, '10:30');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.rescheduleSameTime });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'booked', rescheduledToId: null });
    expect(await availableOf(id)).toBe(4);
    expect((await mailTo(email)).filter((m) => m.subject.includes('moved'))).toEqual([]);
  });

  it('to a taken slot: refused, and the old booking stays', async () => {
    const a = await newSubscriber('keeps-a@example.com');
    const b = await newSubscriber('keeps-b@example.com');
    const aId = await book(a.c, a.id, tuesday, '19:00');
    await book(b.c, b.id, tuesday, '19:15');
    const res = await reschedule(a.c, aId, tuesday, '19:15');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SLOT_UNAVAILABLE');
    expect(await sessionRow(aId)).toMatchObject({ status: 'booked', refunded: false });
    expect(await availableOf(a.id)).toBe(4);
    // Outside the tutor's hours, or of another length: the same refusal.
    expect((await reschedule(a.c, aId, tuesday, '13:00')).statusCode).toBe(409);
    expect((await reschedule(a.c, aId, tuesday, '20:00', 30)).statusCode).toBe(400);
  });

  it('with a tutor a moderator has blocked: refused under the tutor’s lock, and the old booking stays', async () => {
    const { c, id } = await newSubscriber('blocked-move@example.com');
    const friday = addDaysToIsoDate(tuesday, 3);
    const oldId = await book(c, id, friday, '18:00');
    await t.ctx.db.update(teachers).set({ isBlocked: true }).where(eq(teachers.userId, tutorId));
    try {
      const res = await reschedule(c, oldId, friday, '18:30');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SLOT_UNAVAILABLE');
    } finally {
      await t.ctx.db.update(teachers).set({ isBlocked: false }).where(eq(teachers.userId, tutorId));
    }
    expect(await sessionRow(oldId)).toMatchObject({ status: 'booked', refunded: false });
    expect(await availableOf(id)).toBe(4);
  });

  it.runIf(process.env.DATABASE_URL)('a move waits for a moderator blocking the tutor, then is refused: the block cannot miss it', async () => {
    const { c, id } = await newSubscriber('move-behind-block@example.com');
    const friday = addDaysToIsoDate(tuesday, 3);
    const oldId = await book(c, id, friday, '19:00');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // A moderator's block, holding the tutor's row mid-transaction.
    const block = t.ctx.db.transaction(async (tx) => {
      expect((await lockTutor(tx, tutorId))?.isBlocked).toBe(false);
      locked();
      await released;
      await tx.update(teachers).set({ isBlocked: true }).where(eq(teachers.userId, tutorId));
    });
    await holding;
    const move = reschedule(c, oldId, friday, '19:30');
    try {
      await waitForLockWaiter(t.ctx.db, 'the move');
    } finally {
      release();
      await block;
    }
    try {
      expect((await move).json().code).toBe('SLOT_UNAVAILABLE');
    } finally {
      await t.ctx.db.update(teachers).set({ isBlocked: false }).where(eq(teachers.userId, tutorId));
    }
    expect(await sessionRow(oldId)).toMatchObject({ status: 'booked', refunded: false });
  });

  it('two learners moving to the same slot at once: one gets it, the other keeps their old slot', async () => {
    const a = await newSubscriber('race-a@example.com');
    const b = await newSubscriber('race-b@example.com');
    const aId = await book(a.c, a.id, tuesday, '19:30');
    const bId = await book(b.c, b.id, tuesday, '19:45');
    const results = await Promise.all([reschedule(a.c, aId, tuesday, '20:00'), reschedule(b.c, bId, tuesday, '20:00')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0]!.statusCode === 409 ? { id: aId, learner: a } : { id: bId, learner: b };
    expect(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']).toContain(results.find((r) => r.statusCode === 409)!.json().code);
    expect((await sessionRow(loser.id)).status).toBe('booked');
    const booked = await t.ctx.db.select().from(liveSessions).where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked'), eq(liveSessions.startAt, new Date(kolkata(tuesday, '20:00')))));
    expect(booked).toHaveLength(1);
    expect(await availableOf(a.id)).toBe(4);
    expect(await availableOf(b.id)).toBe(4);
  });

  it('a move PostgreSQL aborts to break a deadlock runs again, and the session moves once', async () => {
    // Two moves to one slot at the same moment can deadlock inside the exclusion check.
    const { c, id } = await newSubscriber('move-victim@example.com');
    const oldId = await book(c, id, thursday, '17:00');
    const victim = await deadlockFirstInsert(t.ctx.db, 'live_sessions.learner_id', id);
    try {
      const res = await reschedule(c, oldId, thursday, '17:30');
      expect(res.statusCode).toBe(200);
      expect(await victim.tries()).toBe(2);
    } finally {
      await victim.remove();
    }
    const rows = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.learnerId, id));
    expect(rows.map((r) => [r.status, r.startAt.toISOString()]).sort()).toEqual([
      ['booked', kolkata(thursday, '17:30')],
      ['cancelled', kolkata(thursday, '17:00')],
    ]);
    expect(await availableOf(id)).toBe(4);
  });

  it('less than 12 hours ahead with no session left: refused, and nothing changes', async () => {
    const { c, id } = await newSubscriber('last-session@example.com', 1);
    const oldId = await book(c, id, tuesday, '20:15');
    expect(await availableOf(id)).toBe(0);
    clock = new Date(`${tuesday}T04:00:00Z`); // 09:30 Kolkata
    const res = await reschedule(c, oldId, tuesday, '20:30');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Your booking stays as it is.');
    expect(await sessionRow(oldId)).toMatchObject({ status: 'booked', cancelledAt: null, refunded: false });
    expect(await availableOf(id)).toBe(0);
    const mine = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.learnerId, id));
    expect(mine).toHaveLength(1);
  });

  it('a demo moved 12 hours or more ahead stays a demo; moved later, the demo is spent and the new time takes one of the learner’s sessions', async () => {
    const { c, id, email } = await newSubscriber('demo-mover@example.com', 2);
    await t.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, id));
    const demoId = await book(c, id, wednesday, '17:30');
    expect((await sessionRow(demoId)).type).toBe('Demo');

    const early = await reschedule(c, demoId, wednesday, '17:45');
    expect(early.json()).toMatchObject({ type: 'Demo', refunded: true, message: 'Your demo is moved. The old time was given back, so the move costs nothing.' });
    const earlyMail = await onlyMail(email, `moved to ${kolkataWhen(wednesday, '17:45')}`);
    expect(earlyMail.subject).toBe(`Your English demo session is moved to ${kolkataWhen(wednesday, '17:45')}`);
    expect(earlyMail.text).toContain('The old time was given back, so the move cost nothing.');
    expect(await availableOf(id)).toBe(2);

    clock = new Date(`${wednesday}T04:00:00Z`); // 09:30 Kolkata
    const late = await reschedule(c, early.json()._id, wednesday, '18:15');
    expect(late.json()).toMatchObject({
      type: 'Regular',
      refunded: false,
      message: 'Your demo is moved. It was less than 12 hours to the old start, so the demo was spent and the new time used a session.',
    });
    const lateMail = await onlyMail(email, `moved to ${kolkataWhen(wednesday, '18:15')}`);
    expect(lateMail.subject).toBe(`Your English demo session is moved to ${kolkataWhen(wednesday, '18:15')}`);
    expect(lateMail.text).toContain('It was less than 12 hours to the old start, so the demo was spent and the new time used a session.');
    expect(await availableOf(id)).toBe(1);
  });

  it('a demo moved less than 12 hours ahead by a learner with no session: refused in the demo’s words, and nothing changes', async () => {
    const c = t.client();
    const id = (await c.post('/api/auth/signup', { name: 'Demo Late', email: 'demo-late@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' })).json().user._id;
    await t.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, id));
    const demoId = await book(c, id, wednesday, '18:30');
    clock = new Date(`${wednesday}T04:00:00Z`);
    const res = await reschedule(c, demoId, wednesday, '18:45');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('It is less than 12 hours to the start, so moving this demo needs one of your sessions, and you have none left. Your booking stays as it is.');
    expect(await sessionRow(demoId)).toMatchObject({ status: 'booked', type: 'Demo', cancelledAt: null });
  });

  it('less than 12 hours ahead: the old session is spent and the new one spends another of the plan (not the learner’s unbooked demo)', async () => {
    const { c, id } = await newSubscriber('late-mover@example.com', 3);
    const oldId = await book(c, id, wednesday, '20:00');
    await t.ctx.db.update(users).set({ isDemoPayed: true }).where(eq(users.id, id));
    clock = new Date(`${wednesday}T04:00:00Z`);
    const res = await reschedule(c, oldId, wednesday, '20:30');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Regular', refunded: false, message: expect.stringContaining('less than 12 hours') });
    expect(await availableOf(id)).toBe(1);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.demoBookedSubjects).toEqual([]);
    expect(await sessionRow(oldId)).toMatchObject({ status: 'cancelled', refunded: false });
  });
});

describe('a tutor books a chat request', () => {
  it('the learner’s dashboard hears of it live, with a notification', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const { socket: ls, messageId } = await requestInChat(learner, tuesday, '06:20');
    const changed = nextEvent(ls, 'sessions_changed');
    const pushed = nextEvent(ls, 'notification');
    expect((await tutor.put('/room/v1/message', { messageId, status: 'Booked' })).statusCode).toBe(200);
    const { sessionId } = await changed;
    expect((await sessionRow(sessionId)).startAt.toISOString()).toBe(kolkata(tuesday, '06:20'));
    const notification = await pushed;
    expect(notification).toMatchObject({ kind: 'session_booked', title: 'Your tutor booked your session' });
    expect(notification.body).toMatch(/^Ananya Iyer booked your English session for .*6:20 AM \(Asia\/Kolkata\)\.$/);
  });
});
