// `npm run bench:peer-queue`: how fast "Practise now" finds a partner on a busy server.
//
// Design. One Parley node (the compiled server, PGlite in a temp dir). BENCH_PEER_PAIRS (200)
// pairs of peers are made through the real API: each is a new learner who buys the peer plan
// through the sandbox checkout (capture → settle → verify, which credits its minutes) and takes
// the placement, all at one level and first language, so any two may be matched. Each peer holds
// one socket. Beside them, BENCH_PEER_IDLE_SOCKETS (1,000) idle sockets of ten demo tutors stay
// connected throughout, so the socket server carries a realistic crowd while matching runs.
//
// Load. The peers press "Practise now" one after another at BENCH_PEER_RATE (20) joins a second,
// open loop (each at its own time, whether earlier joins were answered or not). Every join that
// makes a match is the one answered with its call (the queue never keeps two peers who could be
// matched); for each, the time from sending POST /api/peer/queue to `peer:matched` on each of the
// two matched sockets is recorded (one clock: every client lives in this process), as is that
// POST's own time.
// Target: p99 < 100 ms. All traffic stays on 127.0.0.1. Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, DEMO_PASSWORD, logIn } from './lib/api-client';
import { startServer, withCleanup } from './lib/server';

const PAIRS = Number(process.env.BENCH_PEER_PAIRS ?? 200);
const IDLE_SOCKETS = Number(process.env.BENCH_PEER_IDLE_SOCKETS ?? 1_000);
const RATE_PER_SECOND = Number(process.env.BENCH_PEER_RATE ?? 20);
const SETUP_CONCURRENCY = 6;
const CONNECT_BATCH = 50;
const TARGET_P99_MS = 100;
const IDLE_OWNERS = ['tutor@parley.test', 'daniel.brooks@parley.test', 'priya.nair@parley.test', 'oliver.grant@parley.test', 'meera.kapoor@parley.test', 'sofia.martinez@parley.test', 'rahul.verma@parley.test', 'grace.thompson@parley.test', 'arjun.menon@parley.test', 'hannah.becker@parley.test'];

type Peer = { id: string; client: ApiClient; socket: Socket };
type Plan = { _id: string; price: { amountMinor: number; currency: string } };

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  return results;
}

async function openSocket(url: string, cookie: string, role: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000, auth: { role }, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket (${role}): ${error.message}`)));
  });
  return socket;
}

/** A new learner with the peer plan's minutes and a placement, and its socket. */
async function newPeer(url: string, run: string, i: number, plan: Plan): Promise<Peer> {
  const client = new ApiClient(url);
  const { user } = await client.post<{ user: { _id: string } }>('/api/auth/signup', { name: `Bench Peer ${i}`, email: `bench-peer-${run}-${i}@parley.test`, password: DEMO_PASSWORD, country: 'IN', timezone: 'Asia/Kolkata' });
  const order = await client.post<{ data: { id: string } }>('/api/sandbox/capture', {
    amount: plan.price.amountMinor,
    payment_capture: 1,
    currency: plan.price.currency,
    notes: { type: 'Plan', paymentDetails: { planId: plan._id } },
  });
  const paid = await client.post<{ ok: boolean; razorpay_payment_id: string; razorpay_signature: string }>('/api/payments/sandbox/settle', { orderId: order.data.id, outcome: 'success' });
  if (!paid.ok) throw new Error(`sandbox refused to settle ${order.data.id}`);
  await client.post('/api/payments/verify', { orderId: order.data.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
  await client.post('/api/peer/placement', { answers: [true, true, false, false, false], firstLanguage: 'Hindi' });
  return { id: user._id, client, socket: await openSocket(url, client.cookieHeader, 'learner') };
}

const pct = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

await withCleanup(async (onCleanup) => {
  console.log(`bench:peer-queue — ${PAIRS} pairs joining at ${RATE_PER_SECOND} a second, beside ${IDLE_SOCKETS} idle sockets, one node on PGlite`);
  // Hundreds of sign-ups from one address: the login rate limit is lifted, as bench:chat does.
  const server = await startServer({ label: 'parley', env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' } });
  onCleanup(server.stop);
  const sockets: Socket[] = [];
  onCleanup(async () => {
    for (const socket of sockets) socket.disconnect();
  });

  let t0 = performance.now();
  const owners = await Promise.all(IDLE_OWNERS.map(async (email) => (await logIn(server.url, email, 'teacher')).client.cookieHeader));
  sockets.push(...(await inBatches(Array.from({ length: IDLE_SOCKETS }, (_, i) => owners[i % owners.length]!), CONNECT_BATCH, (cookie) => openSocket(server.url, cookie, 'teacher'))));
  console.log(`  ${IDLE_SOCKETS} idle sockets connected (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  t0 = performance.now();
  const run = randomBytes(4).toString('hex');
  const probe = new ApiClient(server.url);
  await probe.post('/api/auth/signup', { name: 'Bench Shopper', email: `bench-peer-${run}-shopper@parley.test`, password: DEMO_PASSWORD, country: 'IN', timezone: 'Asia/Kolkata' });
  const plan = (await probe.get<{ items: Plan[] }>('/api/plans?subject=Peer')).items[0];
  if (!plan) throw new Error('no peer plan on sale');
  const peers = await inBatches(Array.from({ length: PAIRS * 2 }, (_, i) => i), SETUP_CONCURRENCY, (i) => newPeer(server.url, run, i, plan));
  sockets.push(...peers.map((p) => p.socket));
  console.log(`  ${peers.length} peers signed up, bought the peer plan and took the placement (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const heardAt = new Map<string, number[]>();
  const matchedLatencyMs: number[] = [];
  const postMs: number[] = [];
  let missing = 0;
  for (const peer of peers) {
    peer.socket.on('peer:matched', ({ callId }: { callId: string }) => {
      const list = heardAt.get(callId) ?? [];
      list.push(performance.now());
      heardAt.set(callId, list);
    });
  }

  t0 = performance.now();
  // Open loop: peer i presses "Practise now" at its arrival time, whatever the server is doing.
  const joins = await Promise.all(
    peers.map(async (p, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * 1000) / RATE_PER_SECOND));
      const sentAt = performance.now();
      const answer = await p.client.post<{ matchedCallId: string | null }>('/api/peer/queue', { mode: 'video' });
      if (answer.matchedCallId) postMs.push(performance.now() - sentAt);
      return { sentAt, callId: answer.matchedCallId };
    }),
  );
  // Both sides of every match, heard within a generous wait.
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && joins.some((j) => j.callId && (heardAt.get(j.callId)?.length ?? 0) < 2)) await new Promise((resolve) => setTimeout(resolve, 5));
  for (const join of joins) {
    if (!join.callId) continue;
    const heard = heardAt.get(join.callId) ?? [];
    missing += 2 - heard.length;
    for (const at of heard) matchedLatencyMs.push(at - join.sentAt);
  }
  const seconds = (performance.now() - t0) / 1000;
  const p99 = pct(matchedLatencyMs, 99);
  console.log(`  ${heardAt.size} calls matched in ${seconds.toFixed(1)} s; ${matchedLatencyMs.length} peer:matched deliveries timed, ${missing} missing`);
  console.log(`  queue join → peer:matched: p50 ${ms(pct(matchedLatencyMs, 50))} · p99 ${ms(p99)} · max ${ms(pct(matchedLatencyMs, 100))}`);
  console.log(`  POST /api/peer/queue (the matching join): p50 ${ms(pct(postMs, 50))} · p99 ${ms(pct(postMs, 99))}`);
  console.log(`  target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`);
});
