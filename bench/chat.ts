// `npm run bench:chat`: how fast a chat message reaches the other members' sockets, at 5,000
// sockets, and what each connected socket costs the server in memory.
//
// Design. A Parley chat room is one learner × one tutor. The run signs up as many learners as the
// largest layout has rooms (through the API, each buying a plan through the sandbox checkout:
// capture → settle → verify, which gives chat access (an available session)), each opening a room
// with one of the 12 demo tutors (learner i ↔ tutor i mod 12); setup is timed but not measured.
// A layout is BENCH_CHAT_SOCKETS sockets (5,000) over R rooms (BENCH_CHAT_ROOMS, a list: 100 and
// 1,000 by default, so 50 and 5 sockets a room; BENCH_CHAT_SOCKETS=1000 BENCH_CHAT_ROOMS=100 is the
// earlier 1,000-socket run). Every room's sockets are its learner's and its tutor's, alternating
// (a user may hold many sockets: tabs, devices); every socket joins its room.
//
// Load. BENCH_CHAT_RATE text messages a second in all (20), spread evenly over the rooms (each
// room sends from its sockets in turn, at a random offset), for BENCH_CHAT_SECONDS (10), after a
// 2-second warm-up that is not counted. Parley publishes a message to the room and to both
// members' user channels, so it reaches the room's sockets and every socket of the tutor: with
// only 12 tutors, a tutor holds ~1/24 of all sockets, so a message has ~170–230 deliveries, and
// 20 msg/s is ~3,400–4,600 deliveries a second, what the 1,000-socket run delivered at 100 msg/s.
// Much more and the clients, all in this one process, become the bottleneck (their CPU use is
// printed). The latency of each delivery (send → new_message on another socket, one clock) is
// recorded; the sending socket's own copy is not counted.
//
// Scenarios, for each layout:
//   1. bare: a bare socket.io server (bench/lib/bare-echo-server.ts) with the same channel
//      layout and fan-out, no auth, database or validation: the floor to compare against.
//   2. Parley on one node (PGlite, temp data dir).
//   3. Parley on two nodes through Redis (REDIS_URL, default redis://127.0.0.1:6379) sharing a
//      fresh PostgreSQL database (created on BENCH_PG_URL, default
//      postgres://postgres@127.0.0.1:5432/postgres, dropped after) with one TOKEN_SECRET;
//      sockets alternate between the nodes, so most deliveries cross Redis.
// BENCH_CHAT_SCENARIOS picks some of them (bare,one,two).
// Each layout gets freshly started server processes on the prepared data. Memory per socket: the
// server's RSS (VmRSS) after a settle wait before the sockets connect, and again after all are
// connected and joined (after a settle wait for the garbage collector), the difference divided by
// that node's sockets.
// Targets: p99 < 50 ms and < 3× the bare server's p99 in the same layout. All traffic stays on
// 127.0.0.1. Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, DEMO_PASSWORD, logIn, TUTOR_EMAILS, type SignedIn } from './lib/api-client';
import { joinRoom } from './lib/join-room';
import { createFreshDatabase, inheritedEnv, startScript, startServer, withCleanup, type RunningServer } from './lib/server';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 5_000);
const ROOM_COUNTS = (process.env.BENCH_CHAT_ROOMS ?? '100,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const MESSAGES_PER_S = Number(process.env.BENCH_CHAT_RATE ?? 20);
const WARM_UP_SECONDS = 2;
const SCENARIOS = new Set((process.env.BENCH_CHAT_SCENARIOS ?? 'bare,one,two').split(','));
const SETTLE_MS = 3_000;
const MEMORY_SETTLE_MS = 3_000;
const CONNECT_CONCURRENCY = 100;
const SETUP_CONCURRENCY = 8;
const TARGET_P99_MS = 50;
const TARGET_VS_BARE = 3;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Room = { id: string; learnerId: string; tutorId: string; learnerCookie: string; tutorCookie: string };
type SocketPlan = { room: number; userId: string; role: 'learner' | 'teacher'; cookie: string; url: string };
type NodeMemory = { label: string; pid: number; sockets: number; beforeKb: number; afterKb: number };
type Result = {
  label: string;
  sent: number;
  acked: number;
  ackMs: number[];
  latencyMs: number[];
  expected: number;
  errors: number;
  clientCpuPct: number;
  /** The client process's event-loop delay (p99, max) and its longest garbage-collection pause, ms. */
  clientStall: { delayP99Ms: number; delayMaxMs: number; gcMaxMs: number; gcTotalMs: number };
  /** Each server's CPU use over the measurement, % of one core. */
  serverCpuPct: number[];
  memory: NodeMemory[];
};

// ---------------------------------------------------------------- setup through the real API

/** Runs `run` over `items` with at most `limit` in flight; results in input order. */
async function pooled<T, R>(items: T[], limit: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Signs in the 12 demo tutors and signs up `count` subscribed learners, each with one room. */
async function setUpRooms(apiUrl: string, count: number): Promise<Room[]> {
  const t0 = performance.now();
  const tutors = await pooled(TUTOR_EMAILS, SETUP_CONCURRENCY, async (email) => {
    const { client, answer } = await logIn(apiUrl, email, 'teacher', DEMO_PASSWORD);
    return { id: answer.user._id, cookie: client.cookieHeader };
  });
  const run = randomBytes(4).toString('hex');
  type Plan = { _id: string; price: { amountMinor: number; currency: string } };
  let plan: Plan | undefined;

  const setUpLearner = async (i: number, attempt = 1): Promise<Room> => {
    const client = new ApiClient(apiUrl);
    const { user } = await client.post<SignedIn>('/api/auth/signup', {
      name: `Bench Learner ${i}`,
      email: `bench-${run}-${i}-${attempt}@parley.test`,
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

  // On a busy machine a connection can fail (fetch's 10 s connect timeout): that learner starts
  // over under a new address, twice at most.
  let retried = 0;
  const withRetry = async (i: number): Promise<Room> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await setUpLearner(i, attempt);
      } catch (error) {
        if (attempt === 3 || (error as Error).message !== 'fetch failed') throw error;
        retried++;
      }
    }
  };
  // The first learner alone (it looks the plan up), then the rest with bounded concurrency.
  const rest = Array.from({ length: count - 1 }, (_, i) => i + 1);
  const rooms = [await withRetry(0), ...(await pooled(rest, SETUP_CONCURRENCY, withRetry))];
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  setup: ${tutors.length} tutors signed in, ${rooms.length} learners signed up, subscribed and in a room (${seconds.toFixed(1)} s, ${SETUP_CONCURRENCY} at a time, ${(rooms.length / seconds).toFixed(1)} learners/s${retried ? `, ${retried} retried after a network failure` : ''})`);
  return rooms;
}

/** Rooms for the bare server: made-up ids, same shape. */
function bareRooms(count: number): Room[] {
  const tutorIds = TUTOR_EMAILS.map((_, i) => `tutor-${i}`);
  return Array.from({ length: count }, (_, i) => ({ id: `room-${i}`, learnerId: `learner-${i}`, tutorId: tutorIds[i % tutorIds.length]!, learnerCookie: '', tutorCookie: '' }));
}

/** SOCKETS / rooms sockets a room: learner, tutor, learner, … (the same two users, many tabs). */
function planSockets(rooms: Room[], urls: string[]): SocketPlan[] {
  const perRoom = Math.floor(SOCKETS / rooms.length);
  const plans: SocketPlan[] = [];
  rooms.forEach((room, r) => {
    for (let k = 0; k < perRoom; k++) {
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

/** Connects and joins every planned socket into `clients` (filled as they open, so a failure still disconnects them all). */
async function connectAll(plans: SocketPlan[], rooms: Room[], bare: boolean, clients: Client[]): Promise<void> {
  const t0 = performance.now();
  await pooled(plans, CONNECT_CONCURRENCY, async (plan) => {
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
    clients.push({ plan, socket });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket for ${plan.role} ${plan.userId}: ${error.message}`)));
    });
    const joined = await joinRoom(socket, room.id, 20_000);
    if (!joined.ok) throw new Error(`join_room refused: ${JSON.stringify(joined)}`);
  });
  console.log(`  ${clients.length} sockets connected and joined ${rooms.length} rooms (${((performance.now() - t0) / 1000).toFixed(1)} s, ${CONNECT_CONCURRENCY} at a time)`);
}

