import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingAttendanceSchema, meetingInfoSchema, meetingMessagesResponse, type MeetingMessage, type MeetingSignal } from '@parley/domain/live-sessions';
import { liveSessions, sessionPresence, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectError, emitAck, liveSockets, nextEvent, recordEvents, type LiveSocket } from '../../test/live-socket';

type Joined = { side: 'learner' | 'tutor'; peerPresent: boolean; messages: MeetingMessage[] };

const MINUTE = 60_000;
// Sessions are placed in 2035, one every four hours, and the app's clock is moved next to each.
const FIRST_SLOT_MS = Date.parse('2035-03-05T04:00:00Z');
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const setNow = (at: Date) => {
  offsetMs = at.getTime() - Date.now();
};
let slots = 0;

let t: TestApp;
let baseUrl: string;
const ids: Record<'learner' | 'tutor' | 'otherTutor' | 'parent' | 'kid', string> = { learner: '', tutor: '', otherTutor: '', parent: '', kid: '' };
const sockets = liveSockets(() => t, () => baseUrl, { reconnection: false });

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  baseUrl = await t.listen();
  const idOf = async (email: string, role: 'learner' | 'teacher') =>
    (await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.role, role))))[0]!.id;
  ids.learner = await idOf('learner@parley.test', 'learner');
  ids.tutor = await idOf('tutor@parley.test', 'teacher');
  ids.otherTutor = await idOf('daniel.brooks@parley.test', 'teacher');
  ids.parent = await idOf('parent@parley.test', 'learner');
  ids.kid = (await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.parentId, ids.parent), eq(users.name, 'Diya Rao'))))[0]!.id;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

/** A booked session of the learner (or kid) with the tutor; the clock is put `startsInMin` before its start. */
async function session(options: { learnerId?: string; tutorId?: string; startsInMin?: number; lengthMin?: number; status?: 'booked' | 'cancelled' } = {}) {
  const startAt = new Date(FIRST_SLOT_MS + slots++ * 4 * 60 * MINUTE);
  const endAt = new Date(startAt.getTime() + (options.lengthMin ?? 50) * MINUTE);
  const [row] = await t.ctx.db
    .insert(liveSessions)
    .values({
      teacherId: options.tutorId ?? ids.tutor,
      learnerId: options.learnerId ?? ids.learner,
      subject: 'English',
      type: 'Regular',
      status: options.status ?? 'booked',
      startAt,
      endAt,
      forKids: options.learnerId === ids.kid,
    })
    .returning({ id: liveSessions.id });
  setNow(new Date(startAt.getTime() - (options.startsInMin ?? 5) * MINUTE));
  return { id: row!.id, startAt, endAt };
}

const socketFor = sockets.open;

