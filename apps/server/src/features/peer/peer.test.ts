import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PEER_MONTHLY_PLAN_MINUTES,
  PEER_PLACEMENT_STATEMENTS,
  PEER_QUEUE_ABANDONED_SECONDS,
  peerCallCharge,
  peerCallInfoSchema,
  peerOverviewSchema,
  peerPastCallsResponse,
  peerReportsResponse,
  peerTexts,
  peerTopicFor,
  type PeerCallEnded,
  type PeerCallMessage,
  type PeerMatched,
} from '@parley/domain/peer';
import { moderatorActions, peerBalances, peerCallMessages, peerCallPresence, peerCalls, peerCallSides, peerMinuteEntries, peerProfiles, peerQueue, peerReports, plans, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { emitAck, liveSockets, nextEvent, recordEvents, type AckAnswer, type LiveSocket } from '../../test/live-socket';
import { buyPlan, capture, payOrder, topUp } from '../../test/wallet-money';
import { checkCall, sweepCalls } from './peer.service';

type Joined = { partnerPresent: boolean; startedAt: string | null; endsAt: string | null; messages: PeerCallMessage[] };
type Peer = { id: string; email: string; name: string; client: TestClient; socket: LiveSocket };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let baseUrl: string;
let passwordHash: string;
const sockets = liveSockets(() => t, () => baseUrl, { reconnection: false });
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  baseUrl = await t.listen();
  const [seeded] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'peer@parley.test'));
  passwordHash = seeded!.hash!;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const socketOf = sockets.open;

/** A new peer account with a profile and `minutes`, signed in, with a socket. */
async function newPeer(options: { minutes?: number; level?: 'B1' | 'B2' | 'A1' | 'C2'; firstLanguage?: string; profile?: boolean; socket?: boolean } = {}): Promise<Peer> {
  made += 1;
  const email = `peer-test-${made}@example.com`;
  const name = `Peer Person ${String.fromCharCode(65 + (made % 26))}${made}`;
  const [user] = await t.ctx.db.insert(users).values({ role: 'peer', email, passwordHash, name, isPeerActive: true }).returning({ id: users.id });
  const id = user!.id;
  if (options.profile !== false) await t.ctx.db.insert(peerProfiles).values({ userId: id, level: options.level ?? 'B1', firstLanguage: options.firstLanguage ?? 'Hindi' });
  if (options.minutes !== undefined) await t.ctx.db.insert(peerBalances).values({ userId: id, availableMinutes: options.minutes });
  const client = await t.signIn(email, 'peer');
  return { id, email, name, client, socket: options.socket === false ? (undefined as never) : await socketOf(client, 'peer') };
}