/** How many sockets other than the sender each room's message reaches (room ∪ both users' channels). */
function expectedRecipients(clients: Client[], rooms: Room[]): number[] {
  const ofUser = new Map<string, number>();
  for (const { plan } of clients) ofUser.set(plan.userId, (ofUser.get(plan.userId) ?? 0) + 1);
  // A room's sockets are its two members' own; the members' other sockets join through their user channels.
  return rooms.map((room) => (ofUser.get(room.learnerId) ?? 0) + (ofUser.get(room.tutorId) ?? 0) - 1);
}

async function measure(label: string, clients: Client[], rooms: Room[], bare: boolean, memory: NodeMemory[], seconds = SECONDS): Promise<Result> {
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
  const byRoom: Client[][] = rooms.map(() => []);
  for (const client of clients) byRoom[client.plan.room]!.push(client);
  const expectedPerRoom = expectedRecipients(clients, rooms);
  let expected = 0;

  const cpuStart = process.cpuUsage();
  const serverTicksStart = memory.map((m) => cpuTicks(m.pid));
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gcPausesMs: number[] = [];
  const gcObserver = new PerformanceObserver((list) => gcPausesMs.push(...list.getEntries().map((e) => e.duration)));
  gcObserver.observe({ entryTypes: ['gc'] });
  const wallStart = performance.now();
  const intervalMs = (1000 * rooms.length) / MESSAGES_PER_S;
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
    setTimeout(resolve, seconds * 1000);
  });
  for (const timer of timers) clearInterval(timer);
  await Promise.all(pending);
  const deadline = performance.now() + SETTLE_MS;
  while (latencyMs.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpuStart);
  const wallMs = performance.now() - wallStart;
  const clientCpuPct = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
  const serverCpuPct = memory.map((m, i) => (((cpuTicks(m.pid) - serverTicksStart[i]!) * 1000) / CLOCK_TICKS_PER_S / wallMs) * 100);
  loopDelay.disable();
  gcObserver.disconnect();
  const clientStall = {
    delayP99Ms: loopDelay.percentile(99) / 1e6,
    delayMaxMs: loopDelay.max / 1e6,
    gcMaxMs: Math.max(0, ...gcPausesMs),
    gcTotalMs: gcPausesMs.reduce((a, b) => a + b, 0),
  };
  for (const { socket } of clients) socket.removeAllListeners('new_message').removeAllListeners('error_message');
  return { label, sent: sentAt.size, acked, ackMs, latencyMs, expected, errors, clientCpuPct, clientStall, serverCpuPct, memory };
}

