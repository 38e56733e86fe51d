// `npm run bench:reminders` (builds the server first): 10,000 session reminders falling due within
// one minute, run by the job queue of two Parley nodes on PostgreSQL.
//
// Design. A fresh PostgreSQL database is created on DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) and dropped after. Two compiled servers are started on
// it (the first migrates it); the queue needs no Redis, so none is used. Then, straight into the
// database: 5,000 tutors and 5,000 learners (BENCH_REMINDERS / 2 pairs), and for each pair two
// 30-minute sessions, one whose 15-minute reminder and one whose 24-hour reminder falls due in
// the next minute (a tutor's or learner's sessions cannot overlap, so both reminders of a minute
// come from sessions a day apart). The 10,000 due times are spread evenly over one minute that
// starts LEAD_MS from the seeding; this process sends one `session-reminder` job for each with
// its due time as `startAfter`, through the server's own queue code, as a booking does.
//
// Measured. Each reminder job writes one e-mail per recipient (learner and tutor) to the outbox
// in the transaction that claims the reminder, then hands it to the mail job (here the
// outbox-only transport: kept, not sent over SMTP). Once every message is written and handed over
// (or a deadline passes), the outbox is counted per (session, reminder, recipient): each must be
// there exactly once, whichever node ran the job. Lag is the outbox row's creation time minus the
// reminder's due time: p50, p99 and max against the 60 s target. Also printed: the queue's own
// lag (job started − due), jobs tried more than once, when the last message reached the
// transport, and each node's CPU time. Prints figures; asserts nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { REMINDER_OFFSETS_MIN } from '@parley/domain/live-sessions';
import { openDatabase } from '../apps/server/src/db/client';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createFreshDatabase, startServer, withCleanup, type RunningServer } from './lib/server';

// As features/session-jobs names and shapes them (not imported: the service brings in every
// feature's module, and their Fastify plugin types, with it).
const SESSION_REMINDER_JOB = 'session-reminder';
type SessionReminderJob = { sessionId: string; offsetMin: number };

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const PAIRS = Math.ceil(REMINDERS / 2);
const WINDOW_MS = 60_000;
/** From seeding to the first due time: room to store every job first. */
const LEAD_MS = 30_000;
const TARGET_LAG_MS = 60_000;
/** How long after the last due time to wait for the last message before counting anyway. */
const GIVE_UP_AFTER_MS = 180_000;
/** Watched a little longer once everything is there: a late second run would show up. */
const SETTLE_MS = 5_000;
const SESSION_MIN = 30;
const SEND_PARALLEL = 50;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MS_PER_MINUTE = 60_000;
const [DAY_OFFSET_MIN, LAST_OFFSET_MIN] = [Math.max(...REMINDER_OFFSETS_MIN), Math.min(...REMINDER_OFFSETS_MIN)];
/** Bench accounts' addresses, told apart from the demo seed's. */
const EMAIL_PREFIX = 'bench-reminder-';

type Planned = { sessionId: string; offsetMin: number; dueAt: Date };

/** Nearest-rank percentile of already sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** User + system CPU time of a process so far (Linux /proc), or undefined elsewhere. */
function cpuMs(pid: number): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Tutors, learners and two sessions per pair, written in bulk; returns the reminders to send. */
async function seed(client: pg.Client, firstDueMs: number): Promise<Planned[]> {
  const tutorIds = Array.from({ length: PAIRS }, () => randomUUID());
  const learnerIds = Array.from({ length: PAIRS }, () => randomUUID());
  const insertUsers = (role: string, ids: string[]) =>
    client.query(
      `insert into users (id, role, email, name, timezone)
       select id, $2::role, '${EMAIL_PREFIX}' || $3 || '-' || n || '@parley.test', 'Bench ' || $3 || ' ' || n, 'Asia/Kolkata'
       from unnest($1::uuid[]) with ordinality as u(id, n)`,
      [ids, role, role],
    );
  await insertUsers('teacher', tutorIds);
  await insertUsers('learner', learnerIds);

  const planned: Planned[] = [];
  const sessions = { id: [] as string[], teacher: [] as string[], learner: [] as string[], start: [] as string[], end: [] as string[] };
  for (let k = 0; k < REMINDERS; k += 1) {
    const pair = Math.floor(k / 2);
    // Even k: the 15-minute reminder of a session a quarter of an hour away; odd k: the 24-hour one of a session tomorrow.
    const offsetMin = k % 2 === 0 ? LAST_OFFSET_MIN : DAY_OFFSET_MIN;
    const dueAt = new Date(firstDueMs + Math.floor((k * WINDOW_MS) / REMINDERS));
    const startAt = new Date(dueAt.getTime() + offsetMin * MS_PER_MINUTE);
    const sessionId = randomUUID();
    planned.push({ sessionId, offsetMin, dueAt });
    sessions.id.push(sessionId);
    sessions.teacher.push(tutorIds[pair]!);
    sessions.learner.push(learnerIds[pair]!);
    sessions.start.push(startAt.toISOString());
    sessions.end.push(new Date(startAt.getTime() + SESSION_MIN * MS_PER_MINUTE).toISOString());
  }
  await client.query(
    `insert into live_sessions (id, teacher_id, learner_id, subject, type, start_at, end_at)
     select id, teacher_id, learner_id, 'English', 'Regular', start_at, end_at
     from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[]) as s(id, teacher_id, learner_id, start_at, end_at)`,
    [sessions.id, sessions.teacher, sessions.learner, sessions.start, sessions.end],
  );
  return planned;
}