async function ok<T>(ack: Promise<AckAnswer<T>>): Promise<T> {
  const answer = await ack;
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const presenceOf = (callId: string) => t.ctx.db.select().from(peerCallPresence).where(eq(peerCallPresence.callId, callId));
const signalFrom = (from: string) => ({ from, description: { type: 'offer' as const, sdp: 'v=0\r\n' } });

const queue = (p: Peer, mode: 'video' | 'audio' = 'video') => p.client.post('/api/peer/queue', { mode });
const balanceOf = async (userId: string) => (await t.ctx.db.select({ m: peerBalances.availableMinutes }).from(peerBalances).where(eq(peerBalances.userId, userId)))[0]?.m ?? 0;
const ledgerSumOf = async (userId: string) =>
  (await t.ctx.db.select({ sum: sql<number>`coalesce(sum(${peerMinuteEntries.delta}), 0)::int` }).from(peerMinuteEntries).where(eq(peerMinuteEntries.userId, userId)))[0]!.sum;

/** Two new peers matched with each other; returns the call id. */
async function matchedPair(options: { minutes?: [number, number] } = {}) {
  const a = await newPeer({ minutes: options.minutes?.[0] ?? 60 });
  const b = await newPeer({ minutes: options.minutes?.[1] ?? 60 });
  await t.ctx.db.delete(peerQueue); // only these two are waiting
  const matchedA = nextEvent(a.socket, 'peer:matched');
  expect((await queue(a)).json()).toMatchObject({ queued: true, matchedCallId: null });
  const res = await queue(b);
  expect(res.statusCode).toBe(200);
  const callId = res.json().matchedCallId as string;
  expect(callId).toBeTruthy();
  expect((await matchedA).callId).toBe(callId);
  return { a, b, callId };
}

/** Both sides join; resolves once both heard peer:started. */
async function startedCall(options: { minutes?: [number, number] } = {}) {
  const pair = await matchedPair(options);
  const startedA = nextEvent(pair.a.socket, 'peer:started');
  const startedB = nextEvent(pair.b.socket, 'peer:started');
  const joinedA = await ok(emitAck<Joined>(pair.a.socket, 'peer:join', { callId: pair.callId }));
  expect(joinedA).toMatchObject({ partnerPresent: false, startedAt: null, endsAt: null });
  const joinedB = await ok(emitAck<Joined>(pair.b.socket, 'peer:join', { callId: pair.callId }));
  expect(joinedB.partnerPresent).toBe(true);
  const [started] = await Promise.all([startedA, startedB]);
  expect(joinedB.startedAt).toBe(started.startedAt);
  return { ...pair, started };
}

describe('the profile', () => {
  it('starts with the placement, whose answers set the level, and is editable', async () => {
    const p = await newPeer({ profile: false, socket: false });
    expect((await p.client.get('/api/peer/profile')).json()).toMatchObject({ code: 'NOT_FOUND', message: peerTexts.needsProfile });
    const placed = await p.client.post('/api/peer/placement', { answers: [true, true, false, true, true], firstLanguage: 'Tamil' });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ userId: p.id, name: p.name, level: 'B1', firstLanguage: 'Tamil', languages: [], interests: [] });
    // Each language and interest once, whatever its case.
    const edited = await p.client.put('/api/peer/profile', { level: 'C1', firstLanguage: 'Tamil', languages: ['Telugu', 'telugu'], interests: ['Chess', 'CHESS'], availability: 'Mornings' });
    expect(edited.json()).toMatchObject({ level: 'C1', languages: ['Telugu'], interests: ['Chess'], availability: 'Mornings' });
    // Taking the placement again changes the level only.
    const again = await p.client.post('/api/peer/placement', { answers: PEER_PLACEMENT_STATEMENTS.map(() => true), firstLanguage: 'Tamil' });
    expect(again.json()).toMatchObject({ level: 'C2', interests: ['Chess'] });
    expect((await p.client.post('/api/peer/placement', { answers: [true], firstLanguage: 'Tamil' })).statusCode).toBe(400);
  });

  it('a peer-only account edits its own name, country and time zone; bad input changes nothing; a learner uses its own profile', async () => {
    const p = await newPeer({ socket: false });
    const saved = await p.client.put('/api/peer/account', { name: '  Meera Das ', country: 'GB', timezone: 'Europe/London' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ _id: p.id, name: 'Meera Das', country: 'GB', timezone: 'Europe/London' });
    expect((await p.client.get('/api/auth/me?role=peer')).json().user).toMatchObject({ name: 'Meera Das', timezone: 'Europe/London' });
    expect((await p.client.get('/api/peer/profile')).json().name).toBe('Meera Das');

    const refused = await p.client.put('/api/peer/account', { name: 'M', country: 'GB', timezone: 'Mars/Olympus' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ name: expect.any(String), timezone: 'Unknown timezone' });
    const [row] = await t.ctx.db.select({ name: users.name, timezone: users.timezone }).from(users).where(eq(users.id, p.id));
    expect(row).toEqual({ name: 'Meera Das', timezone: 'Europe/London' });

    const learner = await t.signIn('learner@parley.test');
    expect((await learner.put('/api/peer/account', { name: 'Someone Else', country: 'IN', timezone: 'Asia/Kolkata' })).statusCode).toBe(401);
  });
});

describe('Practise now is refused, and says why', () => {
  it('without a profile, under 5 minutes, while suspended and while in a call', async () => {
    const p = await newPeer({ profile: false, minutes: 30, socket: false });
    const refused = async (text: string) => {
      const res = await queue(p);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: text });
      expect(peerOverviewSchema.parse((await p.client.get('/api/peer/me')).json()).refusal).toBe(text);
    };
    await refused(peerTexts.needsProfile);

    await p.client.post('/api/peer/placement', { answers: [true, true, false, false, false], firstLanguage: 'Bengali' });
    await t.ctx.db.update(peerBalances).set({ availableMinutes: 4 }).where(eq(peerBalances.userId, p.id));
    await refused(peerTexts.notEnoughMinutes);

    await t.ctx.db.update(peerBalances).set({ availableMinutes: 5 }).where(eq(peerBalances.userId, p.id));
    await t.ctx.db.update(peerProfiles).set({ suspendedAt: clock(), suspensionReason: 'Rude to a partner.' }).where(eq(peerProfiles.userId, p.id));
    await refused(peerTexts.suspended('Rude to a partner.'));
    await t.ctx.db.update(peerProfiles).set({ suspendedAt: null, suspensionReason: null }).where(eq(peerProfiles.userId, p.id));

    const { a } = await matchedPair();
    const inCall = await queue(a);
    expect(inCall.json()).toEqual({ code: 'CONFLICT', message: peerTexts.inCall });
    expect((await a.client.get('/api/peer/me')).json().refusal).toBe(peerTexts.inCall);

    // Exactly 5 minutes is enough.
    await t.ctx.db.delete(peerQueue);
    expect((await queue(p)).json()).toMatchObject({ queued: true, matchedCallId: null });
    const me = peerOverviewSchema.parse((await p.client.get('/api/peer/me')).json());
    expect(me).toMatchObject({ availableMinutes: 5, refusal: null, queued: { mode: 'video' }, activeCallId: null, suspension: null });
    expect((await p.client.send('DELETE', '/api/peer/queue')).json()).toEqual({ queued: false, since: null, matchedCallId: null });
    expect((await p.client.get('/api/peer/me')).json().queued).toBeNull();
  });
});

