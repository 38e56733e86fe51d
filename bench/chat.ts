// `npm run bench:chat`: how fast a chat message reaches the other members' sockets.
//
// Design. A Parley chat room is one learner × one tutor, so "1,000 clients across 100 rooms" is
// built as: 100 new learners (signed up through the API, each buying a plan through the sandbox
// checkout: capture → settle → verify, which gives chat access (an available session)), each opening a
// room with one of the 12 demo tutors (learner i ↔ tutor i mod 12). Every room then has 10
// sockets: its learner's first socket, a tutor socket, and 8 more connections of the same two
// users (a user may hold many sockets: tabs, devices), alternating learner / tutor; every
// socket joins its room. 100 × 10 = 1,000 authenticated sockets.
//
// Load. Each room sends 1 text message a second (BENCH_CHAT_RATE), from its sockets in turn,
// for BENCH_CHAT_SECONDS (10); rooms start at random offsets. Parley publishes a message to the
// room and to both members' user channels, so it reaches the room's 10 sockets and every socket
// of the tutor (~42 sockets, as a tutor has ~8 rooms here): ~46 deliveries per message. The
// latency of each delivery (send → new_message on another socket, one clock: all clients live
// in this process) is recorded; the sending socket's own copy is not counted.
//
// Scenarios, in one run:
//   1. bare: a bare socket.io server (bench/lib/bare-echo-server.ts) with the same channel
//      layout and fan-out, no auth, database or validation: the floor to compare against.
//   2. Parley on one node (PGlite, temp data dir).
//   3. Parley on two nodes through Redis (REDIS_URL, default redis://127.0.0.1:6379) sharing a
//      fresh PostgreSQL database (created on BENCH_PG_URL, default
//      postgres://postgres@127.0.0.1:5432/postgres, dropped after) with one TOKEN_SECRET;
//      sockets alternate between the nodes, so most deliveries cross Redis.
// Targets: p99 < 50 ms and < 3× the bare server's p99. All traffic stays on 127.0.0.1; the
// clients share one process with this script (its CPU use is printed, as on a small machine
// the clients themselves can be the bottleneck). Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, DEMO_PASSWORD, logIn, type SignedIn } from './lib/api-client';
import { createFreshDatabase, inheritedEnv, startScript, startServer, withCleanup } from './lib/server';

const ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 100);
const SOCKETS_PER_ROOM = Number(process.env.BENCH_CHAT_SOCKETS_PER_ROOM ?? 10);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const RATE_PER_ROOM = Number(process.env.BENCH_CHAT_RATE ?? 1);
const SETTLE_MS = 3_000;
const CONNECT_BATCH = 50;
const SETUP_CONCURRENCY = 6;
const TARGET_P99_MS = 50;
const TARGET_VS_BARE = 3;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TUTOR_EMAILS = [
  'tutor@parley.test',
  'daniel.brooks@parley.test',
  'priya.nair@parley.test',
  'oliver.grant@parley.test',
  'meera.kapoor@parley.test',
  'sofia.martinez@parley.test',
  'rahul.verma@parley.test',
  'grace.thompson@parley.test',
  'arjun.menon@parley.test',
  'hannah.becker@parley.test',
  'kavya.reddy@parley.test',
  'marcus.lee@parley.test',
];

type Room = { id: string; learnerId: string; tutorId: string; learnerCookie: string; tutorCookie: string };
type SocketPlan = { room: number; userId: string; role: 'learner' | 'teacher'; cookie: string; url: string };
type Result = { label: string; sent: number; acked: number; ackMs: number[]; latencyMs: number[]; expected: number; errors: number; clientCpuPct: number };

// ---------------------------------------------------------------- setup through the real API

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  }
  return results;
}

