// `npm run bench:booking`: booking throughput on distinct slots against the cheapest route, in
// one run, and the integrity of what was booked.
//
// Setup, through the real API: the 12 demo tutors open their whole week (PUT
// /api/teacher/availability, every day 00:00–24:00 in their own zone), BENCH_BOOKING_LEARNERS
// learners sign up and buy the cheapest English plan through the sandbox checkout (capture →
// settle → verify, what a paying learner does), and the tutors' schedules for the next 14 days
// give the free 15-minute slots. Each booking is a different learner on a different slot (slots
// dealt round-robin over the tutors). The server is then restarted on the same database, so the
// bench can read every learner's session counts before booking (PGlite admits one process).
//
// Load. autocannon (10 connections) against GET /api/health for BENCH_DURATION_S, then POST
// /api/sessions, each request the next learner's cookie and slot, until every learner has booked
// once (a few learners book first as a warm-up). Prints req/s and latency for both and the ratio
// (target ≥ 30 %).
//
// Integrity, from the database after the server stops: no tutor holds two overlapping booked
// sessions; every 2xx booking is stored exactly once (and nothing is stored that was not
// answered 2xx); every learner's subscription lost exactly the sessions stored against it.
// PGlite in a temp dir; then PostgreSQL too when DATABASE_URL (or BENCH_PG_URL) is set, on a
// fresh database created for the run and dropped after. Traffic goes only to 127.0.0.1. Prints
// figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { liveSessions, subscriptions } from '../apps/server/src/db/schema';
import { ApiClient, DEMO_PASSWORD, isoDateIn, logIn, TUTOR_EMAILS, type SignedIn } from './lib/api-client';
import { onEachDatabase, startServer, withCleanup } from './lib/server';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const LEARNERS = Number(process.env.BENCH_BOOKING_LEARNERS ?? 600);
const WARMUP_BOOKINGS = Math.min(100, Math.floor(LEARNERS / 10));
const SETUP_CONCURRENCY = 8;
const SCHEDULE_DAYS = 14;
const TARGET_RATIO = 0.3;
const VIEWER_TIME_ZONE = 'Asia/Kolkata';
const SUBJECT = 'English';
const PG_URL = process.env.DATABASE_URL ?? process.env.BENCH_PG_URL;

type Learner = { id: string; email: string; cookie: string };
type Slot = { tutorId: string; date: string; start: string; end: string; startAt: string };
type Booking = { learner: Learner; slot: Slot; status?: number; sessionId?: string };
type Figures = { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number; total: number };

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  }
  return results;
}

// ---------------------------------------------------------------- setup through the real API

/** Every tutor opens the whole week; answers the tutors' ids. */
async function openTutorsWeeks(apiUrl: string): Promise<string[]> {
  const wholeWeek = { ranges: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })), daysOff: [] };
  return inBatches(TUTOR_EMAILS, SETUP_CONCURRENCY, async (email) => {
    const { client, answer } = await logIn(apiUrl, email, 'teacher', DEMO_PASSWORD);
    await client.call('PUT', '/api/teacher/availability', wholeWeek);
    return answer.user._id;
  });
}