describe('the queue', () => {
  it('matches two peers and tells both over the socket; waiting again keeps one’s place', async () => {
    const a = await newPeer({ minutes: 60, firstLanguage: 'Hindi' });
    const b = await newPeer({ minutes: 60, level: 'B2', firstLanguage: 'Kannada' });
    await t.ctx.db.delete(peerQueue);
    const first = (await queue(a, 'audio')).json();
    expect(first).toMatchObject({ queued: true, matchedCallId: null });
    offsetMs += 5 * SECOND;
    expect((await queue(a, 'audio')).json().since).toBe(first.since);
    const heardA = nextEvent(a.socket, 'peer:matched');
    const heardB = nextEvent(b.socket, 'peer:matched');
    const res = (await queue(b)).json();
    expect(res).toMatchObject({ queued: false, since: null });
    const matched: [PeerMatched, PeerMatched] = [await heardA, await heardB];
    expect(matched).toEqual([
      { callId: res.matchedCallId, partnerName: b.name, mode: 'audio' },
      { callId: res.matchedCallId, partnerName: a.name, mode: 'audio' },
    ]);
    expect((await a.client.get('/api/peer/me')).json()).toMatchObject({ queued: null, activeCallId: res.matchedCallId });

    // What the partner's profile says besides: the languages, interests and times they gave.
    await b.client.put('/api/peer/profile', { level: 'B2', firstLanguage: 'Kannada', languages: ['Telugu'], interests: ['Chess', 'Cricket'], availability: 'Weekday evenings' });
    const info = peerCallInfoSchema.parse((await a.client.get(`/api/peer/calls/${res.matchedCallId}`)).json());
    const topic = peerTopicFor(res.matchedCallId);
    expect(info).toMatchObject({
      status: 'matched',
      mode: 'audio',
      polite: true,
      partner: { name: b.name, level: 'B2', firstLanguage: 'Kannada', languages: ['Telugu'], interests: ['Chess', 'Cricket'], availability: 'Weekday evenings' },
      topic: { title: topic.title },
      startedAt: null,
      chargedMinutes: null,
    });
    expect((await b.client.get(`/api/peer/calls/${res.matchedCallId}`)).json().polite).toBe(false);
    const stranger = await newPeer({ socket: false });
    expect((await stranger.client.get(`/api/peer/calls/${res.matchedCallId}`)).json()).toEqual({ code: 'NOT_FOUND', message: peerTexts.notPart });
  });

  it(`takes out of the queue a peer whose every connection closed (the page was closed) ${PEER_QUEUE_ABANDONED_SECONDS} s ago, so nobody is matched with them; one still connected waits on`, async () => {
    await t.ctx.db.delete(peerQueue);
    const gone = await newPeer({ minutes: 60 });
    expect((await queue(gone)).json()).toMatchObject({ queued: true });
    gone.socket.disconnect();
    await settle();
    await sweepCalls(t.ctx);
    // Not at once: a reload or a short drop keeps the place.
    expect((await gone.client.get('/api/peer/me')).json().queued).not.toBeNull();
    offsetMs += (PEER_QUEUE_ABANDONED_SECONDS + 1) * SECOND;
    await sweepCalls(t.ctx);
    expect((await gone.client.get('/api/peer/me')).json().queued).toBeNull();

    const here = await newPeer({ minutes: 60 });
    expect((await queue(here)).json()).toMatchObject({ queued: true });
    offsetMs += (PEER_QUEUE_ABANDONED_SECONDS + 1) * SECOND;
    await sweepCalls(t.ctx);
    expect((await here.client.get('/api/peer/me')).json().queued).not.toBeNull();
    await t.ctx.db.delete(peerQueue);
  });

  it('100 peers queueing at once make exactly 50 calls, nobody in two', { timeout: 120_000 }, async () => {
    await t.ctx.db.delete(peerQueue);
    const peers: Peer[] = [];
    for (let i = 0; i < 100; i += 1) peers.push(await newPeer({ minutes: 30, level: i % 2 ? 'B1' : 'B2', socket: false }));
    const matchedIds = new Set(peers.map((p) => p.id));
    const answers = await Promise.all(
      peers.map(async (p) => {
        const res = await fetch(`${baseUrl}/api/peer/queue`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-parley-client': 'web', cookie: t.cookieHeader(p.client) },
          body: JSON.stringify({ mode: 'video' }),
        });
        return { status: res.status, body: (await res.json()) as { queued: boolean; matchedCallId: string | null } };
      }),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    const sides = await t.ctx.db.select().from(peerCallSides).where(inArray(peerCallSides.userId, [...matchedIds]));
    const calls = new Set(sides.map((s) => s.callId));
    expect(calls.size).toBe(50);
    expect(new Set(sides.map((s) => s.userId)).size).toBe(100);
    expect(sides).toHaveLength(100);
    for (const callId of calls) expect(sides.filter((s) => s.callId === callId)).toHaveLength(2);
    expect(await t.ctx.db.select().from(peerQueue).where(inArray(peerQueue.userId, [...matchedIds]))).toEqual([]);
    // Each answer names the call its peer is in, or says it waits until a later peer matched it.
    for (const [i, answer] of answers.entries()) {
      const mine = sides.find((s) => s.userId === peers[i]!.id)!;
      if (answer.body.matchedCallId) expect(answer.body.matchedCallId).toBe(mine.callId);
      else expect(answer.body.queued).toBe(true);
    }
  });

  it('the database refuses a user in two calls at once', async () => {
    const { a } = await matchedPair();
    const [call] = await t.ctx.db.insert(peerCalls).values({ mode: 'video', matchedAt: clock() }).returning();
    await expect(t.ctx.db.insert(peerCallSides).values({ callId: call!.id, side: 'first', userId: a.id })).rejects.toThrow();
  });
});

