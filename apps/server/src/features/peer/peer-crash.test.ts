import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { peerCallCharge, type PeerCallInfo } from '@parley/domain/peer';
import { DEMO_PASSWORD } from '../../db/seed/seed';
import { databaseUrlWithName } from '../../test/database-url';
import { nextEvent, socketOpener, type LiveSocket } from '../../test/live-socket';
import { HttpClient, startServer, type ServerProcess } from '../../test/server-process';
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

const databaseUrl = inject('databaseUrl');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-peer-crash-'));
const databaseName = `parley_peer_crash_${randomBytes(6).toString('hex')}`;
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  WEB_DIST: '/nonexistent',
  SEED_DEMO: 'true',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  JOBS_POLL_INTERVAL_SECONDS: '0.5',
  ...(databaseUrl ? { DATABASE_URL: databaseUrlWithName(databaseUrl, databaseName) } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `peer-crash-${randomBytes(6).toString('hex')}` } : {}),
};

let server: ServerProcess | undefined;
const sockets = socketOpener({ reconnection: false });

beforeAll(async () => {
  if (databaseUrl) await adminQuery(`create database ${databaseName} template ${inject('templateDb')}`);
});

afterAll(async () => {
  sockets.closeAll();
  await server?.kill();
  if (databaseUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

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