/** Signs in the 12 demo tutors and signs up ROOMS subscribed learners, each with one room. */
async function setUpRooms(apiUrl: string): Promise<Room[]> {
  const t0 = performance.now();
  const tutors = await inBatches(TUTOR_EMAILS, SETUP_CONCURRENCY, async (email) => {
    const { client, answer } = await logIn(apiUrl, email, 'teacher', DEMO_PASSWORD);
    return { id: answer.user._id, cookie: client.cookieHeader };
  });
  const run = randomBytes(4).toString('hex');
  type Plan = { _id: string; price: { amountMinor: number; currency: string } };
  let plan: Plan | undefined;
  const learners = Array.from({ length: ROOMS }, (_, i) => i);

  const setUpLearner = async (i: number): Promise<Room> => {
    const client = new ApiClient(apiUrl);
    const { user } = await client.post<SignedIn>('/api/auth/signup', {
      name: `Bench Learner ${i}`,
      email: `bench-${run}-${i}@parley.test`,
      password: DEMO_PASSWORD,
      country: 'IN',
      timezone: 'Asia/Kolkata',
    });
    if (!plan) {
      const { items } = await client.get<{ items: Plan[] }>('/api/plans?subject=English');
      plan = [...items].sort((a, b) => a.price.amountMinor - b.price.amountMinor)[0];
      if (!plan) throw new Error('no English plan to buy');
    }
    const order = await client.post<{ data: { id: string } }>('/api/sandbox/capture', {
      amount: plan.price.amountMinor,
      payment_capture: 1,
      currency: plan.price.currency,
      notes: { type: 'Plan', paymentDetails: { planId: plan._id } },
    });
    const paid = await client.post<{ ok: boolean; razorpay_payment_id: string; razorpay_signature: string }>('/api/payments/sandbox/settle', {
      orderId: order.data.id,
      outcome: 'success',
    });
    if (!paid.ok) throw new Error(`sandbox refused to settle ${order.data.id}`);
    await client.post('/api/payments/verify', { orderId: order.data.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
    const tutor = tutors[i % tutors.length]!;
    const { room } = await client.post<{ room: { _id: string } }>('/room/v1/initiate', { teacherId: tutor.id });
    return { id: room._id, learnerId: user._id, tutorId: tutor.id, learnerCookie: client.cookieHeader, tutorCookie: tutor.cookie };
  };

  // The first learner alone (it looks the plan up), then the rest in parallel batches.
  const rooms = [await setUpLearner(0), ...(await inBatches(learners.slice(1), SETUP_CONCURRENCY, (i) => setUpLearner(i)))];
  console.log(`  setup: ${tutors.length} tutors signed in, ${rooms.length} learners signed up, subscribed and in a room (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return rooms;
}

/** Rooms for the bare server: made-up ids, same shape. */
function bareRooms(): Room[] {
  const tutorIds = TUTOR_EMAILS.map((_, i) => `tutor-${i}`);
  return Array.from({ length: ROOMS }, (_, i) => ({ id: `room-${i}`, learnerId: `learner-${i}`, tutorId: tutorIds[i % tutorIds.length]!, learnerCookie: '', tutorCookie: '' }));
}

/** 10 sockets a room: learner, tutor, then 8 more of the same two users, alternating. */
function planSockets(rooms: Room[], urls: string[]): SocketPlan[] {
  const plans: SocketPlan[] = [];
  rooms.forEach((room, r) => {
    for (let k = 0; k < SOCKETS_PER_ROOM; k++) {
      const learnerSide = k % 2 === 0;
      plans.push({
        room: r,
        userId: learnerSide ? room.learnerId : room.tutorId,
        role: learnerSide ? 'learner' : 'teacher',
        cookie: learnerSide ? room.learnerCookie : room.tutorCookie,
        url: urls[plans.length % urls.length]!,
      });
    }
  });
  return plans;
}

// ---------------------------------------------------------------- the measurement

type Client = { plan: SocketPlan; socket: Socket };

async function connectAll(plans: SocketPlan[], rooms: Room[], bare: boolean): Promise<Client[]> {
  const t0 = performance.now();
  const clients = await inBatches(plans, CONNECT_BATCH, async (plan) => {
    const room = rooms[plan.room]!;
    const socket = io(plan.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 20_000,
      auth: bare ? { room: room.id, user: plan.userId } : { role: plan.role },
      extraHeaders: bare ? {} : { cookie: plan.cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket for ${plan.role} ${plan.userId}: ${error.message}`)));
    });
    const joined = await socket.timeout(20_000).emitWithAck('join_room', { chatroomId: room.id });
    if (!(joined as { ok: boolean }).ok) throw new Error(`join_room refused: ${JSON.stringify(joined)}`);
    return { plan, socket };
  });
  console.log(`  ${clients.length} sockets connected and joined ${rooms.length} rooms (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return clients;
}

/** How many sockets other than the sender each room's message reaches (room ∪ both users' channels). */
function expectedRecipients(clients: Client[], rooms: Room[]): number[] {
  return rooms.map((room, r) => clients.filter((c) => c.plan.room === r || c.plan.userId === room.learnerId || c.plan.userId === room.tutorId).length - 1);
}

async function measure(label: string, clients: Client[], rooms: Room[], bare: boolean): Promise<Result> {
  const tag = randomBytes(3).toString('hex');
  const sentAt = new Map<string, { at: number; sender: Socket }>();
  const latencyMs: number[] = [];
  const ackMs: number[] = [];
  let errors = 0;
  let acked = 0;
  for (const { socket } of clients) {
    socket.on('new_message', (message: { message: string }) => {
      const sent = sentAt.get(message.message);
      if (sent && sent.sender !== socket) latencyMs.push(performance.now() - sent.at);
    });
    socket.on('error_message', () => errors++);
  }
  const byRoom = rooms.map((_, r) => clients.filter((c) => c.plan.room === r));
  const expectedPerRoom = expectedRecipients(clients, rooms);
  let expected = 0;

  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const intervalMs = 1000 / RATE_PER_ROOM;
  const timers: NodeJS.Timeout[] = [];
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    rooms.forEach((room, r) => {
      let n = 0;
      const send = () => {
        const sender = byRoom[r]![n % byRoom[r]!.length]!.socket;
        const text = `bench ${tag} ${r} ${n++}`;
        const payload = bare
          ? { chatroomId: room.id, learnerId: room.learnerId, tutorId: room.tutorId, message: text }
          : { chatroomId: room.id, msgType: 'Text', message: text };
        sentAt.set(text, { at: performance.now(), sender });
        expected += expectedPerRoom[r]!;
        const at = performance.now();
        pending.push(
          sender
            .timeout(10_000)
            .emitWithAck('chatroom_message', payload)
            .then((answer: { ok: boolean }) => {
              if (answer.ok) {
                acked++;
                ackMs.push(performance.now() - at);
              } else errors++;
            })
            .catch(() => {
              errors++;
            }),
        );
      };
      const start = setTimeout(() => {
        send();
        timers.push(setInterval(send, intervalMs));
      }, Math.random() * intervalMs);
      timers.push(start);
    });
    setTimeout(resolve, SECONDS * 1000);
  });
  for (const timer of timers) clearInterval(timer);
  await Promise.all(pending);
  const deadline = performance.now() + SETTLE_MS;
  while (latencyMs.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpuStart);
  const clientCpuPct = ((cpu.user + cpu.system) / 1000 / (performance.now() - wallStart)) * 100;
  for (const { socket } of clients) socket.removeAllListeners('new_message').removeAllListeners('error_message');
  return { label, sent: sentAt.size, acked, ackMs, latencyMs, expected, errors, clientCpuPct };
}

function disconnectAll(clients: Client[]) {
  for (const { socket } of clients) socket.disconnect();
}

// ---------------------------------------------------------------- reporting

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

function printResult(r: Result) {
  const lost = Math.max(0, r.expected - r.latencyMs.length);
  console.log(`  messages sent ${r.sent}, acknowledged ${r.acked}, errors ${r.errors}`);
  console.log(`  deliveries ${r.latencyMs.length} of ${r.expected} expected${lost ? ` (${lost} missing)` : ''}`);
  console.log(`  delivery latency: p50 ${ms(pct(r.latencyMs, 50))} · p99 ${ms(pct(r.latencyMs, 99))} · max ${ms(pct(r.latencyMs, 100))}`);
  console.log(`  sender ack:       p50 ${ms(pct(r.ackMs, 50))} · p99 ${ms(pct(r.ackMs, 99))}`);
  console.log(`  client process CPU ${r.clientCpuPct.toFixed(0)}% of one core`);
}

async function scenario(label: string, run: () => Promise<Result | null>): Promise<Result | null> {
  console.log(`\n${label}`);
  try {
    const result = await run();
    if (result) printResult(result);
    return result;
  } catch (error) {
    console.log(`  failed: ${(error as Error).message.split('\n').slice(0, 4).join(' | ')}`);
    return null;
  }
}

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------- the run

const serverEnv = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
const started = performance.now();
console.log(`chat delivery: ${ROOMS} rooms × ${SOCKETS_PER_ROOM} sockets, ${RATE_PER_ROOM} msg/s per room for ${SECONDS} s`);

const bare = await scenario('bare socket.io server (same channels and fan-out, no auth/db/validation), one process', () =>
  withCleanup(async (onCleanup) => {
    const server = await startScript('bench/lib/bare-echo-server.ts', { env: inheritedEnv(), label: 'bare echo server' });
    onCleanup(server.stop);
    const rooms = bareRooms();
    const clients = await connectAll(planSockets(rooms, [server.url]), rooms, true);
    onCleanup(async () => disconnectAll(clients));
    return measure('bare', clients, rooms, true);
  }),
);

const oneNode = await scenario('Parley, one node (PGlite)', () =>
  withCleanup(async (onCleanup) => {
    const server = await startServer({ env: serverEnv, label: 'Parley' });
    onCleanup(server.stop);
    const rooms = await setUpRooms(server.url);
    const clients = await connectAll(planSockets(rooms, [server.url]), rooms, false);
    onCleanup(async () => disconnectAll(clients));
    return measure('one node', clients, rooms, false);
  }),
);

const twoNodes = await scenario(`Parley, two nodes through Redis (${REDIS_URL}) on PostgreSQL`, async () => {
  if (!(await reachable(REDIS_URL))) {
    console.log(`  skipped: Redis is not reachable at ${REDIS_URL}`);
    return null;
  }
  if (!(await reachable(PG_ADMIN_URL))) {
    console.log(`  skipped: PostgreSQL is not reachable at ${PG_ADMIN_URL} (set BENCH_PG_URL)`);
    return null;
  }
  return withCleanup(async (onCleanup) => {
    const db = await createFreshDatabase(PG_ADMIN_URL, 'parley_bench_chat');
    onCleanup(db.drop);
    const shared = { ...serverEnv, DATABASE_URL: db.url, REDIS_URL, REDIS_KEY_PREFIX: `bench-${randomBytes(3).toString('hex')}`, TOKEN_SECRET: randomBytes(32).toString('base64url') };
    const a = await startServer({ env: shared, label: 'Parley node A' });
    onCleanup(a.stop);
    // B starts once A has migrated and seeded the shared database.
    const b = await startServer({ env: { ...shared, SEED_DEMO: 'false' }, label: 'Parley node B' });
    onCleanup(b.stop);
    console.log(`  nodes ${a.url} and ${b.url}, database ${db.name}`);
    const rooms = await setUpRooms(a.url);
    const clients = await connectAll(planSockets(rooms, [a.url, b.url]), rooms, false);
    onCleanup(async () => disconnectAll(clients));
    return measure('two nodes', clients, rooms, false);
  });
});

console.log('\nSummary (delivery latency p99; targets: < 50 ms and < 3× bare)');
const bareP99 = bare ? pct(bare.latencyMs, 99) : NaN;
for (const r of [bare, oneNode, twoNodes]) {
  if (!r) continue;
  const p99 = pct(r.latencyMs, 99);
  const vsBare = p99 / bareP99;
  const verdict = r === bare ? '' : ` · ${p99 < TARGET_P99_MS ? 'under' : 'OVER'} 50 ms · ${vsBare.toFixed(2)}× bare → ${p99 < TARGET_P99_MS && vsBare < TARGET_VS_BARE ? 'met' : 'NOT met'}`;
  console.log(`  ${r.label.padEnd(10)} p50 ${ms(pct(r.latencyMs, 50)).padStart(9)} · p99 ${ms(p99).padStart(9)}${verdict}`);
}
console.log(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