describe('a call', () => {
  it('starts when both are in, relays signals and messages, and hanging up charges both the same duration', async () => {
    const { a, b, callId, started } = await startedCall({ minutes: [40, 90] });
    expect(Date.parse(started.endsAt) - Date.parse(started.startedAt)).toBe(40 * MINUTE);

    const signal = { from: 'a-link-1', description: { type: 'offer' as const, sdp: 'v=0\r\n' } };
    const relayed = nextEvent(b.socket, 'peer:signal');
    a.socket.emit('peer:signal', { callId, signal });
    expect(await relayed).toEqual({ callId, signal });
    const heard = nextEvent(b.socket, 'peer:message');
    const sent = await ok(emitAck<PeerCallMessage>(a.socket, 'peer:message', { callId, message: ' Hello there ' }));
    expect(sent).toMatchObject({ callId, senderId: a.id, senderName: a.name, message: 'Hello there' });
    expect(await heard).toEqual(sent);

    offsetMs += 3 * MINUTE + 10 * SECOND;
    const endedB = nextEvent(b.socket, 'peer:ended');
    const mine = await ok(emitAck<PeerCallEnded>(a.socket, 'peer:hangup', { callId }));
    const theirs = await endedB;
    const charge = (available: number) => peerCallCharge({ durationMs: 190 * SECOND, availableMinutes: available });
    expect(mine).toEqual({ callId, reason: 'hangup', durationSeconds: 190, ...charge(40) });
    expect(theirs).toEqual({ callId, reason: 'hangup', durationSeconds: 190, ...charge(90) });
    expect(mine.chargedMinutes).toBe(4);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([36, 86]);
    expect([await ledgerSumOf(a.id), await ledgerSumOf(b.id)]).toEqual([-4, -4]);
    // A second hang-up settles nothing again and answers the same.
    expect(await ok(emitAck<PeerCallEnded>(b.socket, 'peer:hangup', { callId }))).toEqual(theirs);
    expect(await balanceOf(b.id)).toBe(86);

    for (const p of [a, b]) {
      const past = peerPastCallsResponse.parse((await p.client.get('/api/peer/calls')).json());
      expect(past.total).toBe(1);
      expect(past.items[0]).toMatchObject({ callId, partnerName: p === a ? b.name : a.name, durationSeconds: 190, chargedMinutes: 4, endReason: 'hangup', myRating: null, reported: false, topicTitle: peerTopicFor(callId).title });
    }
    expect((await a.client.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ status: 'ended', endReason: 'hangup', durationSeconds: 190, chargedMinutes: 4 });
    // Nothing more happens in an ended call.
    expect(await emitAck(a.socket, 'peer:message', { callId, message: 'still there?' })).toEqual({ ok: false, message: peerTexts.callEnded });
    expect(await emitAck(a.socket, 'peer:join', { callId })).toEqual({ ok: false, message: peerTexts.callEnded });
  });

  it('keeps the text shared in a call with that call, and gives it back to a side that rejoins', async () => {
    const { a, b, callId } = await startedCall({ minutes: [30, 30] });
    const other = await startedCall({ minutes: [30, 30] });
    await ok(emitAck<PeerCallMessage>(other.a.socket, 'peer:message', { callId: other.callId, message: 'Another call' }));
    const first = await ok(emitAck<PeerCallMessage>(a.socket, 'peer:message', { callId, message: 'Shall we start with the topic?' }));
    offsetMs += SECOND;
    const second = await ok(emitAck<PeerCallMessage>(b.socket, 'peer:message', { callId, message: 'Yes, you first.' }));

    const stored = await t.ctx.db.select().from(peerCallMessages).where(eq(peerCallMessages.callId, callId));
    expect(stored.map((m) => [m.id, m.senderId, m.message]).sort()).toEqual(
      [
        [first._id, a.id, 'Shall we start with the topic?'],
        [second._id, b.id, 'Yes, you first.'],
      ].sort(),
    );

    // B's page reloads: a new connection joins the call again and gets the call's messages, oldest first, and no other call's.
    const gone = nextEvent(a.socket, 'peer:presence');
    b.socket.disconnect();
    expect(await gone).toEqual({ callId, present: false });
    const again = await socketOf(b.client, 'peer');
    const rejoined = await ok(emitAck<Joined>(again, 'peer:join', { callId }));
    expect(rejoined.partnerPresent).toBe(true);
    expect(rejoined.messages).toEqual([first, second]);
    expect(rejoined.messages[1]).toMatchObject({ callId, senderId: b.id, senderName: b.name, message: 'Yes, you first.' });
  });

  it('joining again from another tab replaces the older connection: it is told, leaves the call and relays nothing', async () => {
    const { a, b, callId } = await startedCall({ minutes: [30, 30] });
    const heardByA = recordEvents(a.socket, 'peer:presence');
    const replaced = recordEvents(b.socket, 'peer:replaced');
    const secondTab = await socketOf(b.client, 'peer');
    expect((await ok(emitAck<Joined>(secondTab, 'peer:join', { callId }))).partnerPresent).toBe(true);
    await expect.poll(() => replaced).toEqual([{ callId }]);
    await expect.poll(() => heardByA).toEqual([{ callId, present: true }]);
    // The first tab's presence closed when the second joined.
    expect((await presenceOf(callId)).map((p) => p.connectionId).sort()).toEqual([a.socket.id, secondTab.id].sort());

    // The first tab is out of the call: refused, and it hears nothing more of it.
    const atFirstTab: unknown[] = [];
    for (const event of ['peer:signal', 'peer:message', 'peer:presence'] as const) recordEvents(b.socket, event, atFirstTab);
    const atA = recordEvents(a.socket, 'peer:signal');
    const refusal = nextEvent(b.socket, 'error_message');
    b.socket.emit('peer:signal', { callId, signal: signalFrom('b-link-1') });
    expect((await refusal).message).toBe('Join the call first.');
    expect(await emitAck(b.socket, 'peer:message', { callId, message: 'still here?' })).toEqual({ ok: false, message: 'Join the call first.' });
    secondTab.emit('peer:signal', { callId, signal: signalFrom('b-link-2') });
    const atSecondTab = nextEvent(secondTab, 'peer:signal');
    a.socket.emit('peer:signal', { callId, signal: { from: 'a-link-1', to: 'b-link-2', candidate: null } });
    await atSecondTab;
    await ok(emitAck<PeerCallMessage>(a.socket, 'peer:message', { callId, message: 'Only the second tab hears this.' }));
    await settle();
    expect(atA).toEqual([{ callId, signal: signalFrom('b-link-2') }]);
    expect(atFirstTab).toEqual([]);

    // Closing the second tab, with the first still open, tells A that B left.
    const gone = nextEvent(a.socket, 'peer:presence');
    secondTab.disconnect();
    expect(await gone).toEqual({ callId, present: false });
    // Joining here again brings the first tab back, and the call goes on.
    const back = nextEvent(a.socket, 'peer:presence');
    expect((await ok(emitAck<Joined>(b.socket, 'peer:join', { callId }))).partnerPresent).toBe(true);
    expect(await back).toEqual({ callId, present: true });
    expect((await a.client.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ status: 'live' });
  });

  it('refuses a socket of someone outside the call', async () => {
    const { callId } = await matchedPair();
    const stranger = await newPeer();
    expect(await emitAck(stranger.socket, 'peer:join', { callId })).toEqual({ ok: false, message: peerTexts.notPart });
    expect(await emitAck(stranger.socket, 'peer:message', { callId, message: 'hi' })).toEqual({ ok: false, message: 'Join the call first.' });
    expect(await emitAck(stranger.socket, 'peer:hangup', { callId })).toEqual({ ok: false, message: peerTexts.notPart });
  });

  it('never charges more minutes than a side has: the call ends itself by the deadline job when the smaller balance runs out', { timeout: 30_000 }, async () => {
    // The app's clock is put just under 5 minutes behind, so the call's end falls two seconds from now.
    offsetMs = -(5 * MINUTE - 2 * SECOND);
    const { a, b, callId, started } = await startedCall({ minutes: [5, 50] });
    offsetMs = 0;
    expect(Date.parse(started.endsAt) - Date.parse(started.startedAt)).toBe(5 * MINUTE);
    const [endedA, endedB] = await Promise.all([nextEvent(a.socket, 'peer:ended', 15_000), nextEvent(b.socket, 'peer:ended', 15_000)]);
    expect(endedA).toEqual({ callId, reason: 'minutes', durationSeconds: 300, chargedMinutes: 5, remainingMinutes: 0 });
    expect(endedB).toEqual({ callId, reason: 'minutes', durationSeconds: 300, chargedMinutes: 5, remainingMinutes: 45 });
    expect(await balanceOf(a.id)).toBe(0);
  });

  it('a match nobody joins ends as a no-show after the join timeout, costing nothing', async () => {
    const { a, b, callId } = await matchedPair({ minutes: [20, 20] });
    await ok(emitAck<Joined>(a.socket, 'peer:join', { callId }));
    expect(await checkCall(t.ctx, callId)).toBeNull();
    offsetMs += 61 * SECOND;
    const ended = nextEvent(b.socket, 'peer:ended');
    await sweepCalls(t.ctx);
    expect(await ended).toEqual({ callId, reason: 'no-show', durationSeconds: 0, chargedMinutes: 0, remainingMinutes: 20 });
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([20, 20]);
  });

  it('a side that leaves has the reconnect grace to come back; after it, the call ends at the moment it left', async () => {
    const { a, b, callId } = await startedCall({ minutes: [30, 30] });
    offsetMs += 50 * SECOND;
    const gone = nextEvent(a.socket, 'peer:presence');
    b.socket.emit('peer:leave', { callId });
    expect(await gone).toEqual({ callId, present: false });
    offsetMs += 30 * SECOND;
    // Back within the grace: the call goes on.
    const back = nextEvent(a.socket, 'peer:presence');
    expect((await ok(emitAck<Joined>(b.socket, 'peer:join', { callId }))).partnerPresent).toBe(true);
    expect(await back).toEqual({ callId, present: true });
    await sweepCalls(t.ctx);
    expect((await a.client.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ status: 'live' });

    offsetMs += 20 * SECOND;
    const goneAgain = nextEvent(a.socket, 'peer:presence');
    b.socket.disconnect();
    expect(await goneAgain).toEqual({ callId, present: false });
    offsetMs += 46 * SECOND;
    const ended = nextEvent(a.socket, 'peer:ended');
    await sweepCalls(t.ctx);
    // Measured to the disconnect: 50 + 30 + 20 seconds.
    expect(await ended).toEqual({ callId, reason: 'dropped', durationSeconds: 100, chargedMinutes: 2, remainingMinutes: 28 });
  });
});