function disconnectAll(clients: Client[]) {
  for (const { socket } of clients) socket.disconnect();
}

// ---------------------------------------------------------------- server memory

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times (100 on every mainstream kernel). */
const CLOCK_TICKS_PER_S = 100;

/** CPU time a process has used, user + system, in clock ticks (Linux: /proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Resident memory of a process, in kB (Linux: /proc/<pid>/status). */
function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) : NaN;
}

/** Connects and joins every planned socket, with each server's RSS before and after (settled). */
async function connectWithMemory(servers: { label: string; server: RunningServer }[], plans: SocketPlan[], rooms: Room[], bare: boolean, onCleanup: (cleanup: () => Promise<void>) => void) {
  await pause(MEMORY_SETTLE_MS);
  const before = servers.map(({ server }) => rssKb(server.pid));
  const clients: Client[] = [];
  onCleanup(async () => disconnectAll(clients));
  await connectAll(plans, rooms, bare, clients);
  await pause(MEMORY_SETTLE_MS);
  const memory = servers.map(({ label, server }, i) => ({
    label,
    pid: server.pid,
    sockets: plans.filter((p) => p.url === server.url).length,
    beforeKb: before[i]!,
    afterKb: rssKb(server.pid),
  }));
  return { clients, memory };
}

// ---------------------------------------------------------------- reporting

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const perSocketKb = (m: NodeMemory) => (m.afterKb - m.beforeKb) / m.sockets;

