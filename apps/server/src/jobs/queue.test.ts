import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { createJobQueue } from './queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Scratch tables standing in for what a real job acts on (a referral reward and a wallet).
  await t.ctx.db.execute(sql`create table job_test_rewards (referee text primary key, paid_at timestamptz)`);
  await t.ctx.db.execute(sql`create table job_test_wallet (owner text primary key, balance integer not null)`);
  await t.ctx.db.execute(sql`create table job_test_marks (mark text primary key)`);
});
afterAll(() => t.close());

// A deadline, not a timing target: the full PostgreSQL suite on two cores once took over 10 s, and
// on 2026-12-06 over 25 s, to get a job's third try through (it takes about 1.3 s alone).
const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 60_000, interval: 50 });

/** Both drivers answer `execute` with `{ rows }`; Drizzle's shared type leaves it unknown. */
async function rows<T>(query: SQL, db: Pick<Db, 'execute'> = t.ctx.db): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

it('runs a job sent to a defined queue', async () => {
  const seen: { greeting: string }[] = [];
  await t.ctx.jobs.define<{ greeting: string }>('test-runs', async (data) => {
    seen.push(data);
  });
  const id = await t.ctx.jobs.send('test-runs', { greeting: 'hello' });
  expect(id).toEqual(expect.any(String));
  await waitFor(() => expect(seen).toEqual([{ greeting: 'hello' }]));
});

it('jobs inserted within a transaction are stored with its commit, with their queue’s settings, and not at all when it rolls back', async () => {
  const seen: string[] = [];
  await t.ctx.jobs.define<{ key: string }>('test-within', async ({ key }) => {
    seen.push(key);
  }, { retryLimit: 5 });
  const jobsOf = (key: string) => rows<{ retry_limit: number; start_after: Date | string }>(sql`select retry_limit, start_after from pgboss.job where name = 'test-within' and data ->> 'key' = ${key}`);
  const later = new Date(Date.now() + 3_600_000);

  await expect(
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_test_marks (mark) values ('rolled-back')`);
      await t.ctx.jobs.insertWithin(tx, [{ name: 'test-within', data: { key: 'rolled-back' } }]);
      throw new Error('the write failed after its jobs were inserted');
    }),
  ).rejects.toThrow('the write failed');
  expect(await jobsOf('rolled-back')).toEqual([]);

  await t.ctx.db.transaction(async (tx) => {
    await t.ctx.jobs.insertWithin(tx, [
      { name: 'test-within', data: { key: 'now' } },
      { name: 'test-within', data: { key: 'later' }, startAfter: later },
    ]);
  });
  const [held] = await jobsOf('later');
  expect(held).toMatchObject({ retry_limit: 5 });
  expect(new Date(held!.start_after).toISOString()).toBe(later.toISOString());
  await waitFor(() => expect(seen).toEqual(['now']));
  expect(await rows(sql`select mark from job_test_marks where mark = 'rolled-back'`)).toEqual([]);
});

it('holds a scheduled job until its time', async () => {
  const ranAt: number[] = [];
  await t.ctx.jobs.define<{ at: string }>('test-scheduled', async () => {
    ranAt.push(Date.now());
  });
  const startAfter = new Date(Date.now() + 2_000);
  await t.ctx.jobs.send('test-scheduled', { at: startAfter.toISOString() }, { startAfter });
  await sleep(1_000);
  expect(ranAt).toEqual([]);
  await waitFor(() => expect(ranAt).toHaveLength(1));
  expect(ranAt[0]!).toBeGreaterThanOrEqual(startAfter.getTime() - 1_000);
});

it('retries a failing job until it succeeds', async () => {
  const tries: number[] = [];
  await t.ctx.jobs.define<{ n: number }>(
    'test-retries',
    async ({ n }) => {
      tries.push(n);
      if (tries.length < 3) throw new Error('provider unavailable');
    },
    { retryLimit: 3, retryDelaySeconds: 0 },
  );
  await t.ctx.jobs.send('test-retries', { n: 7 });
  await waitFor(() => expect(tries).toEqual([7, 7, 7]));
  await sleep(700); // one more poll: a succeeded job is not run again
  expect(tries).toHaveLength(3);
}, 90_000);

it('runs a job sent twice twice, and its idempotent handler applies the effect once', async () => {
  await t.ctx.db.execute(sql`insert into job_test_rewards (referee) values ('friend-1')`);
  await t.ctx.db.execute(sql`insert into job_test_wallet (owner, balance) values ('referrer-1', 0)`);
  let runs = 0;
  // The pattern every job follows: claim the row it acts on conditionally, and apply the effect
  // only when this run made the change, in the same transaction.
  await t.ctx.jobs.define<{ referee: string; referrer: string; amountMinor: number }>('test-reward', async (data) => {
    runs += 1;
    await t.ctx.db.transaction(async (tx) => {
      const claimed = await rows(
        sql`update job_test_rewards set paid_at = now() where referee = ${data.referee} and paid_at is null returning referee`,
        tx,
      );
      if (claimed.length === 0) return;
      await tx.execute(sql`update job_test_wallet set balance = balance + ${data.amountMinor} where owner = ${data.referrer}`);
    });
  });
  const reward = { referee: 'friend-1', referrer: 'referrer-1', amountMinor: 5_000 };
  const first = await t.ctx.jobs.send('test-reward', reward);
  const second = await t.ctx.jobs.send('test-reward', reward);
  expect(second).not.toBe(first);
  await waitFor(() => expect(runs).toBe(2));
  expect(await rows(sql`select balance from job_test_wallet where owner = 'referrer-1'`)).toEqual([{ balance: 5_000 }]);
});

it('a job running during an open transaction neither sees its uncommitted rows nor breaks it', async () => {
  let handlerStarted!: () => void;
  const started = new Promise<void>((resolve) => (handlerStarted = resolve));
  let transactionOpen!: () => void;
  const opened = new Promise<void>((resolve) => (transactionOpen = resolve));
  let seen: { count: number; at: number } | undefined;
  await t.ctx.jobs.define('test-transaction', async () => {
    handlerStarted();
    await opened;
    const [marks] = await rows<{ count: number }>(sql`select count(*)::int as count from job_test_marks where mark = 'uncommitted'`);
    await t.ctx.db.execute(sql`insert into job_test_marks (mark) values ('from-job')`);
    seen = { count: marks!.count, at: Date.now() };
  });
  await t.ctx.jobs.send('test-transaction', {});
  await started;

  const rollback = new Error('roll back');
  await expect(
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_test_marks (mark) values ('uncommitted')`);
      transactionOpen();
      await sleep(300); // the job's statements arrive while this transaction is open
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  const transactionEnded = Date.now();

  await waitFor(() => expect(seen).toBeDefined());
  expect(seen!.count).toBe(0);
  // On PGlite (one connection) the job's statements waited for the transaction instead of joining
  // it, so the rollback took back exactly the transaction's row and kept the job's.
  if (t.ctx.database.mode === 'pglite') expect(seen!.at).toBeGreaterThanOrEqual(transactionEnded);
  expect(await rows(sql`select mark from job_test_marks order by mark`)).toEqual([{ mark: 'from-job' }]);
});

