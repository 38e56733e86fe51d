import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHAT_FILE_LIMIT,
  CHAT_FILE_NAME_MAX,
  chatMessageLength,
  MAX_CHAT_MESSAGE_CHARS,
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  ROOM_EVENT_BURST,
  type ChatMessage,
} from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { chatMessages, chatRooms, kidSessionBalances, liveSessions, notifications, plans, subscriptions, teachers, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { accepted, connectError, emitAck, liveSockets, nextEvent, recordEvents, type LiveSocket } from '../../test/live-socket';

let t: TestApp;
let baseUrl: string;
let tutorId: string;
const sockets = liveSockets(() => t, () => baseUrl);
/** While set, the app's clock stands still there (the send budgets refill by it). */
let heldAt: Date | null = null;

beforeAll(async () => {
  t = await createTestApp({ now: () => heldAt ?? new Date() });
  baseUrl = await t.listen();
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@parley.test'));
  tutorId = tutor!.id;
});
afterEach(() => {
  heldAt = null;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const socketFor = sockets.open;

const idOfEmail = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const tomorrowInKolkata = () => addDaysToIsoDate(isoDateInZone(new Date(), 'Asia/Kolkata'), 1);

async function openRoom(learner: TestClient) {
  const res = await learner.post('/room/v1/initiate', { teacherId: tutorId });
  expect(res.statusCode).toBe(200);
  return res.json().room._id as string;
}

describe('rooms', () => {
  it('opens only with an available session', async () => {
    const newbie = await t.signIn('newbie@parley.test');
    const refused = await newbie.post('/room/v1/initiate', { teacherId: tutorId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.subscribeToChat);

    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const diya = kids.find((k: { name: string }) => k.name === 'Diya Rao');
    await parent.post('/api/learner/findKidById', { learnerId: diya._id });
    const kid = await parent.send('POST', '/room/v1/initiate', { teacherId: tutorId }, { 'x-parley-as': 'kid' });
    expect(kid.json().message).toBe(messages.buySessionToChat);
    // A tutor who teaches no kids' subject (IELTS only, or English to adults only) is named, before anything else.
    for (const [email, name] of [
      ['hannah.becker@parley.test', 'Hannah Becker'],
      ['daniel.brooks@parley.test', 'Daniel Brooks'],
    ]) {
      const [other] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email!));
      const notForKids = await parent.send('POST', '/room/v1/initiate', { teacherId: other!.id }, { 'x-parley-as': 'kid' });
      expect(notForKids.statusCode).toBe(409);
      expect(notForKids.json().message).toBe(messages.tutorDoesNotTeachKids(name!));
    }
  });

  it('finds the same room twice and shows it to both members only', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    expect(await openRoom(learner)).toBe(roomId);
    const list = (await learner.get('/room/v1/')).json().rooms;
    expect(list.find((r: { _id: string }) => r._id === roomId)).toMatchObject({ teacher: { _id: tutorId }, teacherImage: expect.stringContaining(tutorId) });
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await tutor.get(`/room/v1/${roomId}`)).statusCode).toBe(200);
    const stranger = await t.signIn('ielts@parley.test');
    expect((await stranger.get(`/room/v1/${roomId}`)).statusCode).toBe(404);
  });
});

/** The demo learner and tutor, each with a socket in their room. */
/** A learner of their own with an English plan: for a test that spends much of one person's message budget. */
async function newChattingLearner(email: string): Promise<string> {
  const res = await t.client().post('/api/auth/signup', { name: 'Chat Learner', email, password: 'Parley@2026', country: 'IN', timezone: 'Asia/Kolkata' });
  expect(res.statusCode).toBe(201);
  const [english] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-quick'));
  const anHourAgo = new Date(Date.now() - 3_600_000);
  await t.ctx.db.insert(subscriptions).values({ learnerId: res.json().user._id, planId: english!.id, subjects: ['English'], subscriptionType: english!.subscriptionType, availableSession: 5, availableWeeklySession: 5, startsAt: anHourAgo, createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 30 * 86_400_000) });
  return email;
}

/** A learner (Rohan unless another is named) and the tutor, both in their room. */
async function bothInRoom(learnerEmail = 'learner@parley.test') {
  const learner = await t.signIn(learnerEmail);
  const tutor = await t.signIn('tutor@parley.test', 'teacher');
  const roomId = await openRoom(learner);
  const ls = await socketFor(learner, 'learner');
  const ts = await socketFor(tutor, 'teacher');
  await emitAck(ls, 'join_room', { chatroomId: roomId });
  await emitAck(ts, 'join_room', { chatroomId: roomId });
  return { learner, tutor, roomId, ls, ts };
}