function printResult(r: Result) {
  const lost = Math.max(0, r.expected - r.latencyMs.length);
  console.log(`  messages sent ${r.sent}, acknowledged ${r.acked}, errors ${r.errors}`);
  console.log(`  deliveries ${r.latencyMs.length} of ${r.expected} expected${lost ? ` (${lost} missing)` : ''} (${(r.expected / SECONDS).toFixed(0)}/s)`);
  console.log(`  delivery latency: p50 ${ms(pct(r.latencyMs, 50))} · p99 ${ms(pct(r.latencyMs, 99))} · max ${ms(pct(r.latencyMs, 100))}`);
  console.log(`  sender ack:       p50 ${ms(pct(r.ackMs, 50))} · p99 ${ms(pct(r.ackMs, 99))}`);
  const stall = r.clientStall;
  console.log(`  client process CPU ${r.clientCpuPct.toFixed(0)}% of one core; its event-loop delay p99 ${ms(stall.delayP99Ms)} · max ${ms(stall.delayMaxMs)}; GC pauses max ${ms(stall.gcMaxMs)}, ${ms(stall.gcTotalMs)} in all`);
  console.log(`  machine load average ${os.loadavg()[0]!.toFixed(1)} (1 min, ${os.cpus().length} cores; other work on the machine shows here)`);
  console.log(`  server CPU ${r.memory.map((m, i) => `${m.label} ${r.serverCpuPct[i]!.toFixed(0)}%`).join(', ')} of one core`);
  for (const m of r.memory) {
    console.log(`  server memory, ${m.label}: RSS ${mb(m.beforeKb)} → ${mb(m.afterKb)} with ${m.sockets} sockets: ${perSocketKb(m).toFixed(1)} kB per connected socket`);
  }
}

/** An error's first lines, with the network cause fetch hides behind "fetch failed". */
function failure(error: unknown): string {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  return `${message.split('\n').slice(0, 4).join(' | ')}${cause ? ` (${[cause.code, cause.message].filter(Boolean).join(': ')})` : ''}`;
}

