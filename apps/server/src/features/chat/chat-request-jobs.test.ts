import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/domain/chat';
import { requestExpiresAt } from '@parley/domain/chat-slots';
import type { Notification } from '@parley/domain/live-sessions';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { chatMessages, chatRooms, liveSessions, notifications, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { emitAck, liveSockets, nextEvent, recordEvents, type LiveSocket } from '../../test/live-socket';
import { CHAT_REQUEST_EXPIRY_JOB, expireChatRequest, scheduleMissingRequestExpiries } from './chat-request-jobs';

// The clock the app reads: null is real time (what the queue's own runs see); a test moves it to a
// request's expiry and runs the job's handler itself, as the queue would at that moment.
let clock: Date | null = null;
let t: TestApp;
let baseUrl: string;
let tutorId: string;
let learnerId: string;
const sockets = liveSockets(() => t, () => baseUrl);
const MINUTE = 60_000;
const EXPIRED_TEXT = 'This request has expired: requests close 5 minutes before the session starts.';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() });
  baseUrl = await t.listen();
  tutorId = (await userByEmail('tutor@parley.test', 'teacher')).id;
  learnerId = (await userByEmail('learner@parley.test', 'learner')).id;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});
beforeEach(() => {
  clock = null;
});

async function userByEmail(email: string, role: 'learner' | 'teacher') {
  const [row] = await t.ctx.db.select().from(users).where(and(eq(users.email, email), eq(users.role, role)));
  return row!;
}

const socketFor = sockets.open;

/** The learner and the tutor, each with an open chat in their room. */
async function openChat() {
  const learner = await t.signIn('learner@parley.test');
  const tutor = await t.signIn('tutor@parley.test', 'teacher');
  const res = await learner.post('/room/v1/initiate', { teacherId: tutorId });
  expect(res.statusCode).toBe(200);
  const roomId = res.json().room._id as string;
  const ls = await socketFor(learner, 'learner');
  const ts = await socketFor(tutor, 'teacher');
  await emitAck(ls, 'join_room', { chatroomId: roomId });
  await emitAck(ts, 'join_room', { chatroomId: roomId });
  return { learner, tutor, roomId, ls, ts };
}

const tomorrow = () => addDaysToIsoDate(isoDateInZone(new Date(), 'Asia/Kolkata'), 1);

async function requestSession(ls: LiveSocket, roomId: string, sessionTime: string): Promise<ChatMessage> {
  const ack = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Can we talk?', sessionDate: tomorrow(), sessionTime, subject: 'English' });
  if (!ack.ok) throw new Error(ack.message);
  return ack.data;
}

const expiryOf = (request: ChatMessage) => requestExpiresAt(new Date(request.sessionStartAt!));
const storedStatus = async (messageId: string) => (await t.ctx.db.select({ status: chatMessages.status }).from(chatMessages).where(eq(chatMessages.id, messageId)))[0]!.status;
const expiryNotices = (userId: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'chat_request_expired')));
const expiryJobsOf = async (messageId: string) =>
  ((await t.ctx.db.execute(sql`select start_after from pgboss.job where name = ${CHAT_REQUEST_EXPIRY_JOB} and data ->> 'messageId' = ${messageId}`)) as { rows: { start_after: string | Date }[] }).rows.map(
    (row) => new Date(row.start_after).toISOString(),
  );
const sessionsStartingAt = (startAt: string) =>
  t.ctx.db.select().from(liveSessions).where(and(eq(liveSessions.learnerId, learnerId), eq(liveSessions.startAt, new Date(startAt))));
const availableSessions = async () => (await t.ctx.db.select({ n: subscriptions.availableSession }).from(subscriptions).where(eq(subscriptions.learnerId, learnerId)))[0]!.n;

/** Waits until both sockets have received everything sent before now: a message sent after it arrives after it. */
async function drain(chat: { ts: LiveSocket; ls: LiveSocket; roomId: string }) {
  const arrivals = [nextEvent(chat.ls, 'new_message'), nextEvent(chat.ts, 'new_message')];
  expect((await emitAck(chat.ts, 'chatroom_message', { chatroomId: chat.roomId, msgType: 'Text', message: 'marker' })).ok).toBe(true);
  await Promise.all(arrivals);
}