/** Signs up LEARNERS learners, each buying the cheapest English plan through the sandbox checkout. */
async function signUpSubscribers(apiUrl: string, run: string): Promise<Learner[]> {
  type Plan = { _id: string; price: { amountMinor: number; currency: string } };
  const catalogue = await new ApiClient(apiUrl).get<{ items: Plan[] }>(`/api/plans?subject=${SUBJECT}`).catch(() => undefined);
  let plan = catalogue && [...catalogue.items].sort((a, b) => a.price.amountMinor - b.price.amountMinor)[0];
  return inBatches(
    Array.from({ length: LEARNERS }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      const client = new ApiClient(apiUrl);
      const email = `booker-${run}-${i}@parley.test`;
      const { user } = await client.post<SignedIn>('/api/auth/signup', { name: `Bench Booker ${i}`, email, password: DEMO_PASSWORD, country: 'IN', timezone: VIEWER_TIME_ZONE });
      if (!plan) {
        const { items } = await client.get<{ items: Plan[] }>(`/api/plans?subject=${SUBJECT}`);
        plan = [...items].sort((a, b) => a.price.amountMinor - b.price.amountMinor)[0];
        if (!plan) throw new Error(`no ${SUBJECT} plan to buy`);
      }
      const order = await client.post<{ data: { id: string } }>('/api/sandbox/capture', {
        amount: plan.price.amountMinor,
        payment_capture: 1,
        currency: plan.price.currency,
        notes: { type: 'Plan', paymentDetails: { planId: plan._id } },
      });
      const paid = await client.post<{ ok: boolean; razorpay_payment_id: string; razorpay_signature: string }>('/api/payments/sandbox/settle', { orderId: order.data.id, outcome: 'success' });
      if (!paid.ok) throw new Error(`sandbox refused to settle ${order.data.id}`);
      await client.post('/api/payments/verify', { orderId: order.data.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
      return { id: user._id, email, cookie: client.cookieHeader };
    },
  );
}

/** The free slots of every tutor over the schedule window, dealt round-robin over the tutors. */
async function freeSlots(viewer: ApiClient, tutorIds: string[]): Promise<Slot[]> {
  const dates = Array.from({ length: SCHEDULE_DAYS }, (_, d) => isoDateIn(VIEWER_TIME_ZONE, d));
  const perTutor = await inBatches(tutorIds, 2, async (tutorId) => {
    const days = await inBatches(dates, SETUP_CONCURRENCY, async (date) => {
      const { slots } = await viewer.get<{ slots: Omit<Slot, 'tutorId' | 'date'>[] }>(
        `/api/teachers/${tutorId}/schedule?date=${date}&timezone=${encodeURIComponent(VIEWER_TIME_ZONE)}&subject=${SUBJECT}`,
      );
      return slots.map((s) => ({ tutorId, date, start: s.start, end: s.end, startAt: s.startAt }));
    });
    return days.flat();
  });
  const dealt: Slot[] = [];
  for (let i = 0; dealt.length < perTutor.reduce((n, s) => n + s.length, 0); i++) {
    for (const slots of perTutor) if (slots[i]) dealt.push(slots[i]!);
  }
  return dealt;
}

// ---------------------------------------------------------------- load

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(10)} ${f.reqPerSec.toFixed(0).padStart(7)} req/s · p50 ${f.p50Ms} ms · p99 ${f.p99Ms} ms · ${f.total} requests${f.errors || f.non2xx ? ` · errors ${f.errors}, non-2xx ${f.non2xx}` : ''}`;

function figuresOf(result: autocannon.Result, reqPerSec = result.requests.average): Figures {
  return { reqPerSec, p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total };
}

async function loadHealth(url: string, durationS: number): Promise<Figures> {
  return figuresOf(await autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: durationS }));
}

/** POSTs one booking per entry, each connection taking the next; records every answer on its entry. */
async function book(url: string, bookings: Booking[]): Promise<Figures> {
  let next = 0;
  type Context = { booking?: Booking };
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: Math.min(CONNECTIONS, bookings.length),
    amount: bookings.length,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/sessions',
        setupRequest: (request, context: Context) => {
          const booking = bookings[next++ % bookings.length]!;
          context.booking = booking;
          const { learner, slot } = booking;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-parley-client': 'bench', cookie: learner.cookie },
            body: JSON.stringify({
              startTime: slot.start,
              endTime: slot.end,
              date: slot.date,
              duration: 15,
              subject: SUBJECT,
              type: 'Regular',
              learnerId: learner.id,
              teacherId: slot.tutorId,
              token: null,
              timezone: VIEWER_TIME_ZONE,
              startAt: slot.startAt,
            }),
          };
        },
        onResponse: (status, body, context: Context) => {
          const booking = context.booking;
          if (!booking) return;
          booking.status = status;
          if (status >= 200 && status < 300) booking.sessionId = (JSON.parse(body) as { _id: string })._id;
        },
      },
    ],
  });
  const elapsedS = (performance.now() - started) / 1000;
  return figuresOf(result, result.requests.total / elapsedS);
}

// ---------------------------------------------------------------- integrity

type Counts = Map<string, { subscriptionId: string; total: number }>;

async function openDb(target: { databaseUrl?: string; pgliteDir: string }) {
  return openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { pgliteDir: target.pgliteDir });
}

/** Each learner's subscription and its sessions left (totalSessions: the current count and the backlog). */
async function sessionCounts(target: { databaseUrl?: string; pgliteDir: string }, learnerIds: string[]): Promise<Counts> {
  const database = await openDb(target);
  try {
    return await sessionCountsFrom(database.db, learnerIds);
  } finally {
    await database.close();
  }
}

async function checkIntegrity(target: { databaseUrl?: string; pgliteDir: string }, bookings: Booking[], before: Counts): Promise<void> {
  const database = await openDb(target);
  const learnerIds = bookings.map((b) => b.learner.id);
  try {
    // node-postgres and PGlite both answer { rows }.
    const overlaps = (await database.db.execute(sql`
      select count(*)::int as n from live_sessions a join live_sessions b
        on a.teacher_id = b.teacher_id and a.id < b.id and a.status = 'booked' and b.status = 'booked'
       and tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)`)) as unknown as { rows: { n: number }[] };
    const stored = await database.db
      .select({ id: liveSessions.id, learnerId: liveSessions.learnerId, subscriptionId: liveSessions.subscriptionId, startAt: liveSessions.startAt, teacherId: liveSessions.teacherId })
      .from(liveSessions)
      .where(inArray(liveSessions.learnerId, learnerIds));
    const afterCounts = await sessionCountsFrom(database.db, learnerIds);

    const answered2xx = bookings.filter((b) => b.sessionId);
    const storedById = new Map<string, number>();
    for (const row of stored) storedById.set(row.id, (storedById.get(row.id) ?? 0) + 1);
    const okIds = new Set(answered2xx.map((b) => b.sessionId!));
    const missing = answered2xx.filter((b) => storedById.get(b.sessionId!) !== 1).length;
    const unanswered = stored.filter((row) => !okIds.has(row.id)).length;
    const wrongSlot = answered2xx.filter((b) => {
      const row = stored.find((r) => r.id === b.sessionId);
      return row && (row.teacherId !== b.slot.tutorId || row.startAt.toISOString() !== new Date(b.slot.startAt).toISOString() || row.learnerId !== b.learner.id);
    }).length;
    const storedPerSubscription = new Map<string, number>();
    for (const row of stored) if (row.subscriptionId) storedPerSubscription.set(row.subscriptionId, (storedPerSubscription.get(row.subscriptionId) ?? 0) + 1);
    const ledgerOff = learnerIds.filter((id) => {
      const was = before.get(id);
      const now = afterCounts.get(id);
      return !was || !now || was.total - now.total !== (storedPerSubscription.get(was.subscriptionId) ?? 0);
    }).length;

    const byStatus = new Map<number | string, number>();
    for (const b of bookings) byStatus.set(b.status ?? 'no answer', (byStatus.get(b.status ?? 'no answer') ?? 0) + 1);
    const statuses = [...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ');
    const overlapCount = overlaps.rows[0]?.n ?? 0;
    const lost = overlapCount + missing + unanswered + wrongSlot + ledgerOff;
    console.log(`  answers: ${statuses}`);
    console.log(
      `  integrity: ${overlapCount} overlapping booked pairs for one tutor; ${answered2xx.length} 2xx bookings, ${missing} not stored exactly once, ${wrongSlot} stored on another slot; ` +
        `${unanswered} stored without a 2xx; ${ledgerOff} of ${learnerIds.length} learners whose session count is off → ${lost === 0 ? 'no integrity loss' : 'INTEGRITY LOST'}`,
    );
  } finally {
    await database.close();
  }
}

async function sessionCountsFrom(db: Db, learnerIds: string[]): Promise<Counts> {
  const rows = await db
    .select({
      learnerId: subscriptions.learnerId,
      id: subscriptions.id,
      total: sql<number>`(case when ${subscriptions.subscriptionType} = 'quick_learner_mode' then ${subscriptions.availableSession} else ${subscriptions.availableWeeklySession} end + ${subscriptions.backlogSession})::int`,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.learnerId, learnerIds));
  return new Map(rows.map((r) => [r.learnerId, { subscriptionId: r.id, total: r.total }]));
}

// ---------------------------------------------------------------- one database

async function benchOne(mode: string, env: Record<string, string>) {
  await withCleanup(async (onCleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const serverEnv = { ...env, LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
    const target = { databaseUrl: env.DATABASE_URL, pgliteDir: path.join(dataDir, 'pglite') };
    console.log(`\n${mode}`);

    const t0 = performance.now();
    const first = await startServer({ env: serverEnv, dataDir, label: `${mode} (setup)` });
    let learners: Learner[];
    let slots: Slot[];
    try {
      const tutorIds = await openTutorsWeeks(first.url);
      learners = await signUpSubscribers(first.url, Date.now().toString(36));
      const viewer = new ApiClient(first.url);
      await viewer.post('/api/auth/login', { email: 'learner@parley.test', password: DEMO_PASSWORD, role: 'learner' });
      slots = await freeSlots(viewer, tutorIds);
    } finally {
      await first.stop();
    }
    if (slots.length < learners.length) throw new Error(`only ${slots.length} free slots for ${learners.length} learners`);
    const before = await sessionCounts(target, learners.map((l) => l.id));
    console.log(`  setup: ${TUTOR_EMAILS.length} tutors open all week, ${learners.length} learners signed up and subscribed, ${slots.length} free slots (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const server = await startServer({ env: serverEnv, dataDir, label: mode });
    onCleanup(server.stop);
    const health = await new ApiClient(server.url).get<{ db: string }>('/api/health');
    console.log(`  server reports db: ${health.db}; pid ${server.pid}`);
    const bookings: Booking[] = learners.map((learner, i) => ({ learner, slot: slots[i]! }));

    await loadHealth(server.url, 2);
    await book(server.url, bookings.slice(0, WARMUP_BOOKINGS));
    const healthFigures = await loadHealth(server.url, DURATION_S);
    const bookingFigures = await book(server.url, bookings.slice(WARMUP_BOOKINGS));
    const ratio = bookingFigures.reqPerSec / healthFigures.reqPerSec;
    console.log(`  autocannon ${CONNECTIONS} connections: health for ${DURATION_S} s; then ${bookings.length - WARMUP_BOOKINGS} bookings (after ${WARMUP_BOOKINGS} to warm up), each a different learner and slot`);
    console.log(line('health', healthFigures));
    console.log(line('booking', bookingFigures));
    console.log(`  ratio booking/health ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%) → ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`);

    await server.stop();
    await checkIntegrity(target, bookings, before);
  });
}

await onEachDatabase(benchOne, { adminUrl: PG_URL, prefix: 'parley_bench_booking', variable: 'DATABASE_URL or BENCH_PG_URL' });