async function scenario(label: string, run: () => Promise<Result | null>): Promise<Result | null> {
  console.log(`\n${label}`);
  try {
    const result = await run();
    if (result) printResult(result);
    return result;
  } catch (error) {
    console.log(`  failed: ${failure(error)}`);
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

/** This process holds every client socket: the soft open-files limit must allow them. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

// ---------------------------------------------------------------- the run

const serverEnv = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
const started = performance.now();
const maxRooms = Math.max(...ROOM_COUNTS);
const fdLimit = openFilesLimit();
if (fdLimit < SOCKETS + 200) {
  console.log(`The open-files limit is ${fdLimit}, too low for ${SOCKETS} sockets in this process: raise it (ulimit -n ${SOCKETS + 1000}) and run again.`);
  process.exit(1);
}
console.log(`chat delivery: ${SOCKETS} sockets in ${ROOM_COUNTS.join(' and in ')} rooms; ${MESSAGES_PER_S} msg/s in all for ${SECONDS} s; open-files limit ${fdLimit}`);

type Layout = { rooms: number; bare: Result | null; oneNode: Result | null; twoNodes: Result | null };
const layouts: Layout[] = ROOM_COUNTS.map((rooms) => ({ rooms, bare: null, oneNode: null, twoNodes: null }));
const layoutLabel = (rooms: number) => `${SOCKETS} sockets × ${rooms} rooms (${Math.floor(SOCKETS / rooms)} a room)`;

for (const layout of SCENARIOS.has('bare') ? layouts : []) {
  layout.bare = await scenario(`bare socket.io server (same channels and fan-out, no auth/db/validation), one process · ${layoutLabel(layout.rooms)}`, () =>
    withCleanup(async (onCleanup) => {
      const server = await startScript('bench/lib/bare-echo-server.ts', { env: inheritedEnv(), label: 'bare echo server' });
      onCleanup(server.stop);
      const rooms = bareRooms(layout.rooms);
      const { clients, memory } = await connectWithMemory([{ label: 'bare', server }], planSockets(rooms, [server.url]), rooms, true, onCleanup);
      await measure('warm-up', clients, rooms, true, memory, WARM_UP_SECONDS);
      return measure('bare', clients, rooms, true, memory);
    }),
  );
}

// One node: the learners are set up once, then every layout gets a freshly started server on that data.
if (SCENARIOS.has('one')) await withCleanup(async (onCleanup) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-chat-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  let allRooms: Room[] = [];
  console.log(`\nParley, one node (PGlite): setup`);
  try {
    const setup = await startServer({ env: serverEnv, dataDir, label: 'Parley' });
    try {
      allRooms = await setUpRooms(setup.url, maxRooms);
    } finally {
      await setup.stop();
    }
  } catch (error) {
    console.log(`  failed: ${failure(error)}`);
    return;
  }
  for (const layout of layouts) {
    layout.oneNode = await scenario(`Parley, one node (PGlite) · ${layoutLabel(layout.rooms)}`, () =>
      withCleanup(async (cleanup) => {
        const server = await startServer({ env: serverEnv, dataDir, label: 'Parley' });
        cleanup(server.stop);
        const rooms = allRooms.slice(0, layout.rooms);
        const { clients, memory } = await connectWithMemory([{ label: 'node', server }], planSockets(rooms, [server.url]), rooms, false, cleanup);
        await measure('warm-up', clients, rooms, false, memory, WARM_UP_SECONDS);
        return measure('one node', clients, rooms, false, memory);
      }),
    );
  }
});

// Two nodes: the same, on a fresh PostgreSQL database shared through Redis.
if (SCENARIOS.has('two')) await (async () => {
  console.log(`\nParley, two nodes through Redis (${REDIS_URL}) on PostgreSQL: setup`);
  if (!(await reachable(REDIS_URL))) return console.log(`  skipped: Redis is not reachable at ${REDIS_URL}`);
  if (!(await reachable(PG_ADMIN_URL))) return console.log(`  skipped: PostgreSQL is not reachable at ${PG_ADMIN_URL} (set BENCH_PG_URL)`);
  await withCleanup(async (onCleanup) => {
    let allRooms: Room[] = [];
    let shared: Record<string, string> = {};
    try {
      const db = await createFreshDatabase(PG_ADMIN_URL, 'parley_bench_chat');
      onCleanup(db.drop);
      shared = { ...serverEnv, DATABASE_URL: db.url, REDIS_URL, REDIS_KEY_PREFIX: `bench-${randomBytes(3).toString('hex')}`, TOKEN_SECRET: randomBytes(32).toString('base64url') };
      // The setup node migrates and seeds the database; the measured nodes start on it.
      const setup = await startServer({ env: shared, label: 'Parley setup node' });
      console.log(`  database ${db.name}`);
      try {
        allRooms = await setUpRooms(setup.url, maxRooms);
      } finally {
        await setup.stop();
      }
    } catch (error) {
      console.log(`  failed: ${failure(error)}`);
      return;
    }
    for (const layout of layouts) {
      layout.twoNodes = await scenario(`Parley, two nodes through Redis on PostgreSQL · ${layoutLabel(layout.rooms)}`, () =>
        withCleanup(async (cleanup) => {
          const a = await startServer({ env: { ...shared, SEED_DEMO: 'false' }, label: 'Parley node A' });
          cleanup(a.stop);
          const b = await startServer({ env: { ...shared, SEED_DEMO: 'false' }, label: 'Parley node B' });
          cleanup(b.stop);
          const rooms = allRooms.slice(0, layout.rooms);
          const nodes = [
            { label: 'node A', server: a },
            { label: 'node B', server: b },
          ];
          const { clients, memory } = await connectWithMemory(nodes, planSockets(rooms, [a.url, b.url]), rooms, false, cleanup);
          await measure('warm-up', clients, rooms, false, memory, WARM_UP_SECONDS);
          return measure('two nodes', clients, rooms, false, memory);
        }),
      );
    }
  });
})();

console.log('\nSummary (delivery latency p99; targets: < 50 ms and < 3× bare in the same layout; server memory per connected socket)');
for (const layout of layouts) {
  console.log(`  ${layoutLabel(layout.rooms)}`);
  const bareP99 = layout.bare ? pct(layout.bare.latencyMs, 99) : NaN;
  for (const r of [layout.bare, layout.oneNode, layout.twoNodes]) {
    if (!r) continue;
    const p99 = pct(r.latencyMs, 99);
    const vsBare = p99 / bareP99;
    const verdict = r === layout.bare ? '' : ` · ${p99 < TARGET_P99_MS ? 'under' : 'OVER'} 50 ms · ${vsBare.toFixed(2)}× bare → ${p99 < TARGET_P99_MS && vsBare < TARGET_VS_BARE ? 'met' : 'NOT met'}`;
    const memory = r.memory.map((m) => `${perSocketKb(m).toFixed(1)} kB/socket${r.memory.length > 1 ? ` (${m.label})` : ''}`).join(', ');
    console.log(`    ${r.label.padEnd(10)} p50 ${ms(pct(r.latencyMs, 50)).padStart(9)} · p99 ${ms(p99).padStart(9)}${verdict} · ${memory}`);
  }
}
console.log(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
