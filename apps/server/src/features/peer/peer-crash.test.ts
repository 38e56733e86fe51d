import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { peerCallCharge, type PeerCallInfo } from '@parley/domain/peer';
import { DEMO_PASSWORD } from '../../db/seed/seed';
import { nextEvent, socketOpener, type LiveSocket } from '../../test/live-socket';
import { HttpClient, serverPlace, startServer, type ServerProcess } from '../../test/server-process';
import { PRESENCE_BEAT_MS } from './peer.service';

/*
 * kill -9 in the middle of a peer call: the node dies with both sides' connections in it, so no
 * disconnect handler runs and nothing is charged then. After a restart, the sweep finds their
 * presence on no node, counts each side gone since the dead node last vouched for it, and once
 * the reconnect grace has passed the call ends 'dropped', measured to that moment: never more
 * than the time the call really ran, so never more minutes than were used.
 */

/** Long enough that the call costs a minute (over the 30-second grace) even measured a beat short. */
const CALL_RUNS_MS = 2 * PRESENCE_BEAT_MS + 17_000;

const place = serverPlace('peer-crash', { JOBS_POLL_INTERVAL_SECONDS: '0.5' });
const env = place.env;

let server: ServerProcess | undefined;
const sockets = socketOpener({ reconnection: false });

beforeAll(place.prepare);

afterAll(async () => {
  sockets.closeAll();
  await server?.kill();
  await place.dispose();
});

async function signIn(email: string): Promise<HttpClient> {
  const client = new HttpClient(() => server!.baseUrl);
  const res = await client.post('/api/auth/login', { email, password: DEMO_PASSWORD, role: 'peer' });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.body}`);
  return client;
}

const socketOf = (client: HttpClient) => sockets.open(server!.baseUrl, client.cookieHeader, 'peer');

const join = (socket: LiveSocket, callId: string) =>
  new Promise<void>((resolve, reject) =>
    socket.emit('peer:join', { callId }, (answer) => (answer.ok ? resolve() : reject(new Error(answer.message)))),
  );

it('a call interrupted by kill -9 is settled after the restart, charging at most the minutes used', { timeout: 300_000 }, async () => {
  server = await startServer(env);
  const [first, second] = [await signIn('peer@parley.test'), await signIn('peer2@parley.test')];
  const minutesBefore = await Promise.all([first, second].map(async (c) => (await c.get('/api/peer/me')).json().availableMinutes as number));
  const [firstSocket, secondSocket] = [await socketOf(first), await socketOf(second)];

  expect((await first.post('/api/peer/queue', { mode: 'video' })).json()).toMatchObject({ queued: true });
  const callId = (await second.post('/api/peer/queue', { mode: 'video' })).json().matchedCallId as string;
  expect(callId).toBeTruthy();
  const started = nextEvent(firstSocket, 'peer:started');
  await join(firstSocket, callId);
  await join(secondSocket, callId);
  const startedAtMs = Date.parse((await started).startedAt);

  await sleep(Math.max(0, startedAtMs + CALL_RUNS_MS - Date.now()));
  await server.kill();
  const ranMs = Date.now() - startedAtMs;
  sockets.closeAll();

  server = await startServer(env);
  const info = async () => (await first.get(`/api/peer/calls/${callId}`)).json<PeerCallInfo>();
  // The restart's sweep marks both sides gone; the reconnect grace (45 s from then) runs out, then the call ends.
  await vi.waitFor(async () => expect((await info()).status).toBe('ended'), { timeout: 120_000, interval: 1_000 });
  const ended = await info();
  expect(ended.endReason).toBe('dropped');
  const durationMs = ended.durationSeconds! * 1000;
  // Measured to the last moment the dead node vouched for the connections: at most a beat (and a second) short.
  expect(durationMs).toBeLessThanOrEqual(ranMs);
  expect(durationMs).toBeGreaterThanOrEqual(ranMs - PRESENCE_BEAT_MS - 2_000);

  const minutesAfter = await Promise.all([first, second].map(async (c) => (await c.get('/api/peer/me')).json().availableMinutes as number));
  for (const [i, before] of minutesBefore.entries()) {
    const charged = before - minutesAfter[i]!;
    expect(charged).toBe(peerCallCharge({ durationMs, availableMinutes: before }).chargedMinutes);
    expect(charged).toBeLessThanOrEqual(peerCallCharge({ durationMs: ranMs, availableMinutes: before }).chargedMinutes);
    expect(charged).toBe(1);
  }
  const past = (await second.get('/api/peer/calls')).json();
  expect(past.items[0]).toMatchObject({ callId, endReason: 'dropped', durationSeconds: ended.durationSeconds, chargedMinutes: 1 });
});