/** One job per reminder, held by the queue until its due time, sent as a booking sends them. */
async function sendJobs(databaseUrl: string, planned: Planned[]): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  const queue = createJobQueue({ database });
  try {
    for (let i = 0; i < planned.length; i += SEND_PARALLEL) {
      await Promise.all(
        planned.slice(i, i + SEND_PARALLEL).map(({ sessionId, offsetMin, dueAt }) =>
          queue.send<SessionReminderJob>(SESSION_REMINDER_JOB, { sessionId, offsetMin }, { startAfter: dueAt }),
        ),
      );
    }
  } finally {
    await queue.stop();
    await database.close();
  }
}

type Progress = { written: number; delivered: number };

async function progress(client: pg.Client): Promise<Progress> {
  const { rows } = await client.query<{ written: number; delivered: number }>(
    `select count(*)::int as written, count(*) filter (where status in ('kept', 'sent'))::int as delivered
     from mail_outbox where topic like 'session-reminder:%' and to_address like '${EMAIL_PREFIX}%'`,
  );
  return rows[0]!;
}

/** Polls the outbox once a second until every message is written and handed over, or the deadline. */
async function watch(client: pg.Client, expected: number, lastDueMs: number) {
  const seen = { allWrittenAt: undefined as number | undefined, allDeliveredAt: undefined as number | undefined };
  let last: Progress = { written: 0, delivered: 0 };
  let lastPrint = 0;
  while (Date.now() < lastDueMs + GIVE_UP_AFTER_MS) {
    last = await progress(client);
    if (last.written >= expected) seen.allWrittenAt ??= Date.now();
    if (last.delivered >= expected) seen.allDeliveredAt ??= Date.now();
    if (Date.now() - lastPrint >= 10_000) {
      lastPrint = Date.now();
      const toLast = Date.now() - lastDueMs;
      console.log(`  ${toLast < 0 ? `${seconds(-toLast)} before` : `${seconds(toLast)} after`} the last due time: ${last.written} written, ${last.delivered} handed to the transport`);
    }
    if (seen.allWrittenAt && seen.allDeliveredAt) break;
    await sleep(1_000);
  }
  return { ...seen, last };
}