const join = (socket: LiveSocket, sessionId: string) => emitAck<Joined>(socket, 'meeting:join', { sessionId });
async function joined(socket: LiveSocket, sessionId: string): Promise<Joined> {
  const ack = await join(socket, sessionId);
  if (!ack.ok) throw new Error(ack.message);
  return ack.data;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

const stretchesOf = (sessionId: string) => t.ctx.db.select().from(sessionPresence).where(eq(sessionPresence.sessionId, sessionId)).orderBy(sessionPresence.joinedAt);

const offer: MeetingSignal = { from: 'learner-link-1', description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };

/** The learner and the tutor, signed in, each with a socket. */
async function pair() {
  const learner = await t.signIn('learner@parley.test');
  const tutor = await t.signIn('tutor@parley.test', 'teacher');
  return { learner, tutor, ls: await socketFor(learner, 'learner'), ts: await socketFor(tutor, 'teacher') };
}

describe('GET /api/meeting/:sessionId', () => {
  it('tells each side its side, the other person and whether joining is open', async () => {
    const s = await session();
    const { learner, tutor } = await pair();
    const asLearner = await learner.get(`/api/meeting/${s.id}`);
    expect(asLearner.statusCode).toBe(200);
    expect(meetingInfoSchema.parse(asLearner.json())).toEqual({
      sessionId: s.id,
      subject: 'English',
      startAt: s.startAt.toISOString(),
      endAt: s.endAt.toISOString(),
      side: 'learner',
      peer: { name: 'Ananya Iyer', image: `/api/assets/avatar/${ids.tutor}.svg` },
      joinWindow: 'open',
      joinOpensAt: new Date(s.startAt.getTime() - 10 * MINUTE).toISOString(),
      status: 'booked',
      iceServers: [],
    });
    expect((await tutor.get(`/api/meeting/${s.id}`)).json()).toMatchObject({ side: 'tutor', peer: { name: 'Rohan Sharma' } });
  });

  it('answers anyone else, and a session that does not exist, with the same 404', async () => {
    const s = await session();
    const stranger = await t.signIn('ielts@parley.test');
    const otherTutor = await t.signIn('daniel.brooks@parley.test', 'teacher');
    for (const path of ['', '/messages', '/attendance']) {
      for (const client of [stranger, otherTutor]) {
        const res = await client.get(`/api/meeting/${s.id}${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Session not found');
      }
      expect((await stranger.get(`/api/meeting/00000000-0000-4000-8000-000000000000${path}`)).json().message).toBe('Session not found');
      expect((await t.client().get(`/api/meeting/${s.id}${path}`)).statusCode).toBe(401);
    }
    expect((await (await t.signIn('moderator@parley.test', 'moderator')).get(`/api/meeting/${s.id}`)).statusCode).toBe(401);
  });

  it('says when joining opens, when it has ended and when the session was cancelled', async () => {
    const learner = await t.signIn('learner@parley.test');
    const early = await session({ startsInMin: 30 });
    expect((await learner.get(`/api/meeting/${early.id}`)).json()).toMatchObject({ joinWindow: 'too-early', status: 'booked' });
    const cancelled = await session({ status: 'cancelled' });
    expect((await learner.get(`/api/meeting/${cancelled.id}`)).json()).toMatchObject({ joinWindow: 'open', status: 'cancelled' });
    const past = await session({ startsInMin: -60, lengthMin: 50 });
    expect((await learner.get(`/api/meeting/${past.id}`)).json()).toMatchObject({ joinWindow: 'ended' });
  });
});

describe('joining the class', () => {
  it('the learner and the tutor join, and each hears when the other arrives and leaves', async () => {
    const s = await session();
    const { ls, ts } = await pair();
    expect(await joined(ls, s.id)).toEqual({ side: 'learner', peerPresent: false, messages: [] });
    const tutorArrives = nextEvent(ls, 'meeting:peer');
    expect(await joined(ts, s.id)).toMatchObject({ side: 'tutor', peerPresent: true });
    expect(await tutorArrives).toEqual({ sessionId: s.id, present: true });

    const learnerLeaves = nextEvent(ts, 'meeting:peer');
    ls.emit('meeting:leave', { sessionId: s.id });
    expect(await learnerLeaves).toEqual({ sessionId: s.id, present: false });
    const learnerBack = nextEvent(ts, 'meeting:peer');
    expect(await joined(ls, s.id)).toMatchObject({ peerPresent: true });
    expect(await learnerBack).toEqual({ sessionId: s.id, present: true });

    const stretches = await stretchesOf(s.id);
    expect(stretches.filter((p) => p.side === 'learner').map((p) => [p.userId, p.connectionId, p.leftAt === null])).toEqual([
      [ids.learner, ls.id, false],
      [ids.learner, ls.id, true],
    ]);
    expect(stretches.filter((p) => p.side === 'tutor').map((p) => [p.userId, p.connectionId, p.leftAt === null])).toEqual([[ids.tutor, ts.id, true]]);
  });

  it('a third account is refused, by socket as by HTTP, and never hears the call', async () => {
    const s = await session();
    const { ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const stranger = await socketFor(await t.signIn('ielts@parley.test'), 'learner');
    const otherTutor = await socketFor(await t.signIn('daniel.brooks@parley.test', 'teacher'), 'teacher');
    for (const socket of [stranger, otherTutor]) {
      expect(await join(socket, s.id)).toEqual({ ok: false, message: 'You are not part of this session.' });
    }
    expect(await join(stranger, '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, message: 'You are not part of this session.' });
    const overheard: unknown[] = [];
    for (const socket of [stranger, otherTutor]) for (const event of ['meeting:signal', 'meeting:message', 'meeting:peer'] as const) recordEvents(socket, event, overheard);
    const refusal = nextEvent(stranger, 'error_message');
    stranger.emit('meeting:signal', { sessionId: s.id, signal: offer });
    expect((await refusal).message).toBe('Join the class first.');
    expect(await emitAck(otherTutor, 'meeting:message', { sessionId: s.id, message: 'let me in' })).toEqual({ ok: false, message: 'Join the class first.' });
    await emitAck(ls, 'meeting:message', { sessionId: s.id, message: 'private' });
    await settle();
    expect(overheard).toEqual([]);

    const anonymous = sockets.dial(baseUrl);
    expect((await connectError(anonymous)).message).toBe('UNAUTHENTICATED');
  });

  it('says why joining too early, after the end or in a cancelled session is refused', async () => {
    const learner = await t.signIn('learner@parley.test');
    const ls = await socketFor(learner, 'learner');
    const early = await session({ startsInMin: 11 });
    // learner@parley.test lives in Asia/Kolkata (UTC+5:30).
    const local = new Date(early.startAt.getTime() + 330 * MINUTE);
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][local.getUTCDay()];
    const time = `${weekday}, ${local.getUTCDate()} Mar 2035, ${local.getUTCHours() % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${local.getUTCHours() < 12 ? 'AM' : 'PM'}`;
    expect(await join(ls, early.id)).toEqual({ ok: false, message: `This session starts at ${time} (Asia/Kolkata); you can join from 10 minutes before.` });
    setNow(new Date(early.startAt.getTime() - 10 * MINUTE));
    expect((await join(ls, early.id)).ok).toBe(true);

    const past = await session({ startsInMin: -50, lengthMin: 50 });
    expect(await join(ls, past.id)).toEqual({ ok: false, message: 'This session has ended.' });
    const cancelled = await session({ status: 'cancelled' });
    expect(await join(ls, cancelled.id)).toEqual({ ok: false, message: 'This session was cancelled.' });
    expect(await stretchesOf(past.id)).toEqual([]);
    expect(await stretchesOf(cancelled.id)).toEqual([]);
  });

  it('a kid’s parent, signed in as a learner, joins the kid’s session; so does the kid; another learner does not', async () => {
    const s = await session({ learnerId: ids.kid });
    const parent = await t.signIn('parent@parley.test');
    expect((await parent.get(`/api/meeting/${s.id}`)).json()).toMatchObject({ side: 'learner', peer: { name: 'Ananya Iyer' } });
    const ps = await socketFor(parent, 'learner');
    expect(await joined(ps, s.id)).toMatchObject({ side: 'learner', peerPresent: false });

    await parent.post('/api/learner/findKidById', { learnerId: ids.kid });
    const ks = await socketFor(parent, 'kid');
    expect(await joined(ks, s.id)).toMatchObject({ side: 'learner' });
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    expect((await tutor.get(`/api/meeting/${s.id}`)).json()).toMatchObject({ side: 'tutor', peer: { name: 'Diya Rao', image: '/api/assets/avatar/owl.svg' } });
    expect((await stretchesOf(s.id)).map((p) => p.userId)).toEqual([ids.parent, ids.kid]);

    const otherLearner = await t.signIn('learner@parley.test');
    expect((await otherLearner.get(`/api/meeting/${s.id}`)).statusCode).toBe(404);
    expect(await join(await socketFor(otherLearner, 'learner'), s.id)).toEqual({ ok: false, message: 'You are not part of this session.' });
  });
});

describe('signalling', () => {
  it('relays a signal from one side to the other only, and never stores it', async () => {
    const s = await session();
    const { learner, ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const atLearner = recordEvents(ls, 'meeting:signal');
    const atTutor = nextEvent(ts, 'meeting:signal');
    ls.emit('meeting:signal', { sessionId: s.id, signal: offer });
    expect(await atTutor).toEqual({ sessionId: s.id, signal: offer });

    const candidate: MeetingSignal = { from: 'tutor-link-1', to: 'learner-link-1', candidate: { candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 } };
    ts.emit('meeting:signal', { sessionId: s.id, signal: candidate });
    await expect.poll(() => atLearner.length).toBe(1);
    await settle();
    // The learner never gets its own offer back.
    expect(atLearner).toEqual([{ sessionId: s.id, signal: candidate }]);
    expect((await learner.get(`/api/meeting/${s.id}/messages`)).json()).toEqual({ items: [] });

    // Whether the microphone and camera are on goes across too.
    const mediaState: MeetingSignal = { from: 'media', media: { mic: false, camera: true } };
    const muted = nextEvent(ts, 'meeting:signal');
    ls.emit('meeting:signal', { sessionId: s.id, signal: mediaState });
    expect(await muted).toEqual({ sessionId: s.id, signal: mediaState });
  });

  it('relays a burst of signals in the order they were sent', async () => {
    const s = await session();
    const { ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const count = 40;
    const relayed = recordEvents(ts, 'meeting:signal');
    ls.emit('meeting:signal', { sessionId: s.id, signal: offer });
    for (let i = 0; i < count; i += 1) {
      ls.emit('meeting:signal', { sessionId: s.id, signal: { from: 'learner-link-1', candidate: { candidate: `candidate:${i} 1 udp 1 10.0.0.1 ${1000 + i} typ host`, sdpMid: '0', sdpMLineIndex: 0 } } });
    }
    await expect.poll(() => relayed.length).toBe(count + 1);
    expect(relayed[0]).toEqual({ sessionId: s.id, signal: offer });
    expect(relayed.slice(1).map((r) => r.signal.candidate?.candidate.split(' ')[0])).toEqual(Array.from({ length: count }, (_, i) => `candidate:${i}`));
  });

  it('refuses a malformed signal without dropping the connection', async () => {
    const s = await session();
    const { ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const relayed = recordEvents(ts, 'meeting:signal');
    const errors = recordEvents(ls, 'error_message');
    const bad: unknown[] = [
      null,
      42,
      { sessionId: 'not-a-uuid', signal: offer },
      { sessionId: s.id },
      { sessionId: s.id, signal: {} },
      { sessionId: s.id, signal: { description: { type: 'hello', sdp: 'x' } } },
      { sessionId: s.id, signal: { description: { type: 'offer', sdp: 'x'.repeat(200_001) } } },
      { sessionId: s.id, signal: { from: 'l1', candidate: { candidate: 42 } } },
      // Every signal names the connection it comes from.
      { sessionId: s.id, signal: { candidate: null } },
      { sessionId: s.id, signal: { from: 'not a link id', candidate: null } },
      { sessionId: s.id, signal: { from: 'media', media: { mic: 'off', camera: true } } },
      { sessionId: s.id, signal: { from: 'media', media: { mic: false } } },
    ];
    for (const payload of bad) (ls.emit as (...a: unknown[]) => void)('meeting:signal', payload);
    await settle();
    expect(errors).toHaveLength(bad.length);
    expect(new Set(errors.map((e) => e.message))).toEqual(new Set(['That call signal is not valid.']));
    expect(relayed).toEqual([]);
    expect(ls.connected).toBe(true);
    const good = nextEvent(ts, 'meeting:signal');
    ls.emit('meeting:signal', { sessionId: s.id, signal: { from: 'l1', candidate: null } });
    expect(await good).toEqual({ sessionId: s.id, signal: { from: 'l1', candidate: null } });
  });
});

describe('presence', () => {
  it('a dropped connection closes its stretch and tells the peer; rejoining opens a new one', async () => {
    const s = await session();
    const { learner, ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const dropped = ls.id;
    const gone = nextEvent(ts, 'meeting:peer');
    ls.disconnect();
    expect(await gone).toEqual({ sessionId: s.id, present: false });
    expect((await stretchesOf(s.id)).find((p) => p.connectionId === dropped)?.leftAt).toBeInstanceOf(Date);

    const back = nextEvent(ts, 'meeting:peer');
    const again = await socketFor(learner, 'learner');
    expect(await joined(again, s.id)).toMatchObject({ peerPresent: true });
    expect(await back).toEqual({ sessionId: s.id, present: true });
    const learnerStretches = (await stretchesOf(s.id)).filter((p) => p.side === 'learner');
    expect(learnerStretches.map((p) => [p.connectionId, p.leftAt === null])).toEqual([
      [dropped, false],
      [again.id, true],
    ]);
  });

  it('the peer stays present while another of its people is still in the class (a parent and the kid)', async () => {
    const s = await session({ learnerId: ids.kid });
    const parent = await t.signIn('parent@parley.test');
    const ps = await socketFor(parent, 'learner');
    await parent.post('/api/learner/findKidById', { learnerId: ids.kid });
    const ks = await socketFor(parent, 'kid');
    const ts = await socketFor(await t.signIn('tutor@parley.test', 'teacher'), 'teacher');
    await joined(ps, s.id);
    await joined(ks, s.id);
    await joined(ts, s.id);
    const heard = recordEvents(ts, 'meeting:peer');
    ps.disconnect();
    await expect.poll(async () => (await stretchesOf(s.id)).filter((p) => p.leftAt !== null).length).toBe(1);
    await settle();
    expect(heard).toEqual([]);
    const gone = nextEvent(ts, 'meeting:peer');
    ks.emit('meeting:leave', { sessionId: s.id });
    expect(await gone).toEqual({ sessionId: s.id, present: false });
  });

  it('joining again from another tab replaces the older connection: it is told, leaves the class and relays nothing', async () => {
    const s = await session();
    const { learner, ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const heardByTutor = recordEvents(ts, 'meeting:peer');
    const replaced = recordEvents(ls, 'meeting:replaced');
    const secondTab = await socketFor(learner, 'learner');
    expect(await joined(secondTab, s.id)).toMatchObject({ side: 'learner', peerPresent: true });
    await expect.poll(() => replaced).toEqual([{ sessionId: s.id }]);
    await expect.poll(() => heardByTutor).toEqual([{ sessionId: s.id, present: true }]);
    // The first tab's stretch ended when the second joined.
    expect((await stretchesOf(s.id)).filter((p) => p.side === 'learner').map((p) => [p.connectionId, p.leftAt === null])).toEqual([
      [ls.id, false],
      [secondTab.id, true],
    ]);

    // The first tab is out of the class: refused, and it hears nothing more of the call.
    const atFirstTab: unknown[] = [];
    for (const event of ['meeting:signal', 'meeting:message', 'meeting:peer'] as const) recordEvents(ls, event, atFirstTab);
    const atTutor = recordEvents(ts, 'meeting:signal');
    const refusal = nextEvent(ls, 'error_message');
    ls.emit('meeting:signal', { sessionId: s.id, signal: offer });
    expect((await refusal).message).toBe('Join the class first.');
    expect(await emitAck(ls, 'meeting:message', { sessionId: s.id, message: 'still here?' })).toEqual({ ok: false, message: 'Join the class first.' });
    const fromSecondTab: MeetingSignal = { ...offer, from: 'learner-link-2' };
    secondTab.emit('meeting:signal', { sessionId: s.id, signal: fromSecondTab });
    const atSecondTab = nextEvent(secondTab, 'meeting:signal');
    ts.emit('meeting:signal', { sessionId: s.id, signal: { from: 'tutor-link-1', to: 'learner-link-2', candidate: null } });
    await atSecondTab;
    await settle();
    expect(atTutor).toEqual([{ sessionId: s.id, signal: fromSecondTab }]);
    expect(atFirstTab).toEqual([]);

    // Closing the second tab, with the first still open, tells the tutor the learner left.
    const gone = nextEvent(ts, 'meeting:peer');
    secondTab.disconnect();
    expect(await gone).toEqual({ sessionId: s.id, present: false });
    // Joining here again brings the first tab back.
    const back = nextEvent(ts, 'meeting:peer');
    expect(await joined(ls, s.id)).toMatchObject({ peerPresent: true });
    expect(await back).toEqual({ sessionId: s.id, present: true });
  });

  it('closes a stretch whose connection is in no node’s class any more (a crashed node) when someone joins', async () => {
    const s = await session();
    const { ls, ts } = await pair();
    await t.ctx.db.insert(sessionPresence).values({ sessionId: s.id, userId: ids.tutor, side: 'tutor', connectionId: 'crashed-node-socket', joinedAt: clock() });
    expect(await joined(ls, s.id)).toMatchObject({ peerPresent: false });
    expect((await stretchesOf(s.id)).find((p) => p.connectionId === 'crashed-node-socket')?.leftAt).toBeInstanceOf(Date);
    expect(await joined(ts, s.id)).toMatchObject({ peerPresent: true });
  });

  it('shows each side’s minutes and stretches in the attendance', async () => {
    const s = await session({ startsInMin: 5, lengthMin: 50 });
    const { learner, tutor, ls, ts } = await pair();
    await joined(ls, s.id);
    setNow(s.startAt);
    await joined(ts, s.id);
    setNow(new Date(s.startAt.getTime() + 20 * MINUTE + 30_000));
    const left = nextEvent(ls, 'meeting:peer');
    ts.emit('meeting:leave', { sessionId: s.id });
    await left;
    setNow(new Date(s.startAt.getTime() + 30 * MINUTE + 10_000));
    const attendance = meetingAttendanceSchema.parse((await learner.get(`/api/meeting/${s.id}/attendance`)).json());
    // The learner's open stretch counts up to now; the time before the start never counts.
    expect(attendance).toMatchObject({ learner: { minutes: 30 }, tutor: { minutes: 20 }, outcome: null });
    expect(attendance.learner.stretches).toEqual([{ joinedAt: expect.any(String), leftAt: null }]);
    expect(attendance.tutor.stretches).toHaveLength(1);
    expect(attendance.tutor.stretches[0]!.leftAt).not.toBeNull();
    expect((await tutor.get(`/api/meeting/${s.id}/attendance`)).json()).toEqual(attendance);
  });
});

describe('the in-call chat', () => {
  it('stores a message, sends it to both sides, and keeps it with the session', async () => {
    const s = await session();
    const { learner, tutor, ls, ts } = await pair();
    await joined(ls, s.id);
    await joined(ts, s.id);
    const atTutor = nextEvent(ts, 'meeting:message');
    const atSender = nextEvent(ls, 'meeting:message');
    const ack = await emitAck<MeetingMessage>(ls, 'meeting:message', { sessionId: s.id, message: '  <b>Can you hear me?</b>  ' });
    if (!ack.ok) throw new Error(ack.message);
    expect(ack.data).toMatchObject({ sessionId: s.id, senderId: ids.learner, senderName: 'Rohan Sharma', message: '<b>Can you hear me?</b>' });
    expect(await atTutor).toEqual(ack.data);
    expect(await atSender).toEqual(ack.data);

    const stored = meetingMessagesResponse.parse((await tutor.get(`/api/meeting/${s.id}/messages`)).json());
    expect(stored.items).toEqual([ack.data]);
    expect((await learner.get(`/api/meeting/${s.id}/messages`)).json()).toEqual(stored);
    const rejoined = await socketFor(learner, 'learner');
    expect((await joined(rejoined, s.id)).messages).toEqual([ack.data]);

    expect(await emitAck(rejoined, 'meeting:message', { sessionId: s.id, message: '   ' })).toEqual({ ok: false, message: 'Write a message' });
    expect((await emitAck(rejoined, 'meeting:message', { sessionId: s.id, message: 'x'.repeat(1_001) })).ok).toBe(false);
    expect((await emitAck(rejoined, 'meeting:message', { sessionId: s.id, message: 'bell\u0007' })).ok).toBe(false);
    setNow(s.endAt);
    expect(await emitAck(rejoined, 'meeting:message', { sessionId: s.id, message: 'too late' })).toEqual({ ok: false, message: 'This session has ended.' });
    expect((await tutor.get(`/api/meeting/${s.id}/messages`)).json().items).toHaveLength(1);
  });
});

describe('ICE servers', () => {
  it('hands out the configured servers and coturn credentials for the user, valid past the session’s end', async () => {
    const secret = 'coturn-shared-secret-0123456789';
    const stun = { urls: 'stun:stun.example.org:3478' };
    // The same values ICE_SERVERS, TURN_SECRET and TURN_URLS give (config.test.ts parses them).
    const configured = t.ctx.config.ice;
    t.ctx.config.ice = { servers: [stun], turn: { secret, urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'] } };
    try {
      const s = await session();
      const learner = await t.signIn('learner@parley.test');
      const { iceServers } = meetingInfoSchema.parse((await learner.get(`/api/meeting/${s.id}`)).json());
      expect(iceServers[0]).toEqual(stun);
      const turn = iceServers[1]!;
      expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
      const [expiry, userId] = turn.username!.split(':');
      expect(userId).toBe(ids.learner);
      expect(Number(expiry)).toBe(Math.floor((s.endAt.getTime() + 60 * MINUTE) / 1000));
      expect(turn.credential).toBe(createHmac('sha1', secret).update(turn.username!).digest('base64'));
    } finally {
      t.ctx.config.ice = configured;
    }
  });
});

describe.runIf(process.env.REDIS_URL)('two server nodes through Redis', () => {
  it('a learner on node A and the tutor on node B meet, signal and chat', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, now: clock, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const urlB = await nodeB.listen();
      const s = await session();
      const ls = await socketFor(await t.signIn('learner@parley.test'), 'learner');
      const ts = await socketFor(await nodeB.signIn('tutor@parley.test', 'teacher'), 'teacher', urlB, nodeB);
      await joined(ls, s.id);
      const arrived = nextEvent(ls, 'meeting:peer');
      expect(await joined(ts, s.id)).toMatchObject({ peerPresent: true });
      expect(await arrived).toEqual({ sessionId: s.id, present: true });
      const signal = nextEvent(ts, 'meeting:signal');
      ls.emit('meeting:signal', { sessionId: s.id, signal: offer });
      expect(await signal).toEqual({ sessionId: s.id, signal: offer });
      const message = nextEvent(ls, 'meeting:message');
      await emitAck(ts, 'meeting:message', { sessionId: s.id, message: 'across nodes' });
      expect((await message).message).toBe('across nodes');
      const gone = nextEvent(ls, 'meeting:peer');
      ts.disconnect();
      expect(await gone).toEqual({ sessionId: s.id, present: false });
    } finally {
      await nodeB.close();
    }
  });

  it('a second tab on node B replaces the learner’s first on node A, and closing it tells the tutor', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, now: clock, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const urlB = await nodeB.listen();
      const s = await session();
      const { ls, ts } = await pair();
      await joined(ls, s.id);
      await joined(ts, s.id);
      const replaced = nextEvent(ls, 'meeting:replaced');
      const secondTab = await socketFor(await nodeB.signIn('learner@parley.test'), 'learner', urlB, nodeB);
      expect(await joined(secondTab, s.id)).toMatchObject({ peerPresent: true });
      expect(await replaced).toEqual({ sessionId: s.id });
      const atTutor = recordEvents(ts, 'meeting:signal');
      const refusal = nextEvent(ls, 'error_message');
      ls.emit('meeting:signal', { sessionId: s.id, signal: offer });
      expect((await refusal).message).toBe('Join the class first.');
      await settle();
      expect(atTutor).toEqual([]);
      const gone = nextEvent(ts, 'meeting:peer');
      secondTab.disconnect();
      expect(await gone).toEqual({ sessionId: s.id, present: false });
    } finally {
      await nodeB.close();
    }
  });

  it('a node shutting down records its connections leaving before its database closes, and the peer hears it', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, now: clock, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    const s = await session();
    const ls = await socketFor(await t.signIn('learner@parley.test'), 'learner');
    const ts = await socketFor(await nodeB.signIn('tutor@parley.test', 'teacher'), 'teacher', await nodeB.listen(), nodeB);
    await joined(ls, s.id);
    const arrived = nextEvent(ls, 'meeting:peer');
    await joined(ts, s.id);
    expect(await arrived).toEqual({ sessionId: s.id, present: true });
    const gone = nextEvent(ls, 'meeting:peer');
    await nodeB.close();
    expect(await gone).toEqual({ sessionId: s.id, present: false });
    expect((await stretchesOf(s.id)).map((p) => [p.side, p.leftAt === null])).toEqual([
      ['learner', true],
      ['tutor', false],
    ]);
  });
});