describe('the chat request expiry job', () => {
  it('is queued when a request is sent, for 5 minutes before the session start', async () => {
    const { ls, roomId } = await openChat();
    const request = await requestSession(ls, roomId, '07:40');
    expect(await expiryJobsOf(request._id)).toEqual([new Date(new Date(request.sessionStartAt!).getTime() - 5 * MINUTE).toISOString()]);
  });

  it('at its time stores Expired, updates both open chats live and tells the learner, once though run twice', async () => {
    const chat = await openChat();
    const request = await requestSession(chat.ls, chat.roomId, '09:00');
    const learnerUpdates = recordEvents(chat.ls, 'message_updated');
    const tutorUpdates = recordEvents(chat.ts, 'message_updated');
    const pushed = recordEvents(chat.ls, 'notification');
    const tutorBellsRead = recordEvents(chat.ts, 'notifications_read');

    // A run before the time (this process's clock behind the database's) changes nothing and is retried.
    clock = new Date(expiryOf(request).getTime() - 1);
    await expect(expireChatRequest(t.ctx, request._id)).rejects.toThrow(/not expired yet/);
    expect(await storedStatus(request._id)).toBe('Requested');

    clock = expiryOf(request);
    const runs = await Promise.all([expireChatRequest(t.ctx, request._id), expireChatRequest(t.ctx, request._id)]);
    expect(runs.sort()).toEqual([false, true]);
    expect(await expireChatRequest(t.ctx, request._id)).toBe(false);
    expect(await storedStatus(request._id)).toBe('Expired');

    await drain(chat);
    for (const updates of [learnerUpdates, tutorUpdates]) expect(updates.map((m) => [m._id, m.status])).toEqual([[request._id, 'Expired']]);
    const [notice] = await expiryNotices(learnerId);
    expect(await expiryNotices(learnerId)).toHaveLength(1);
    expect(notice).toMatchObject({ title: 'Your session request expired', link: `/learner?chat=${tutorId}&request=${request._id}` });
    expect(notice!.body).toMatch(/^Ananya Iyer did not answer your English session request for .+ \(Asia\/Kolkata\) in time\. Ask for another time in the chat\.$/);
    expect(pushed.filter((n: Notification) => n.kind === 'chat_request_expired').map((n) => n._id)).toEqual([notice!.id]);
    // The tutor's notice of the request is settled with it: it no longer waits unread in the bell.
    const [asked] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, tutorId), eq(notifications.link, `/teacher/chat?room=${chat.roomId}&request=${request._id}`)));
    expect(asked?.readAt).toEqual(clock);
    // …and the tutor's open bells are told to ask again, once.
    expect(tutorBellsRead).toHaveLength(1);

    // Both sides read it back as Expired, through the response schema.
    for (const client of [chat.learner, chat.tutor]) {
      const thread = await client.get(`/room/v1/${chat.roomId}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.json().messages.find((m: ChatMessage) => m._id === request._id).status).toBe('Expired');
    }
  });

  it('leaves a Booked or a Rejected request as it is', async () => {
    const chat = await openChat();
    const booked = await requestSession(chat.ls, chat.roomId, '10:40');
    const rejected = await requestSession(chat.ls, chat.roomId, '13:40');
    expect((await chat.tutor.put('/room/v1/message', { messageId: booked._id, status: 'Booked' })).statusCode).toBe(200);
    expect((await chat.tutor.put('/room/v1/message', { messageId: rejected._id, status: 'Rejected' })).statusCode).toBe(200);
    const noticesBefore = (await expiryNotices(learnerId)).length;
    await drain(chat);
    const updates = recordEvents(chat.ls, 'message_updated');

    clock = new Date(expiryOf(rejected).getTime() + MINUTE);
    expect(await expireChatRequest(t.ctx, booked._id)).toBe(false);
    expect(await expireChatRequest(t.ctx, rejected._id)).toBe(false);

    expect(await storedStatus(booked._id)).toBe('Booked');
    expect(await storedStatus(rejected._id)).toBe('Rejected');
    expect(await expiryNotices(learnerId)).toHaveLength(noticesBefore);
    await drain(chat);
    expect(updates).toEqual([]);
  });

  it('refuses to book or reject an expired request, stored or only by the clock, and changes nothing', async () => {
    const chat = await openChat();
    const stored = await requestSession(chat.ls, chat.roomId, '15:00');
    const byClock = await requestSession(chat.ls, chat.roomId, '15:40');
    const sessionsLeft = await availableSessions();

    clock = expiryOf(stored);
    expect(await expireChatRequest(t.ctx, stored._id)).toBe(true);
    clock = expiryOf(byClock);
    for (const request of [stored, byClock]) {
      for (const status of ['Booked', 'Rejected'] as const) {
        const res = await chat.tutor.put('/room/v1/message', { messageId: request._id, status });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'CONFLICT', message: EXPIRED_TEXT });
      }
      expect(await sessionsStartingAt(request.sessionStartAt!)).toEqual([]);
    }
    expect(await storedStatus(stored._id)).toBe('Expired');
    expect(await storedStatus(byClock._id)).toBe('Requested');
    expect(await availableSessions()).toBe(sessionsLeft);

    // The one expired only by the clock is stored when its job runs.
    expect(await expireChatRequest(t.ctx, byClock._id)).toBe(true);
    expect(await storedStatus(byClock._id)).toBe('Expired');
  });

  it('tells a kid and the kid’s parent, each with the kids’ pages as the way to the chat', async () => {
    const parent = await userByEmail('parent@parley.test', 'learner');
    const [kid] = await t.ctx.db.select().from(users).where(eq(users.parentId, parent.id));
    await t.ctx.db.insert(chatRooms).values({ learnerId: kid!.id, teacherId: tutorId }).onConflictDoNothing();
    const [room] = await t.ctx.db.select().from(chatRooms).where(and(eq(chatRooms.learnerId, kid!.id), eq(chatRooms.teacherId, tutorId)));
    const startAt = new Date(Date.now() + 2 * 86_400_000);
    const [request] = await t.ctx.db
      .insert(chatMessages)
      .values({ roomId: room!.id, senderId: kid!.id, senderRole: 'Learner', type: 'Session', message: '', status: 'Requested', sessionDate: '2030-01-01', sessionTime: '10:00', sessionStartAt: startAt, subject: 'English', forKids: true })
      .returning();

    clock = requestExpiresAt(startAt);
    expect(await expireChatRequest(t.ctx, request!.id)).toBe(true);
    // Into the kid's chat with the tutor, for that kid (?kid=: the parent may have another kid open).
    const kidChat = `/kids/dashboard?kid=${kid!.id}&chat=${tutorId}&request=${request!.id}`;
    expect(await expiryNotices(kid!.id)).toMatchObject([{ title: 'Your session request expired', link: kidChat }]);
    expect(await expiryNotices(parent.id)).toMatchObject([{ title: `${kid!.name}’s session request expired`, link: kidChat, body: expect.stringContaining(`did not answer ${kid!.name}’s English session request`) }]);
  });
});

describe('start-up catch-up', () => {
  async function storeRequest(roomId: string, startAt: Date, status: 'Requested' | 'Rejected' = 'Requested') {
    const [row] = await t.ctx.db
      .insert(chatMessages)
      .values({ roomId, senderId: learnerId, senderRole: 'Learner', type: 'Session', message: '', status, sessionDate: '2030-01-01', sessionTime: '10:00', sessionStartAt: startAt, subject: 'English' })
      .returning();
    return row!;
  }

  it('gives a Requested request without a pending job its job, once; answered and long-expired ones get none', async () => {
    const { roomId } = await openChat();
    const ahead = await storeRequest(roomId, new Date(Date.now() + 3 * 86_400_000));
    const answered = await storeRequest(roomId, new Date(Date.now() + 3 * 86_400_000 + 30 * MINUTE), 'Rejected');
    const longGone = await storeRequest(roomId, new Date(Date.now() - 3 * 86_400_000));

    await scheduleMissingRequestExpiries(t.ctx);
    expect(await expiryJobsOf(ahead.id)).toEqual([requestExpiresAt(ahead.sessionStartAt!).toISOString()]);
    expect(await expiryJobsOf(answered.id)).toEqual([]);
    expect(await expiryJobsOf(longGone.id)).toEqual([]);
    await scheduleMissingRequestExpiries(t.ctx);
    expect(await expiryJobsOf(ahead.id)).toHaveLength(1);
  });

  it('a request whose expiry just passed is expired by the queue itself, live in the open chat', async () => {
    const chat = await openChat();
    const request = await storeRequest(chat.roomId, new Date(Date.now() + MINUTE));
    // Sent by the queue's own poll (every 0.5 s here), which a loaded machine can hold back for seconds.
    const update = nextEvent(chat.ls, 'message_updated', 20_000);
    await scheduleMissingRequestExpiries(t.ctx);
    expect(await update).toMatchObject({ _id: request.id, status: 'Expired' });
    expect(await storedStatus(request.id)).toBe('Expired');
    // The queue records the job as done (no retry left pending).
    for (let i = 0; i < 50 && (await jobStates(request.id)).some((state) => state !== 'completed'); i += 1) await sleep(100);
    expect(await jobStates(request.id)).toEqual(['completed']);
  });
});

const jobStates = async (messageId: string) =>
  ((await t.ctx.db.execute(sql`select state from pgboss.job where name = ${CHAT_REQUEST_EXPIRY_JOB} and data ->> 'messageId' = ${messageId}`)) as { rows: { state: string }[] }).rows.map((row) => row.state);