it('stops quickly when idle, and lets a running job finish first', async () => {
  const queue = createJobQueue({ database: t.ctx.database, pollIntervalSeconds: 0.5 });
  await queue.start();
  await queue.define('test-idle-stop', async () => {});
  let started = Date.now();
  await queue.stop();
  // Idle, it does not wait for the stop timeout (5 s by default); a loaded machine can take a second.
  expect(Date.now() - started).toBeLessThan(2_000);

  const other = createJobQueue({ database: t.ctx.database, pollIntervalSeconds: 0.5, stopTimeoutMs: 20_000 });
  let finished = false;
  let running!: () => void;
  const isRunning = new Promise<void>((resolve) => (running = resolve));
  await other.define('test-busy-stop', async () => {
    running();
    await sleep(400);
    finished = true;
  });
  await other.send('test-busy-stop', {});
  await isRunning;
  started = Date.now();
  await other.stop();
  expect(finished).toBe(true);
  // Once the job is done the stop returns, not at the 20 s stop timeout (a loaded machine adds a second or so).
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(other.send('test-busy-stop', {})).rejects.toThrow('stopped');
});

it('runs up to `concurrency` jobs of a queue at once, and each job keeps its own outcome', async () => {
  const queue = createJobQueue({ database: t.ctx.database, pollIntervalSeconds: 0.5 });
  const tries: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  await queue.define<{ n: number }>(
    'test-concurrency',
    async ({ n }) => {
      tries.push(n);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      // Held until all three run side by side (or three seconds pass, when they don't).
      const until = Date.now() + 3_000;
      while (mostAtOnce < 3 && Date.now() < until) await sleep(10);
      running -= 1;
      if (n === 2 && tries.filter((m) => m === 2).length === 1) throw new Error('provider unavailable');
    },
    { concurrency: 3, retryLimit: 1, retryDelaySeconds: 0 },
  );
  // Due together, so one poll takes all three.
  const startAfter = new Date(Date.now() + 1_000);
  for (const n of [1, 2, 3]) await queue.send('test-concurrency', { n }, { startAfter });
  await waitFor(() => expect(tries).toHaveLength(4));
  await sleep(1_200); // more polls: the two that succeeded beside the failure are not run again
  await queue.stop();
  expect(mostAtOnce).toBe(3);
  expect(tries.toSorted((a, b) => a - b)).toEqual([1, 2, 2, 3]);
});

it('a busy queue takes its next job at once, not after the poll interval', async () => {
  const queue = createJobQueue({ database: t.ctx.database, pollIntervalSeconds: 2 });
  const ranAt: number[] = [];
  await queue.define('test-busy', async () => {
    ranAt.push(Date.now());
  });
  const startAfter = new Date(Date.now() + 500);
  for (let i = 0; i < 5; i += 1) await queue.send('test-busy', {}, { startAfter });
  await vi.waitFor(() => expect(ranAt).toHaveLength(5), { timeout: 15_000, interval: 50 });
  await queue.stop();
  // One job per poll every 2 s would take 8 s from the first to the last; two polls' worth is slack for a loaded machine.
  expect(ranAt.at(-1)! - ranAt[0]!).toBeLessThan(4_000);
});

it('refuses an expiry or a concurrency that is not a whole number of at least 1', async () => {
  const queue = createJobQueue({ database: t.ctx.database });
  await expect(queue.define('test-bad-expiry', async () => {}, { expireInSeconds: 0.5 })).rejects.toThrow('expireInSeconds');
  await expect(queue.define('test-bad-concurrency', async () => {}, { concurrency: 0 })).rejects.toThrow('concurrency');
  await queue.stop();
});
