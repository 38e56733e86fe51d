// `npm run bench:explain`: the query plans behind booking and the tutor schedule, on PostgreSQL.
//
// Creates a fresh database on DATABASE_URL (or BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), lets the compiled server migrate and seed it, then
// grows live_sessions to a busy platform's size (BENCH_EXPLAIN_SESSIONS, default 200,000: two
// years of past sessions, booked and cancelled, over the demo tutors and learners). It then runs
// the server's own repository functions of a schedule read and of a booking (the booking in a
// transaction rolled back), records the SQL each sends through a Drizzle logger, times every
// statement inside the database (median execution time of 20 EXPLAIN ANALYZE runs, writes rolled
// back) and prints EXPLAIN (ANALYZE, BUFFERS) for the three slowest, flagging any sequential
// scan. The database is dropped after. Prints; asserts nothing.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
// Repositories only (the services pull in the HTTP layer): the statements are theirs.
import * as bookingRepo from '../apps/server/src/features/booking/booking.repository';
import * as scheduleRepo from '../apps/server/src/features/schedule/schedule.repository';
import * as subscriptionsRepo from '../apps/server/src/features/subscriptions/subscriptions.repository';
import * as tutorsRepo from '../apps/server/src/features/tutors/tutors.repository';
import { createFreshDatabase, startServer } from './lib/server';

const ADMIN_URL = process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SESSIONS = Number(process.env.BENCH_EXPLAIN_SESSIONS ?? 200_000);
const RUNS = 20;
const TOP = 3;

type Statement = { label: string; sql: string; params: unknown[] };

/** Past sessions before the seeded ones, spaced so that no tutor and no learner overlaps: the constraints accept them as they are. */
async function growLiveSessions(pool: pg.Pool): Promise<void> {
  await pool.query(
    `with tutors as (select user_id as id, row_number() over (order by user_id) - 1 as i from teachers),
          learners as (select id, row_number() over (order by id) - 1 as i from users where role = 'learner'),
          counts as (select (select count(*) from tutors) as nt, (select count(*) from learners) as nl,
                            (select coalesce(min(start_at), now()) - interval '1 day' from live_sessions) as base)
     insert into live_sessions (teacher_id, learner_id, subject, type, status, start_at, end_at)
     select t.id, l.id, 'English', 'Regular', case when g % 7 = 0 then 'cancelled' else 'booked' end,
            base - g * interval '5 minutes', base - g * interval '5 minutes' + interval '15 minutes'
       from generate_series(1, $1::int) g, counts
       join tutors t on true join learners l on true
      where t.i = g % counts.nt and l.i = g % counts.nl`,
    [SESSIONS],
  );
  await pool.query('analyze');
}

async function main() {
  const fresh = await createFreshDatabase(ADMIN_URL, 'parley_bench_explain');
  try {
    const server = await startServer({ env: { DATABASE_URL: fresh.url }, label: 'explain (migrate and seed)' });
    await server.stop();
    const pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
    try {
      await growLiveSessions(pool);
      const { rows: sizes } = await pool.query<{ n: string; teachers: string }>(
        `select (select count(*) from live_sessions) as n, (select count(*) from teachers) as teachers`,
      );
      console.log(`PostgreSQL ${fresh.name}: ${sizes[0]!.n} live sessions over ${sizes[0]!.teachers} tutors`);

      const statements = await recordStatements(pool);
      const timed = [];
      for (const statement of statements) timed.push({ ...statement, medianMs: await medianMs(pool, statement) });
      timed.sort((a, b) => b.medianMs - a.medianMs);
      console.log(`\nstatements of a schedule read and a booking, median execution time in the database of ${RUNS} runs:`);
      for (const s of timed) console.log(`  ${s.medianMs.toFixed(3).padStart(8)} ms  ${s.label}`);
      for (const s of timed.slice(0, TOP)) await explain(pool, s);
    } finally {
      await pool.end();
    }
  } finally {
    await fresh.drop();
  }
}

/** Runs the server's repository functions once against a logging Drizzle instance; answers each SQL statement sent. */
async function recordStatements(pool: pg.Pool): Promise<Statement[]> {
  const recorded: Statement[] = [];
  let label = '';
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => recorded.push({ label: `${label}: ${oneLine(sql)}`, sql, params }) } }) as unknown as Db;
  const [tutor] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'tutor@parley.test'));
  const [learner] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'learner@parley.test'));
  recorded.length = 0;
  const now = new Date();
  const startAt = new Date(Math.ceil((now.getTime() + 3 * 3_600_000) / 900_000) * 900_000);

  const day = 86_400_000;
  // What schedule.service's loadTutorSnapshot reads (booked: a day back to the 14-day window and 2 more).
  label = 'schedule';
  await scheduleRepo.findTutorSchedule(db, tutor!.id, new Date(now.getTime() - day), new Date(now.getTime() + 16 * day));
  await tutorsRepo.favouriteTutorIds(db, learner!.id);
  // What booking.service's bookSession reads and writes (loadTutorForBooking: the slot's day, 30 h either side).
  label = 'booking';
  await scheduleRepo.findTutorSchedule(db, tutor!.id, new Date(startAt.getTime() - 30 * 3_600_000), new Date(startAt.getTime() + 30 * 3_600_000));
  await db
    .transaction(async (tx) => {
      await bookingRepo.lockTutor(tx, tutor!.id);
      await bookingRepo.lockUser(tx, learner!.id);
      const locked = await subscriptionsRepo.lockLiveSubscriptionForSubject(tx, learner!.id, 'English', now);
      if (locked) await subscriptionsRepo.updateSessionCounts(tx, locked.sub.id, locked.sub);
      await bookingRepo.insertSession(tx, { teacherId: tutor!.id, learnerId: learner!.id, subject: 'English', type: 'Demo', startAt, endAt: new Date(startAt.getTime() + 900_000) });
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
    });
  label = 'tutor dashboard';
  await bookingRepo.listTutorUpcomingSessions(db, tutor!.id, now, 10, 0);
  label = 'my sessions';
  await bookingRepo.listLearnerSessions(db, { learnerId: learner!.id, when: 'upcoming', now, limit: 10, offset: 0 });
  return recorded.filter((s) => !/^(begin|commit|rollback|savepoint)/i.test(s.sql.trim()));
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').slice(0, 150);
const isWrite = (sql: string) => /^\s*(insert|update|delete)|for (update|share|no key update)/i.test(sql);

/** The statement's median execution time inside the database (EXPLAIN ANALYZE, a write rolled back): no client or network noise. */
async function medianMs(pool: pg.Pool, statement: Statement): Promise<number> {
  const client = await pool.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await client.query('begin');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, format json) ${statement.sql}`, statement.params);
      times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
      await client.query('rollback');
    }
    return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  } finally {
    client.release();
  }
}

async function explain(pool: pg.Pool, statement: Statement): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    await client.query('rollback');
    const plan = rows.map((r) => r['QUERY PLAN']);
    const seqScans = plan.filter((l) => /Seq Scan/.test(l)).map((l) => l.trim().replace(/\s+\(.*$/, ''));
    console.log(`\n${statement.label}${isWrite(statement.sql) ? ' (rolled back)' : ''}`);
    for (const line of plan) console.log(`    ${line}`);
    console.log(`  → ${seqScans.length ? `sequential scan: ${seqScans.join('; ')}` : 'no sequential scan'}`);
  } finally {
    client.release();
  }
}

await main();