describe('ratings and reports', () => {
  it('rates the partner only after the call, once per side, editable', async () => {
    const { a, b, callId } = await startedCall();
    const rate = (p: Peer, stars: unknown) => p.client.post(`/api/peer/calls/${callId}/rating`, { stars });
    expect((await rate(a, 5)).json()).toEqual({ code: 'CONFLICT', message: peerTexts.rateAfterCall });
    await ok(emitAck<PeerCallEnded>(a.socket, 'peer:hangup', { callId }));
    expect((await rate(a, 6)).statusCode).toBe(400);
    expect((await rate(a, 0)).statusCode).toBe(400);
    expect((await rate(a, 4)).json()).toEqual({ stars: 4 });
    expect((await rate(a, 2)).json()).toEqual({ stars: 2 });
    expect((await rate(b, 5)).json()).toEqual({ stars: 5 });
    expect((await a.client.get('/api/peer/calls')).json().items[0].myRating).toBe(2);
    expect((await b.client.get('/api/peer/calls')).json().items[0].myRating).toBe(5);
    // The call's own page (its summary opened again) says each side's own stars.
    expect((await a.client.get(`/api/peer/calls/${callId}`)).json().myRating).toBe(2);
    expect((await b.client.get(`/api/peer/calls/${callId}`)).json().myRating).toBe(5);
    const stranger = await newPeer({ socket: false });
    expect((await rate(stranger, 1)).statusCode).toBe(404);
  });

  it('a report ends a live call, the two are never matched again, and moderators warn, suspend and unsuspend with an audit row each', async () => {
    const { a, b, callId } = await startedCall();
    const endedA = nextEvent(a.socket, 'peer:ended');
    const endedB = nextEvent(b.socket, 'peer:ended');
    const reported = await a.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Shouted and used slurs.' });
    expect(reported.json()).toEqual({ message: peerTexts.reportSent });
    expect((await endedA).reason).toBe('reported');
    expect((await endedB).reason).toBe('hangup');
    expect((await a.client.get('/api/peer/calls')).json().items[0]).toMatchObject({ callId, reported: true, endReason: 'reported' });
    const stranger = await newPeer({ socket: false });
    expect((await stranger.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Not my call at all.' })).statusCode).toBe(404);

    // Blocked both ways: each waits.
    await t.ctx.db.delete(peerQueue);
    expect((await queue(a)).json().queued).toBe(true);
    expect((await queue(b)).json()).toMatchObject({ queued: true, matchedCallId: null });

    // b is matched with c instead, and the call goes live.
    const c = await newPeer({ minutes: 60 });
    const matchedC = nextEvent(c.socket, 'peer:matched');
    await t.ctx.db.delete(peerQueue).where(eq(peerQueue.userId, a.id));
    const bc = (await queue(c)).json().matchedCallId as string;
    expect((await matchedC).partnerName).toBe(b.name);
    await ok(emitAck<Joined>(b.socket, 'peer:join', { callId: bc }));
    await ok(emitAck<Joined>(c.socket, 'peer:join', { callId: bc }));

    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const moderatorId = (await moderator.get('/api/auth/me?role=moderator')).json().user._id as string;
    const list = peerReportsResponse.parse((await moderator.get('/api/moderator/peer-reports')).json());
    const item = list.items.find((r) => r.callId === callId)!;
    expect(item).toMatchObject({ reason: 'Shouted and used slurs.', reporter: { _id: a.id }, reported: { _id: b.id, suspended: false, warnings: 0 }, call: { endReason: 'reported' }, resolution: null });
    expect((await a.client.get('/api/moderator/peer-reports')).statusCode).toBe(401);

    // Suspension: out of the queue, the live call ends, told why.
    const endedC = nextEvent(c.socket, 'peer:ended');
    const suspend = await moderator.post(`/api/moderator/peer-reports/${item._id}/suspend`, { reason: 'Abusive language in a call.' });
    expect(suspend.json()).toEqual({ ok: true });
    expect((await endedC).reason).toBe('suspended');
    expect((await b.client.get('/api/peer/me')).json()).toMatchObject({ suspension: { reason: 'Abusive language in a call.' }, refusal: peerTexts.suspended('Abusive language in a call.'), queued: null, activeCallId: null });
    expect((await queue(b)).json()).toEqual({ code: 'CONFLICT', message: peerTexts.suspended('Abusive language in a call.') });
    expect((await moderator.post(`/api/moderator/peer-reports/${item._id}/warn`, { reason: 'Second go at it.' })).statusCode).toBe(409);

    const unsuspend = await moderator.post(`/api/moderator/peers/${b.id}/unsuspend`, { reason: 'Apologised; one more chance.' });
    expect(unsuspend.json()).toEqual({ ok: true });
    expect((await moderator.post(`/api/moderator/peers/${b.id}/unsuspend`, { reason: 'Apologised; one more chance.' })).statusCode).toBe(409);
    expect((await b.client.get('/api/peer/me')).json()).toMatchObject({ suspension: null, refusal: null });

    // c reports b about their call: a warning this time, and a dismissal of a's report of c.
    await c.client.post(`/api/peer/calls/${bc}/report`, { reason: 'Kept interrupting me.' });
    const reports = peerReportsResponse.parse((await moderator.get('/api/moderator/peer-reports?limit=50')).json()).items;
    const byC = reports.find((r) => r.callId === bc && r.reporter._id === c.id)!;
    expect((await moderator.post(`/api/moderator/peer-reports/${byC._id}/warn`, { reason: 'Let your partner speak.' })).json()).toEqual({ ok: true });
    expect((await b.client.get('/api/peer/me')).json().warning).toMatchObject({ reason: 'Let your partner speak.' });
    await b.client.post(`/api/peer/calls/${bc}/report`, { reason: 'They reported me unfairly.' });
    const byB = peerReportsResponse.parse((await moderator.get('/api/moderator/peer-reports?limit=50')).json()).items.find((r) => r.callId === bc && r.reporter._id === b.id)!;
    expect((await moderator.post(`/api/moderator/peer-reports/${byB._id}/dismiss`, { reason: 'Nothing to act on.' })).json()).toEqual({ ok: true });
    const after = peerReportsResponse.parse((await moderator.get('/api/moderator/peer-reports?limit=50')).json()).items;
    expect(after.find((r) => r._id === byC._id)).toMatchObject({ resolution: 'warned', reported: { _id: b.id, warnings: 1, suspended: false } });
    expect(after.find((r) => r._id === byB._id)!.resolution).toBe('dismissed');

    const audit = await t.ctx.db.select().from(moderatorActions).where(and(eq(moderatorActions.moderatorId, moderatorId), inArray(moderatorActions.targetUserId, [b.id, c.id])));
    expect(audit.map((r) => [r.action, r.targetUserId, r.reason]).sort()).toEqual(
      [
        ['peer.report_dismissed', c.id, 'Nothing to act on.'],
        ['peer.suspended', b.id, 'Abusive language in a call.'],
        ['peer.unsuspended', b.id, 'Apologised; one more chance.'],
        ['peer.warned', b.id, 'Let your partner speak.'],
      ].sort(),
    );
  });
});

describe('a report keeps the reporter hidden, and is sent once', () => {
  it('the reported side is told an ordinary hang-up, live and afterwards, even after reporting back', async () => {
    const { a, b, callId } = await startedCall();
    const endedB = nextEvent(b.socket, 'peer:ended');
    expect((await a.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Shouted and used slurs.' })).statusCode).toBe(200);
    expect((await endedB).reason).toBe('hangup');

    const seenBy = async (p: Peer) => ({
      info: peerCallInfoSchema.parse((await p.client.get(`/api/peer/calls/${callId}`)).json()),
      past: peerPastCallsResponse.parse((await p.client.get('/api/peer/calls')).json()).items.find((c) => c.callId === callId)!,
      hangUp: await ok(emitAck<PeerCallEnded>(p.socket, 'peer:hangup', { callId })).catch((error: Error) => error.message),
    });
    const byA = await seenBy(a);
    expect(byA.info).toMatchObject({ endReason: 'reported', reported: true });
    expect(byA.past).toMatchObject({ endReason: 'reported', reported: true });
    let byB = await seenBy(b);
    expect(byB.info).toMatchObject({ endReason: 'hangup', reported: false });
    expect(byB.past).toMatchObject({ endReason: 'hangup', reported: false });
    expect(byA.hangUp).toMatchObject({ reason: 'reported' });
    expect(byB.hangUp).toMatchObject({ reason: 'hangup' });

    // b reports back after the end: their report did not end the call, so they still see a hang-up.
    expect((await b.client.post(`/api/peer/calls/${callId}/report`, { reason: 'They were rude first.' })).statusCode).toBe(200);
    byB = await seenBy(b);
    expect(byB.info).toMatchObject({ endReason: 'hangup', reported: true });
    expect(byB.past).toMatchObject({ endReason: 'hangup', reported: true });
  });

  it('a second report of the same call by the same reporter is refused with 409, and only one is stored', async () => {
    const { a, callId } = await startedCall();
    expect((await a.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Shouted and used slurs.' })).statusCode).toBe(200);
    const again = await a.client.post(`/api/peer/calls/${callId}/report`, { reason: 'And again, to be sure.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: peerTexts.alreadyReported });
    const stored = await t.ctx.db.select().from(peerReports).where(eq(peerReports.callId, callId));
    expect(stored.map((r) => r.reason)).toEqual(['Shouted and used slurs.']);
    // Reporting at once from two tabs stores one and refuses the other.
    const { a: c, callId: other } = await startedCall();
    const both = await Promise.all([1, 2].map((n) => c.client.post(`/api/peer/calls/${other}/report`, { reason: `Tab number ${n} reports.` })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(peerReports).where(eq(peerReports.callId, other))).toHaveLength(1);
  });
});

describe('buying a peer plan', () => {
  const peerPlan = async () => (await t.ctx.db.select().from(plans).where(eq(plans.slug, 'peer-monthly')))[0]!;

  it('adds its minutes once, bought from the wallet', async () => {
    const c = t.client();
    const signup = await c.post('/api/auth/signup', { name: 'Minute Buyer', email: 'peer-wallet@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
    const id = signup.json().user._id as string;
    const plan = await peerPlan();
    expect(plan.peerMinutes).toBe(PEER_MONTHLY_PLAN_MINUTES);
    await topUp(c, plan.priceInrMinor * 2);
    expect((await buyPlan(c, plan.id)).statusCode).toBe(200);
    expect(await balanceOf(id)).toBe(PEER_MONTHLY_PLAN_MINUTES);
    expect((await c.get('/api/peer/me')).json()).toMatchObject({ availableMinutes: PEER_MONTHLY_PLAN_MINUTES, plan: { name: plan.name } });
    expect((await buyPlan(c, plan.id)).statusCode).toBe(200);
    expect(await balanceOf(id)).toBe(2 * PEER_MONTHLY_PLAN_MINUTES);
    expect(await ledgerSumOf(id)).toBe(2 * PEER_MONTHLY_PLAN_MINUTES);
  });

  it('adds its minutes once, paid by checkout however often the verification and webhook arrive', async () => {
    const c = t.client();
    const signup = await c.post('/api/auth/signup', { name: 'Minute Buyer', email: 'peer-checkout@example.com', password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
    const id = signup.json().user._id as string;
    const plan = await peerPlan();
    const paid = await payOrder(c, capture(plan.priceInrMinor, 'Plan', { planId: plan.id }));
    const verifications = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/payments/verify', paid)));
    expect(verifications.every((r) => r.statusCode === 200)).toBe(true);
    await t.ctx.sandbox!.flushWebhooks();
    expect(await balanceOf(id)).toBe(PEER_MONTHLY_PLAN_MINUTES);
    const entries = await t.ctx.db.select().from(peerMinuteEntries).where(eq(peerMinuteEntries.userId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ delta: PEER_MONTHLY_PLAN_MINUTES, reason: 'plan', balanceAfter: PEER_MONTHLY_PLAN_MINUTES });
  });
});

describe('the seeded peers', () => {
  it('have profiles, minutes and one past call together', async () => {
    const kabir = await t.signIn('peer@parley.test', 'peer');
    const me = peerOverviewSchema.parse((await kabir.get('/api/peer/me')).json());
    expect(me).toMatchObject({ profile: { level: 'B1', firstLanguage: 'Hindi' }, availableMinutes: PEER_MONTHLY_PLAN_MINUTES - 13, plan: { name: 'Peer Learning · Monthly' } });
    const past = (await kabir.get('/api/peer/calls')).json();
    expect(past.items[0]).toMatchObject({ partnerName: 'Meera Pillai', durationSeconds: 740, chargedMinutes: 13, myRating: 4 });
    const meera = await t.signIn('peer2@parley.test', 'peer');
    expect((await meera.get('/api/peer/calls')).json().items[0]).toMatchObject({ partnerName: 'Kabir Das', durationSeconds: 740, chargedMinutes: 13, myRating: 5 });
  });
});

describe.runIf(process.env.REDIS_URL)('two server nodes through Redis', () => {
  it('a second tab on node B replaces the first on node A, and closing it tells the partner', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, now: clock, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const urlB = await nodeB.listen();
      const { a, b, callId } = await startedCall({ minutes: [30, 30] });
      const replaced = nextEvent(b.socket, 'peer:replaced');
      const secondTab = await socketOf(await nodeB.signIn(b.email, 'peer'), 'peer', urlB, nodeB);
      expect((await ok(emitAck<Joined>(secondTab, 'peer:join', { callId }))).partnerPresent).toBe(true);
      expect(await replaced).toEqual({ callId });
      const atA = recordEvents(a.socket, 'peer:signal');
      const refusal = nextEvent(b.socket, 'error_message');
      b.socket.emit('peer:signal', { callId, signal: signalFrom('b-link-1') });
      expect((await refusal).message).toBe('Join the call first.');
      await settle();
      expect(atA).toEqual([]);
      const gone = nextEvent(a.socket, 'peer:presence');
      secondTab.disconnect();
      expect(await gone).toEqual({ callId, present: false });
    } finally {
      await nodeB.close();
    }
  });
});