describe('realtime', () => {
  it('delivers a stored message live, as plain text', async () => {
    const { tutor, roomId, ls, ts } = await bothInRoom();
    const arrival = nextEvent(ts, 'new_message');
    const ack = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: '<script>alert(1)</script>', role: 'Learner' });
    expect(ack.ok).toBe(true);
    const received = await arrival;
    expect(received).toMatchObject({ message: '<script>alert(1)</script>', learner: expect.any(String), teacher: null, type: 'Text' });
    const stored = (await tutor.get(`/room/v1/${roomId}`)).json().messages;
    expect(stored.at(-1)._id).toBe(received._id);
  });

  it('stores a message sent again with its clientMessageId once, answers both sends with it, and tells the other side once', async () => {
    const { tutor, roomId, ls, ts } = await bothInRoom();
    const told = recordEvents(ts, 'new_message');
    const clientMessageId = randomUUID();
    const payload = { chatroomId: roomId, msgType: 'Text', message: 'Are you free on Friday?', clientMessageId };
    const first = await emitAck<ChatMessage>(ls, 'chatroom_message', payload);
    const again = await emitAck<ChatMessage>(ls, 'chatroom_message', payload);
    if (!first.ok || !again.ok) throw new Error('not stored');
    expect(again.data._id).toBe(first.data._id);
    const stored = (await tutor.get(`/room/v1/${roomId}`)).json().messages as ChatMessage[];
    expect(stored.filter((m) => m.message === 'Are you free on Friday?')).toHaveLength(1);
    // A later message arrives after the first; the repeat was never told.
    await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'Or Saturday?' });
    await vi.waitFor(() => expect(told.map((m) => m.message)).toEqual(['Are you free on Friday?', 'Or Saturday?']));
    // The same id for other words is refused, and stores nothing.
    const other = await emitAck(ls, 'chatroom_message', { ...payload, message: 'Something else' });
    expect(other).toMatchObject({ ok: false });
    expect((await tutor.get(`/room/v1/${roomId}`)).json().messages.some((m: ChatMessage) => m.message === 'Something else')).toBe(false);
  });

  it('refuses a message with no character that shows (zero-width spaces, word joiners, BOMs) as it refuses spaces, and stores nothing', async () => {
    const { tutor, roomId, ls } = await bothInRoom(await newChattingLearner('invisible@example.com'));
    const storedCount = async () => (await tutor.get(`/room/v1/${roomId}`)).json().messages.length as number;
    const before = await storedCount();
    for (const message of ['\u200b\u200b', '\u2060', '\ufeff', ' \u200b\n\u00a0']) {
      expect(await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message })).toEqual({ ok: false, message: 'Type a message' });
    }
    expect(await storedCount()).toBe(before);
  });

  it(`counts a message's characters as the message box does: ${MAX_CHAT_MESSAGE_CHARS} emoji (each two UTF-16 units) are stored whole, one more is refused`, async () => {
    const { tutor, roomId, ls } = await bothInRoom(await newChattingLearner('emoji@example.com'));
    const longest = '😀'.repeat(MAX_CHAT_MESSAGE_CHARS);
    // The spaces around it are not kept, so they do not count.
    const taken = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: ` ${longest}\n` });
    expect(taken.ok && taken.data.message === longest).toBe(true);
    expect(await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: `${longest}😀` })).toEqual({ ok: false, message: 'Use at most 2000 characters' });
    const stored = (await tutor.get(`/room/v1/${roomId}`)).json().messages as ChatMessage[];
    expect(stored.filter((m) => m.message.startsWith('😀')).map((m) => chatMessageLength(m.message))).toEqual([MAX_CHAT_MESSAGE_CHARS]);
  });

  it('keeps non-members out of rooms, by socket too', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    const stranger = await t.signIn('ielts@parley.test');
    const ss = await socketFor(stranger, 'learner');
    expect((await emitAck(ss, 'join_room', { chatroomId: roomId })).ok).toBe(false);
    const send = await emitAck(ss, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'hi' });
    expect(send).toEqual({ ok: false, message: 'Conversation not found' });
    const refusal = nextEvent(ss, 'error_message');
    ss.emit('read', { chatroomId: roomId });
    expect((await refusal).message).toBe('Conversation not found');
    const otherTutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    expect((await otherTutor.get(`/room/v1/${roomId}`)).statusCode).toBe(404);
    expect(() => sockets.dial(baseUrl)).not.toThrow();
  });

  it('counts unread messages for the other side and clears them when read', async () => {
    const learner = await t.signIn('ielts@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const roomOf = async (client: TestClient) => ((await client.get('/room/v1/')).json().rooms as { _id: string; teacherUnread: number; learnerUnread: number; recentMessage: { message: string } | null }[]).find((r) => r._id === roomId)!;
    const start = await roomOf(tutor);
    const ls = await socketFor(learner, 'learner');
    for (const text of ['first', 'second']) expect((await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: text })).ok).toBe(true);
    expect(await roomOf(tutor)).toMatchObject({ teacherUnread: start.teacherUnread + 2, learnerUnread: start.learnerUnread, recentMessage: { type: 'Text', message: 'second' } });
    // Reading the messages changes nothing; the read event (or call) clears the count.
    await tutor.get(`/room/v1/${roomId}`);
    expect((await roomOf(tutor)).teacherUnread).toBe(start.teacherUnread + 2);
    const ts = await socketFor(tutor, 'teacher');
    // The tutor's other tab, which never opened the room, hears the read too (its unread count).
    const otherTab = await socketFor(tutor, 'teacher');
    await emitAck(ts, 'join_room', { chatroomId: roomId });
    const cleared = nextEvent(ts, 'read');
    const heardElsewhere = nextEvent(otherTab, 'read');
    ts.emit('read', { chatroomId: roomId });
    await cleared;
    expect(await heardElsewhere).toEqual({ chatroomId: roomId, by: 'Teacher' });
    expect((await roomOf(tutor)).teacherUnread).toBe(0);
  });

  it('refuses a flood: twenty messages at once go, the next is refused and not stored, and one goes again a moment later', async () => {
    // A person no other test sends as: the budget is the person's.
    const learner = await t.signIn('classroom@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const send = (message: string) => emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message });
    const stored = async () => ((await learner.get(`/room/v1/${roomId}`)).json().messages as { message: string }[]).map((m) => m.message);
    // All at once, however long a busy machine takes to deliver them: no time passes for the budget.
    heldAt = new Date();
    const burst = await Promise.all(Array.from({ length: MESSAGE_BURST + 1 }, (_, i) => send(`burst ${i + 1}`)));
    expect(burst.filter((ack) => ack.ok)).toHaveLength(MESSAGE_BURST);
    const refused = burst.findIndex((ack) => !ack.ok);
    expect(burst[refused]).toEqual({ ok: false, message: messages.sendingTooFast });
    expect(await stored()).not.toContain(`burst ${refused + 1}`);
    expect((await send('too soon')).ok).toBe(false);
    heldAt = new Date(heldAt.getTime() + Math.ceil(1_000 / MESSAGES_PER_SECOND));
    expect((await send('after a moment')).ok).toBe(true);
    expect((await stored()).filter((m) => m.startsWith('burst ') || m === 'after a moment')).toHaveLength(MESSAGE_BURST + 1);
  });

  it('gives a person one budget whatever number of connections: five sockets send twenty between them, not a hundred', async () => {
    const learner = await t.signIn('latecancel@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const connections = await Promise.all(Array.from({ length: 5 }, () => socketFor(learner, 'learner')));
    const send = (socket: LiveSocket, message: string) => emitAck(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message });
    heldAt = new Date();
    const flood = await Promise.all(Array.from({ length: MESSAGE_BURST * 5 }, (_, i) => send(connections[i % connections.length]!, `spread ${i + 1}`)));
    expect(flood.filter((ack) => ack.ok)).toHaveLength(MESSAGE_BURST);
    expect(flood.find((ack) => !ack.ok)).toEqual({ ok: false, message: messages.sendingTooFast });
    // Someone else's budget is their own.
    const ts = await socketFor(tutor, 'teacher');
    expect((await send(ts, 'the tutor still answers')).ok).toBe(true);
  });

  it('spends room events from a budget of their own: a read or join flood stops at the burst, unrelayed, while messages still go', async () => {
    const learner = await t.signIn('curriculum@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ts = await socketFor(tutor, 'teacher');
    expect((await emitAck(ts, 'join_room', { chatroomId: roomId })).ok).toBe(true);
    let relayed = 0;
    ts.on('read', ({ by }) => (by === 'Learner' ? (relayed += 1) : undefined));
    const ls = await socketFor(learner, 'learner');
    const errors: string[] = [];
    ls.on('error_message', ({ message }) => errors.push(message));
    // Opening several rooms, one after another, is nowhere near the budget.
    for (let i = 0; i < 3; i++) expect((await emitAck(ls, 'join_room', { chatroomId: roomId, afterSeq: 0 })).ok).toBe(true);
    for (let i = 0; i < ROOM_EVENT_BURST * 3; i++) ls.emit('read', { chatroomId: roomId });
    const joins = await Promise.all(Array.from({ length: 10 }, () => emitAck(ls, 'join_room', { chatroomId: roomId, afterSeq: 0 })));
    expect(joins.filter((ack) => !ack.ok)).toContainEqual({ ok: false, message: messages.openingRoomsTooFast });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A refused read is dropped quietly: no toast for bookkeeping.
    expect(relayed).toBeLessThanOrEqual(ROOM_EVENT_BURST);
    expect(errors.filter((message) => message !== messages.openingRoomsTooFast)).toEqual([]);
    expect((await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'still heard' })).ok).toBe(true);
  });

  it('refuses a socket without a valid session', async () => {
    const socket = sockets.dial(baseUrl, { cookie: 'parley_learner=forged' });
    const error = await connectError(socket);
    expect(error.message).toBe('UNAUTHENTICATED');
  });

  it('a client that reconnects gets every missed message once, in order', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ts = await socketFor(tutor, 'teacher');
    let ls = await socketFor(learner, 'learner');
    await emitAck(ls, 'join_room', { chatroomId: roomId });
    const before = (await learner.get(`/room/v1/${roomId}`)).json().messages;
    const lastSeq = before.length ? before.at(-1).seq : 0;
    ls.disconnect();
    for (let i = 1; i <= 20; i += 1) {
      const ack = await emitAck(ts, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: `missed ${i}` });
      expect(ack.ok).toBe(true);
    }
    ls = await socketFor(learner, 'learner');
    const joined = await emitAck<{ missed: ChatMessage[] }>(ls, 'join_room', { chatroomId: roomId, afterSeq: lastSeq });
    if (!joined.ok) throw new Error(joined.message);
    expect(joined.data.missed.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `missed ${i + 1}`));
  });
});