async function report(client: pg.Client, planned: Planned[], expected: number) {
  const sessionIds = planned.map((p) => p.sessionId);
  const { rows: groups } = await client.query<{ n: number; lag_ms: number }>(
    `with m as (
       select split_part(topic, ':', 2)::uuid as session_id, split_part(topic, ':', 3)::int as offset_min, to_address, created_at
       from mail_outbox where topic like 'session-reminder:%' and to_address like '${EMAIL_PREFIX}%'
     )
     select count(*)::int as n,
            extract(epoch from min(m.created_at) - (s.start_at - m.offset_min * interval '1 minute')) * 1000 as lag_ms
     from m join live_sessions s on s.id = m.session_id
     group by m.session_id, m.offset_min, m.to_address, s.start_at`,
  );
  const present = groups.length;
  const duplicates = groups.reduce((sum, g) => sum + g.n - 1, 0);
  const lags = groups.map((g) => Number(g.lag_ms)).sort((a, b) => a - b);
  const onTime = lags.filter((lag) => lag <= TARGET_LAG_MS).length;
  const { rows: jobs } = await client.query<{ state: string; n: number; retried: number }>(
    `select state::text, count(*)::int as n, count(*) filter (where retry_count > 0)::int as retried
     from pgboss.job where name = $1 and (data ->> 'sessionId')::uuid = any($2::uuid[]) group by state order by state`,
    [SESSION_REMINDER_JOB, sessionIds],
  );
  const { rows: startLags } = await client.query<{ lag_ms: number }>(
    `select extract(epoch from started_on - start_after) * 1000 as lag_ms
     from pgboss.job where name = $1 and state = 'completed' and (data ->> 'sessionId')::uuid = any($2::uuid[])`,
    [SESSION_REMINDER_JOB, sessionIds],
  );
  const queueLags = startLags.map((r) => Number(r.lag_ms)).sort((a, b) => a - b);
  const {
    rows: [claims],
  } = await client.query<{ n: number }>(`select count(*)::int as n from session_reminders where session_id = any($1::uuid[])`, [sessionIds]);

  console.log(`\nOutbox, per (session, reminder, recipient): ${expected} expected`);
  console.log(`  present ${present} · missing ${expected - present} · duplicates ${duplicates} · reminder claims ${claims!.n}`);
  console.log(`  jobs: ${jobs.map((j) => `${j.state} ${j.n}${j.retried ? ` (${j.retried} tried again)` : ''}`).join(' · ') || 'none found'}`);
  if (lags.length) {
    console.log(`Lag, outbox row written − due time (${lags.length} messages):`);
    console.log(`  p50 ${seconds(percentile(lags, 50))} · p99 ${seconds(percentile(lags, 99))} · max ${seconds(lags.at(-1)!)}`);
    const met = onTime === expected && duplicates === 0;
    console.log(`  within 60 s: ${onTime} of ${expected} → ${met ? 'met' : 'NOT met'} (target: every reminder within ${seconds(TARGET_LAG_MS)} of its due time, exactly once)`);
  }
  if (queueLags.length) {
    console.log(`Queue lag, job started − due time (${queueLags.length} jobs): p50 ${seconds(percentile(queueLags, 50))} · p99 ${seconds(percentile(queueLags, 99))} · max ${seconds(queueLags.at(-1)!)}`);
  }
}

await withCleanup(async (onCleanup) => {
  console.log(`Reminders: ${REMINDERS} due within one minute, two nodes on PostgreSQL (${new URL(ADMIN_URL).host})`);
  const database = await createFreshDatabase(ADMIN_URL, 'parley_bench_reminders');
  onCleanup(() => database.drop());
  const env = { DATABASE_URL: database.url, TOKEN_SECRET: randomBytes(32).toString('hex') };
  const nodes: RunningServer[] = [];
  for (const label of ['node 1', 'node 2']) {
    const node = await startServer({ env, label });
    onCleanup(() => node.stop());
    nodes.push(node);
  }
  console.log(`  two nodes up (${nodes.map((n) => `${Math.round(n.readyMs)} ms`).join(', ')})`);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  onCleanup(() => client.end());

  const seedStarted = performance.now();
  const firstDueMs = Date.now() + LEAD_MS;
  const planned = await seed(client, firstDueMs);
  const seededMs = performance.now() - seedStarted;
  await sendJobs(database.url, planned);
  const storedMs = performance.now() - seedStarted - seededMs;
  const lastDueMs = planned.at(-1)!.dueAt.getTime();
  const ahead = firstDueMs - Date.now();
  console.log(`  seeded ${PAIRS} tutors, ${PAIRS} learners, ${REMINDERS} sessions in ${seconds(seededMs)}; ${REMINDERS} jobs stored in ${seconds(storedMs)}`);
  console.log(`  ${ahead >= 0 ? `${seconds(ahead)} before` : `${seconds(-ahead)} AFTER`} the first due time`);
  const cpuBefore = nodes.map((n) => cpuMs(n.pid));

  const expected = REMINDERS * 2; // the learner and the tutor
  const seen = await watch(client, expected, lastDueMs);
  if (seen.allWrittenAt && seen.allDeliveredAt) await sleep(SETTLE_MS);
  const cpuAfter = nodes.map((n) => cpuMs(n.pid));

  await report(client, planned, expected);
  const after = (at: number | undefined, done: number) =>
    at === undefined ? `${done} of ${expected} by ${seconds(GIVE_UP_AFTER_MS)} after the last due time` : `${seconds(at - lastDueMs)} after the last due time`;
  console.log(`Last message written: ${after(seen.allWrittenAt, seen.last.written)}`);
  console.log(`Last message handed to the transport by the mail job: ${after(seen.allDeliveredAt, seen.last.delivered)}`);
  const cpu = nodes.map((node, i) => {
    const [before, after] = [cpuBefore[i], cpuAfter[i]];
    return before === undefined || after === undefined ? undefined : `node ${i + 1} ${seconds(after - before)}`;
  });
  if (cpu.every(Boolean)) console.log(`CPU time of each node from the jobs' storing to the count: ${cpu.join(' · ')}`);
});