describe('session requests', () => {
  const tomorrow = () => addDaysToIsoDate(isoDateInZone(new Date(), 'Asia/Kolkata'), 1);

  it('the tutor books a request, the learner sees Booked live, and the session is listed', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    await emitAck(ls, 'join_room', { chatroomId: roomId });
    const request = await emitAck<ChatMessage>(ls, 'chatroom_message', {
      chatroomId: roomId,
      msgType: 'Session',
      message: 'Can we practise interviews?',
      sessionDate: tomorrow(),
      sessionTime: '06:20',
      subject: 'English',
    });
    if (!request.ok) throw new Error(request.message);
    expect(request.data.status).toBe('Requested');
    // The tutor hears of it in the bell too, in their own time zone, wherever they are in the app.
    const notices = async () => (await tutor.get('/api/notifications')).json().items as { kind: string; title: string; body: string; link: string | null; readAt: string | null }[];
    const told = (await notices()).find((n) => n.kind === 'session_requested');
    expect(told).toMatchObject({ title: 'New session request', link: `/teacher/chat?room=${roomId}&request=${request.data._id}`, readAt: null });
    expect(told?.body).toMatch(/^Rohan Sharma asked for an English session on .* 6:20 AM \(Asia\/Kolkata\)\. Answer in the chat\.$/);

    expect((await learner.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' })).statusCode).toBe(403);
    const update = nextEvent(ls, 'message_updated');
    // The tutor's other tabs' bells hear that it was answered.
    const tutorTab = await socketFor(tutor, 'teacher');
    const bellAsksAgain = nextEvent(tutorTab, 'notifications_read');
    const booked = await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().toast).toBe(messages.sessionIsBooked);
    expect((await update).status).toBe('Booked');
    await bellAsksAgain;
    // Answered, the request's notice no longer waits in the tutor's bell.
    expect((await notices()).find((n) => n.link === told?.link)?.readAt).not.toBeNull();
    const sessions = (await learner.get('/api/sessions?when=upcoming&limit=50')).json().items;
    expect(sessions.some((s: { startAt: string }) => s.startAt === request.data.sessionStartAt)).toBe(true);
    expect((await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Rejected' })).statusCode).toBe(409);
  });

  it('a booked request follows its session: cancelled, both sides are told and the history says so', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const [ls, ts] = await Promise.all([socketFor(learner, 'learner'), socketFor(tutor, 'teacher')]);
    await emitAck(ls, 'join_room', { chatroomId: roomId });
    const request = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'One to cancel', sessionDate: tomorrow(), sessionTime: '08:40', subject: 'English' });
    if (!request.ok) throw new Error(request.message);
    const bookedSeen = Promise.all([nextEvent(ls, 'message_updated'), nextEvent(ts, 'message_updated')]);
    expect((await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' })).statusCode).toBe(200);
    expect((await bookedSeen).map((m) => m.status)).toEqual(['Booked', 'Booked']);
    const [message] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, request.data._id));

    // Both chats hear sessions_changed and read the room again.
    const told = Promise.all([nextEvent(ls, 'sessions_changed'), nextEvent(ts, 'sessions_changed')]);
    expect((await learner.post(`/api/sessions/${message!.bookedSessionId}/cancel`, { reason: 'Something came up' })).statusCode).toBe(200);
    await told;
    const history = (await tutor.get(`/room/v1/${roomId}`)).json().messages;
    expect(history.find((m: ChatMessage) => m._id === request.data._id).status).toBe('Cancelled');
  });

  it('tells the tutor, not as a prompt to subscribe, when the learner has no session left to book a request with', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const request = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Late slot?', sessionDate: tomorrow(), sessionTime: '21:00', subject: 'English' });
    if (!request.ok) throw new Error(request.message);
    const [learnerRow] = await t.ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'learner@parley.test'));
    const plansBefore = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, learnerRow!.id));
    await t.ctx.db.update(subscriptions).set({ availableSession: 0, availableWeeklySession: 0, backlogSession: 0 }).where(eq(subscriptions.learnerId, learnerRow!.id));
    try {
      const res = await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`${learnerRow!.name} has no English session left to book. Reject the request, or book it once they have bought more.`);
      const thread = (await tutor.get(`/room/v1/${roomId}`)).json().messages as ChatMessage[];
      expect(thread.find((m) => m._id === request.data._id)?.status).toBe('Requested');
    } finally {
      for (const row of plansBefore) await t.ctx.db.update(subscriptions).set(row).where(eq(subscriptions.id, row.id));
    }
  });

  it('the tutor rejects a request', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const request = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Evening?', sessionDate: tomorrow(), sessionTime: '20:00', subject: 'English' });
    if (!request.ok) throw new Error(request.message);
    const pushed = nextEvent(ls, 'notification');
    const res = await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Rejected' });
    expect(res.json()).toMatchObject({ toast: messages.sessionIsRejected, message: { status: 'Rejected' } });
    // The learner hears of it where they are, not only in the chat, and is sent back to ask again.
    const notice = (await learner.get('/api/notifications')).json().items[0];
    expect(notice).toMatchObject({ kind: 'chat_request_rejected', title: 'Your session request was declined', link: `/learner?chat=${tutorId}&request=${request.data._id}`, readAt: null });
    expect(notice.body).toMatch(/^Ananya Iyer cannot take your English session request for .+, 8:00 PM \(Asia\/Kolkata\)\. Ask for another time in the chat\.$/);
    expect((await pushed)._id).toBe(notice._id);
  });

  it('opens a long thread on its latest 500 messages and hands out older ones 500 at a time', async () => {
    const reader = await t.signIn('ielts@parley.test');
    const readerId = await idOfEmail('ielts@parley.test');
    // A room of its own: no other test writes to this tutor's rooms.
    const [room] = await t.ctx.db.insert(chatRooms).values({ learnerId: readerId, teacherId: await idOfEmail('daniel.brooks@parley.test') }).returning();
    await t.ctx.db.insert(chatMessages).values(Array.from({ length: 503 }, (_, i) => ({ roomId: room!.id, senderId: readerId, senderRole: 'Learner' as const, type: 'Text' as const, message: `Line ${i + 1}` })));
    const page = async (query: string) => {
      const res = await reader.get(`/room/v1/${room!.id}${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { messages: ChatMessage[]; hasOlder: boolean };
      return { texts: body.messages.map((m) => m.message), seqs: body.messages.map((m) => m.seq), hasOlder: body.hasOlder };
    };
    const latest = await page('');
    expect(latest.texts).toEqual(Array.from({ length: 500 }, (_, i) => `Line ${i + 4}`));
    expect(latest.hasOlder).toBe(true);
    const older = await page(`?before=${latest.seqs[0]}`);
    expect(older).toMatchObject({ texts: ['Line 1', 'Line 2', 'Line 3'], hasOlder: false });
    expect((await reader.get(`/room/v1/${room!.id}?before=0`)).statusCode).toBe(400);
  });

  it('tells a kid’s parent, naming the kid, when the tutor declines the kid’s request', async () => {
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const [parent] = await t.ctx.db.select().from(users).where(eq(users.email, 'parent@parley.test'));
    const [kid] = await t.ctx.db.select().from(users).where(eq(users.parentId, parent!.id));
    await t.ctx.db.insert(chatRooms).values({ learnerId: kid!.id, teacherId: tutorId }).onConflictDoNothing();
    const [room] = await t.ctx.db.select().from(chatRooms).where(and(eq(chatRooms.learnerId, kid!.id), eq(chatRooms.teacherId, tutorId)));
    const [request] = await t.ctx.db
      .insert(chatMessages)
      .values({ roomId: room!.id, senderId: kid!.id, senderRole: 'Learner', type: 'Session', message: '', status: 'Requested', sessionDate: '2030-01-01', sessionTime: '10:00', sessionStartAt: new Date(Date.now() + 2 * 86_400_000), subject: 'English', forKids: true })
      .returning();
    expect((await tutor.put('/room/v1/message', { messageId: request!.id, status: 'Rejected' })).statusCode).toBe(200);
    const declined = (userId: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'chat_request_rejected')));
    const kidChat = `/kids/dashboard?kid=${kid!.id}&chat=${tutorId}&request=${request!.id}`;
    expect(await declined(kid!.id)).toMatchObject([{ title: 'Your session request was declined', link: kidChat }]);
    expect(await declined(parent!.id)).toMatchObject([{ title: `${kid!.name}’s session request was declined`, link: kidChat, body: expect.stringContaining(`cannot take ${kid!.name}’s English session request`) }]);
  });

  it('takes the time’s instant when it names the date and time asked for (two 01:30s on a fall-back night), and refuses one that does not', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const date = tomorrow();
    const instant = new Date(`${date}T19:40:00+05:30`).toISOString();
    const ask = (sessionStartAt: string) =>
      emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Evening?', sessionDate: date, sessionTime: '19:40', sessionStartAt, subject: 'English' });
    const wrong = await ask(new Date(Date.parse(instant) + 3_600_000).toISOString());
    expect(wrong).toEqual({ ok: false, message: 'The time does not match the date and time asked for.' });
    const right = await ask(instant);
    if (!right.ok) throw new Error(right.message);
    expect(right.data.sessionStartAt).toBe(instant);
    await tutor.put('/room/v1/message', { messageId: right.data._id, status: 'Rejected' });
  });

  it('takes one open request per time: a repeat is refused until the tutor answers', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const ask = () => emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Noon?', sessionDate: tomorrow(), sessionTime: '12:00', subject: 'English' });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    const refused = first.ok ? second : first;
    if (refused.ok) throw new Error('one request should be refused');
    expect(refused.message).toBe('You have already asked for this time. Wait for the tutor to answer.');
    const open = first.ok ? first : second;
    if (!open.ok) throw new Error(open.message);
    await tutor.put('/room/v1/message', { messageId: open.data._id, status: 'Rejected' });
    expect((await ask()).ok).toBe(true);
  });

  it('takes only a time the form lists: on the grid from midnight, stepped by the class plus 5 minutes, to the minute', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const stored = async () => (await learner.get(`/room/v1/${roomId}`)).json().messages.length;
    const before = await stored();
    const ask = (sessionTime: string, sessionStartAt?: string) =>
      emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'This time?', sessionDate: tomorrow(), sessionTime, sessionStartAt, subject: 'English' });
    const notListed = { ok: false, message: 'That time is not one of the slots. Please pick a time from the list.' };
    expect(await ask('11:07')).toEqual(notListed);
    expect(await ask('11:10')).toEqual(notListed);
    expect(await ask('11:00', new Date(`${tomorrow()}T11:00:30+05:30`).toISOString())).toEqual(notListed);
    expect(await stored()).toBe(before);
    const listed = await ask('11:00');
    if (!listed.ok) throw new Error(listed.message);
    await tutor.put('/room/v1/message', { messageId: listed.data._id, status: 'Rejected' });
  });

  it('names a topic from the curriculum: an unknown one is refused, as is one that is not the learner’s next step; the next step is taken in its own words and Book copies it', async () => {
    const neha = await t.signIn('curriculum@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    // A topic is asked for as an English session, which an English plan pays for.
    const nehaId = await idOfEmail('curriculum@parley.test');
    const [english] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-quick'));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.ctx.db.insert(subscriptions).values({ learnerId: nehaId, planId: english!.id, subjects: ['English'], subscriptionType: english!.subscriptionType, availableSession: 2, availableWeeklySession: 2, startsAt: anHourAgo, createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 30 * 86_400_000) });
    const roomId = await openRoom(neha);
    const ns = await socketFor(neha, 'learner');
    const ask = (topic: object, sessionTime: string) =>
      emitAck<ChatMessage>(ns, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'This topic?', sessionDate: tomorrow(), sessionTime, subject: 'English', topic });
    expect(await ask({ id: randomUUID(), kind: 'certificate', name: 'C2 Mastery Level Test', level: 'C2' }, '09:00')).toEqual({ ok: false, message: 'Level test not found' });
    expect(await ask({ id: randomUUID(), name: 'Anything', level: 'A1' }, '09:00')).toEqual({ ok: false, message: 'Topic not found' });
    const levels = (await neha.get('/api/curriculum/progress')).json().levels as { test: { certificateId: string }; topics: { _id: string; state: string }[] }[];
    // A1 is passed: its test and its topics are not hers to ask for again.
    expect(await ask({ id: levels[0]!.test.certificateId, kind: 'certificate' }, '09:00')).toEqual({ ok: false, message: 'That is not your next topic. Book the next topic on your path.' });
    expect(await ask({ id: levels[0]!.topics[0]!._id }, '09:00')).toEqual({ ok: false, message: 'That is not your next topic. Book the next topic on your path.' });
    // Someone not on the curriculum asks for none.
    const step = (await neha.get('/api/curriculum')).json().step as { kind: string; topic: { _id: string; title: string; level: string } };
    expect(step.kind).toBe('topic');
    const rohan = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const rohanRoom = await openRoom(await t.signIn('learner@parley.test'));
    const outsider = await emitAck(rohan, 'chatroom_message', { chatroomId: rohanRoom, msgType: 'Session', message: 'Topic?', sessionDate: tomorrow(), sessionTime: '09:00', subject: 'English', topic: { id: step.topic._id } });
    expect(outsider).toEqual({ ok: false, message: 'Curriculum topics are for learners on a curriculum plan.' });

    const taken = await ask({ id: step.topic._id, kind: 'topic', name: 'C2 Mastery Level Test', level: 'C2' }, '09:20');
    if (!taken.ok) throw new Error(taken.message);
    expect(taken.data.topic).toEqual({ kind: 'topic', id: step.topic._id, name: step.topic.title, level: step.topic.level });
    // Booked as the English session she asked for: the session carries the topic.
    const booked = await tutor.put('/room/v1/message', { messageId: taken.data._id, status: 'Booked' });
    expect(booked.statusCode).toBe(200);
    const [message] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, taken.data._id));
    const [session] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, message!.bookedSessionId!));
    expect(session).toMatchObject({ topicId: step.topic._id, certificateId: null, level: step.topic.level });
  });

  it('refuses a request outside the 7-day window', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const far = addDaysToIsoDate(isoDateInZone(new Date(), 'Asia/Kolkata'), 7);
    const res = await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Later', sessionDate: far, sessionTime: '10:00', subject: 'English' });
    expect(res.ok).toBe(false);
  });

  it('refuses a request in a subject the tutor does not teach, or that no plan of the learner covers (the tutor could never book it), and stores nothing', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const stored = async () => (await learner.get(`/room/v1/${roomId}`)).json().messages;
    const before = await stored();
    for (const [subject, refusal] of [
      ['Financial Education', messages.tutorDoesNotTeach('Ananya Iyer', 'Financial Education')],
      ['IELTS', messages.planDoesNotCover('IELTS')],
    ] as const) {
      const res = await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'This one?', sessionDate: tomorrow(), sessionTime: '18:00', subject });
      expect(res, subject).toEqual({ ok: false, message: refusal });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a request in a subject whose plan has no session left (chat stays open on another plan’s sessions)', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const rohanId = await idOfEmail('learner@parley.test');
    const plansBefore = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.learnerId, rohanId));
    const [ielts] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'ielts-band-booster'));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const [extra] = await t.ctx.db
      .insert(subscriptions)
      .values({ learnerId: rohanId, planId: ielts!.id, subjects: ['IELTS'], subscriptionType: ielts!.subscriptionType, availableSession: 4, availableWeeklySession: 4, startsAt: anHourAgo, createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 30 * 86_400_000) })
      .returning();
    await t.ctx.db.update(subscriptions).set({ availableSession: 0, availableWeeklySession: 0, backlogSession: 0 }).where(and(eq(subscriptions.learnerId, rohanId), eq(subscriptions.planId, plansBefore[0]!.planId)));
    try {
      const res = await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'One more?', sessionDate: tomorrow(), sessionTime: '18:00', subject: 'English' });
      expect(res).toEqual({ ok: false, message: 'You have used every session of your plan. Buy a plan to book more.' });
    } finally {
      await t.ctx.db.delete(subscriptions).where(eq(subscriptions.id, extra!.id));
      for (const row of plansBefore) await t.ctx.db.update(subscriptions).set(row).where(eq(subscriptions.id, row.id));
    }
  });

  it('refuses a kid’s request in a subject the kid has no session of (chat open on another subject’s sessions)', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids as { _id: string; name: string }[];
    const diya = kids.find((k) => k.name === 'Diya Rao')!;
    await t.ctx.db.insert(kidSessionBalances).values({ kidId: diya._id, subject: 'Financial Education', sessionsAvailable: 2 });
    try {
      await parent.post('/api/learner/findKidById', { learnerId: diya._id });
      const room = await parent.send('POST', '/room/v1/initiate', { teacherId: tutorId }, { 'x-parley-as': 'kid' });
      expect(room.statusCode).toBe(200);
      const ks = await socketFor(parent, 'kid');
      const res = await emitAck(ks, 'chatroom_message', { chatroomId: room.json().room._id, msgType: 'Session', message: 'Story time?', sessionDate: tomorrow(), sessionTime: '18:00', subject: 'English' });
      expect(res).toEqual({ ok: false, message: messages.buySessionToBook });
    } finally {
      await t.ctx.db.delete(kidSessionBalances).where(eq(kidSessionBalances.kidId, diya._id));
    }
  });

  it('refuses to book a request in a subject the tutor stopped teaching after it was made, spending nothing', async () => {
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const request = await emitAck<ChatMessage>(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Early one?', sessionDate: tomorrow(), sessionTime: '07:20', subject: 'English' });
    if (!request.ok) throw new Error(request.message);
    const sessionsLeft = async () => (await learner.get('/api/auth/me?role=learner')).json().user.activeSubscription.availableSession;
    const before = await sessionsLeft();
    const [saved] = await t.ctx.db.select({ subjects: teachers.subjects }).from(teachers).where(eq(teachers.userId, tutorId));
    await t.ctx.db.update(teachers).set({ subjects: ['IELTS'] }).where(eq(teachers.userId, tutorId));
    try {
      const booked = await tutor.put('/room/v1/message', { messageId: request.data._id, status: 'Booked' });
      expect(booked.statusCode).toBe(409);
      expect(booked.json()).toMatchObject({ code: 'TUTOR_DOES_NOT_TEACH', message: messages.tutorDoesNotTeach('Ananya Iyer', 'English') });
      expect(await sessionsLeft()).toBe(before);
    } finally {
      await t.ctx.db.update(teachers).set({ subjects: saved!.subjects }).where(eq(teachers.userId, tutorId));
    }
  });
});

describe('files (IELTS only)', () => {
  const upload = (c: TestClient, roomId: string, body: Buffer, mime: string, name = 'essay.pdf') => {
    const boundary = '----parleytest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatroomId"\r\n\r\n${roomId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="role"\r\n\r\nLearner\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatFile"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return c.send('POST', '/room/v1/sendFile', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  };

  it('takes a file from an IELTS learner and serves it to room members only', async () => {
    const ielts = await t.signIn('ielts@parley.test');
    const roomId = await openRoom(ielts);
    const res = await upload(ielts, roomId, Buffer.from('%PDF-1.4 essay'), 'application/pdf');
    expect(res.statusCode).toBe(200);
    const url = res.json().message.file.url;
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const download = await tutor.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 essay');
    expect((await (await t.signIn('learner@parley.test')).get(url)).statusCode).toBe(404);
    expect((await upload(ielts, roomId, Buffer.from('MZ'), 'application/x-msdownload', 'x.exe')).statusCode).toBe(400);
    expect((await upload(ielts, roomId, Buffer.alloc(5 * 1024 * 1024 + 10), 'application/pdf')).statusCode).toBe(400);
  });

  it('checks the content, not only the declared type', async () => {
    const ielts = await t.signIn('ielts@parley.test');
    const roomId = await openRoom(ielts);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const disguised = await upload(ielts, roomId, exe, 'application/pdf', 'essay.pdf');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This file’s content does not match its type.' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a40000000049454e44ae426082', 'hex');
    expect((await upload(ielts, roomId, png, 'image/png', 'dot.png')).statusCode).toBe(200);
    expect((await upload(ielts, roomId, png, 'application/pdf', 'dot.pdf')).statusCode).toBe(400);
    // Whatever it was called, it downloads under its real type's extension.
    const named = await upload(ielts, roomId, png, 'image/png', 'notes.html');
    expect(named.json().message.fileName ?? named.json().message.message).toBe('notes.html.png');
    expect((await ielts.get(named.json().message.file.url)).headers['content-disposition']).toBe('attachment; filename="notes.html.png"');
    // A long name is cut to CHAT_FILE_NAME_MAX, keeping its extension.
    const long = await upload(ielts, roomId, png, 'image/png', `${'n'.repeat(CHAT_FILE_NAME_MAX + 20)}.png`);
    expect(long.json().message.file.name).toBe(`${'n'.repeat(CHAT_FILE_NAME_MAX - 4)}.png`);
  });

  it('takes CHAT_FILE_LIMIT files from a person in a window and refuses the rest with a clear message; others still send', async () => {
    const learnerId = await idOfEmail('latecancel@parley.test');
    const [ielts] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'ielts-band-booster'));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.ctx.db.insert(subscriptions).values({ learnerId, planId: ielts!.id, subjects: ['IELTS'], subscriptionType: ielts!.subscriptionType, availableSession: 1, availableWeeklySession: 1, startsAt: anHourAgo, createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 30 * 86_400_000) });
    const learner = await t.signIn('latecancel@parley.test');
    const roomId = await openRoom(learner);
    const stored = async () => ((await learner.get(`/room/v1/${roomId}`)).json().messages as ChatMessage[]).filter((m) => m.type === 'File').length;
    const before = await stored();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(64 * 1024)]);
    for (let i = 0; i < CHAT_FILE_LIMIT.max; i++) expect((await upload(learner, roomId, pdf, 'application/pdf', `essay ${i}.pdf`)).statusCode).toBe(200);
    const flood = await Promise.all(Array.from({ length: 15 }, (_, i) => upload(learner, roomId, pdf, 'application/pdf', `flood ${i}.pdf`)));
    expect(flood.map((res) => res.statusCode)).toEqual(Array(15).fill(429));
    expect(flood[0]!.json()).toEqual({ code: 'RATE_LIMITED', message: messages.sendingFilesTooFast(CHAT_FILE_LIMIT.windowMin) });
    expect(await stored()).toBe(before + CHAT_FILE_LIMIT.max);
    // The tutor in the same room is another person, with files of their own.
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await upload(tutor, roomId, Buffer.from('%PDF-1.4 marked'), 'application/pdf')).statusCode).toBe(200);
  });

  it('refuses files from a blocked tutor, and files to one', async () => {
    const sofiaId = await idOfEmail('sofia.martinez@parley.test');
    const ielts = await t.signIn('ielts@parley.test');
    const roomId = (await ielts.post('/room/v1/initiate', { teacherId: sofiaId })).json().room._id as string;
    const sofia = await t.signIn('sofia.martinez@parley.test', 'teacher');
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    expect((await moderator.post(`/api/moderator/tutors/${sofiaId}/block`, { reason: 'Asked learners to pay outside Parley.' })).statusCode).toBe(200);
    try {
      const fromTutor = await upload(sofia, roomId, Buffer.from('%PDF-1.4 x'), 'application/pdf');
      expect(fromTutor.statusCode).toBe(403);
      expect(fromTutor.json().message).toBe(messages.blockedTutorCannotChat);
      const toTutor = await upload(ielts, roomId, Buffer.from('%PDF-1.4 y'), 'application/pdf');
      expect(toTutor.statusCode).toBe(403);
      expect(toTutor.json().message).toBe(messages.tutorNotChatting);
    } finally {
      await moderator.post(`/api/moderator/tutors/${sofiaId}/unblock`, { reason: 'Resolved.' });
    }
  });

  it('refuses files from learners without IELTS', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    expect((await upload(learner, roomId, Buffer.from('%PDF'), 'application/pdf')).statusCode).toBe(403);
    // Nor from the tutor in that learner's room: files are for IELTS rooms, whoever sends.
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await upload(tutor, roomId, Buffer.from('%PDF'), 'application/pdf')).statusCode).toBe(403);
    const ieltsRoom = await openRoom(await t.signIn('ielts@parley.test'));
    expect((await upload(tutor, ieltsRoom, Buffer.from('%PDF-1.4 marked essay'), 'application/pdf')).statusCode).toBe(200);
  });
});

describe('a tutor a moderator blocked', () => {
  it('can no longer write, be written to, be asked for a slot or have a chat started, on sockets already joined and on any node; reading stays open', async () => {
    const sofiaId = await idOfEmail('sofia.martinez@parley.test');
    const learner = await t.signIn('learner@parley.test');
    const roomId = (await learner.post('/room/v1/initiate', { teacherId: sofiaId })).json().room._id as string;
    const nodeB = await createTestApp({ database: t.ctx.database, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    try {
      const urlB = await nodeB.listen();
      const sofia = await nodeB.signIn('sofia.martinez@parley.test', 'teacher');
      const ts = await socketFor(sofia, 'teacher', urlB, nodeB);
      const ls = await socketFor(learner, 'learner');
      for (const socket of [ts, ls]) expect((await emitAck(socket, 'join_room', { chatroomId: roomId })).ok).toBe(true);
      const text = (socket: LiveSocket, message: string) => emitAck(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message });
      expect((await text(ts, 'Before the block')).ok).toBe(true);

      expect((await moderator.post(`/api/moderator/tutors/${sofiaId}/block`, { reason: 'Asked learners to pay outside Parley.' })).statusCode).toBe(200);
      expect(await text(ts, 'Contact me on WhatsApp')).toEqual({ ok: false, message: messages.blockedTutorCannotChat });
      expect(await text(ls, 'Are you there?')).toEqual({ ok: false, message: messages.tutorNotChatting });
      const request = await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Session', message: 'Tomorrow?', sessionDate: tomorrowInKolkata(), sessionTime: '11:00', subject: 'English' });
      expect(request).toEqual({ ok: false, message: messages.tutorNotChatting });
      const started = await learner.post('/room/v1/initiate', { teacherId: sofiaId });
      expect(started.statusCode).toBe(403);
      expect(started.json()).toMatchObject({ code: 'FORBIDDEN', message: messages.tutorNotChatting });
      // What was said before stays readable to both.
      const history = ((await sofia.get(`/room/v1/${roomId}`)).json().messages as ChatMessage[]).map((m) => m.message);
      expect(history).toContain('Before the block');
      expect(history).not.toContain('Contact me on WhatsApp');
      expect((await emitAck(ts, 'join_room', { chatroomId: roomId, afterSeq: 0 })).ok).toBe(true);

      expect((await moderator.post(`/api/moderator/tutors/${sofiaId}/unblock`, { reason: 'Resolved with the tutor.' })).statusCode).toBe(200);
      expect((await text(ts, 'Back again')).ok).toBe(true);
      expect((await text(ls, 'Welcome back')).ok).toBe(true);
    } finally {
      await moderator.post(`/api/moderator/tutors/${sofiaId}/unblock`, { reason: 'Resolved.' });
      await nodeB.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('two server nodes through Redis', () => {
  it('a learner on node A and a tutor on node B chat live', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const urlB = await nodeB.listen();
      const learner = await t.signIn('learner@parley.test');
      const tutor = await nodeB.signIn('tutor@parley.test', 'teacher');
      const roomId = await openRoom(learner);
      const ls = await socketFor(learner, 'learner');
      const ts = await socketFor(tutor, 'teacher', urlB, nodeB);
      await emitAck(ls, 'join_room', { chatroomId: roomId });
      await emitAck(ts, 'join_room', { chatroomId: roomId });
      const arrival = nextEvent(ts, 'new_message');
      await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'across nodes' });
      expect((await arrival).message).toBe('across nodes');
      const reply = nextEvent(ls, 'new_message');
      await emitAck(ts, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'heard you' });
      expect((await reply).message).toBe('heard you');
    } finally {
      await nodeB.close();
    }
  });

  it('a logout on node A closes the session’s socket on node B', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const urlB = await nodeB.listen();
      const learner = await t.signIn('learner@parley.test');
      const onB = await socketFor(learner, 'learner', urlB, nodeB);
      const closed = new Promise<void>((resolve) => onB.once('disconnect', () => resolve()));
      await learner.post('/api/auth/logout', { role: 'learner' });
      await closed;
      expect(onB.connected).toBe(false);
    } finally {
      await nodeB.close();
    }
  });
});

describe('sessions and sockets', () => {
  const disconnected = (socket: LiveSocket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

  it('closes a session’s sockets on logout, and a later send is refused', async () => {
    const learner = await t.signIn('learner@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    const other = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const closed = disconnected(ls);
    expect((await learner.post('/api/auth/logout', { role: 'learner' })).statusCode).toBe(204);
    await closed;
    // The same user's other session (another browser) is not touched.
    expect(other.connected).toBe(true);
    expect(ls.connected).toBe(false);
    const stored = (await (await t.signIn('tutor@parley.test', 'teacher')).get(`/room/v1/${roomId}`)).json().messages.length;
    ls.connect();
    const refused = await connectError(ls);
    expect(refused.message).toBe('UNAUTHENTICATED');
    expect((await (await t.signIn('tutor@parley.test', 'teacher')).get(`/room/v1/${roomId}`)).json().messages.length).toBe(stored);
  });

  it('ends the kid sessions a parent opened when the parent logs out', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids as { _id: string }[];
    await parent.post('/api/learner/findKidById', { learnerId: kids[0]!._id });
    const ks = await socketFor(parent, 'kid');
    expect((await parent.send('GET', `/api/kids/${kids[0]!._id}/subjects`, undefined, { 'x-parley-as': 'kid' })).statusCode).toBe(200);
    const closed = disconnected(ks);
    await parent.post('/api/auth/logout', { role: 'learner' });
    await closed;
    // The kid cookie is still in the browser, but its session has ended.
    expect(parent.cookies.has('parley_kid')).toBe(true);
    expect((await parent.send('GET', `/api/kids/${kids[0]!._id}/subjects`, undefined, { 'x-parley-as': 'kid' })).statusCode).toBe(401);
  });

  it('re-checks chat access on every message, not only when the room opened', async () => {
    const learner = await t.signIn('ielts@parley.test');
    const roomId = await openRoom(learner);
    const ls = await socketFor(learner, 'learner');
    expect((await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'before' })).ok).toBe(true);
    const [me] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'ielts@parley.test'));
    await t.ctx.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.learnerId, me!.id));
    expect(await emitAck(ls, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'after' })).toEqual({ ok: false, message: messages.subscribeToChat });
  });

  it('refuses a handshake from a foreign origin', async () => {
    const learner = await t.signIn('newbie@parley.test');
    const foreign = sockets.dial(baseUrl, { cookie: t.cookieHeader(learner), role: 'learner', origin: 'https://evil.example' });
    await connectError(foreign);
    expect(foreign.connected).toBe(false);
    await accepted(sockets.dial(baseUrl, { cookie: t.cookieHeader(learner), role: 'learner', origin: baseUrl }));
  });

  it('answers a malformed join_room with an error, not a crash', async () => {
    const ls = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    for (const payload of [{ chatroomId: 'not-a-uuid' }, { chatroomId: 'a\u0000b' }, null, 42]) {
      expect(await emitAck(ls, 'join_room', payload as object)).toEqual({ ok: false, message: 'chatroomId must be a conversation id.' });
    }
  });
});

describe('what a socket leaves behind', () => {
  it('frees every channel and membership of its sockets once they disconnect', async () => {
    const before = t.ctx.realtime.localFootprint();
    const learner = await t.signIn('learner@parley.test');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const roomId = await openRoom(learner);
    const opened = [await socketFor(learner, 'learner'), await socketFor(learner, 'learner'), await socketFor(tutor, 'teacher')];
    for (const socket of opened) expect((await emitAck(socket, 'join_room', { chatroomId: roomId })).ok).toBe(true);
    const arrival = nextEvent(opened[2]!, 'new_message');
    expect((await emitAck(opened[0]!, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'bye soon' })).ok).toBe(true);
    await arrival;
    const connected = t.ctx.realtime.localFootprint();
    expect(connected.sockets).toBe(before.sockets + 3);
    expect(connected.socketsInChannels).toBe(before.socketsInChannels + 3);
    // At least each socket's own channel and the two new sessions' channels.
    expect(connected.channels).toBeGreaterThanOrEqual(before.channels + 5);

    for (const socket of opened) socket.disconnect();
    await expect.poll(() => t.ctx.realtime.localFootprint(), { timeout: 2_000 }).toEqual(before);
  });
});
