import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { createJobQueue } from './queue';

/*
 * A server node that dies in the middle of its jobs, for queue-crash.test.ts, which runs it as
 * `node --import tsx apps/server/src/jobs/queue-crash-node.ts '<CrashNodeArgs as JSON>'` and
 * SIGKILLs it once it prints `hanging <key>` for every job. Each job records its try, then hangs
 * before or after its effect: a node killed before it acted, and one killed after it acted but
 * before the queue heard the job was done.
 */

export type CrashJob = { key: string; hangs: 'before-effect' | 'after-effect' };
export type CrashNodeArgs = { databaseUrl?: string; pgliteDir?: string; queue: string; expireInSeconds: number; jobs: CrashJob[] };

/** Never lingers as an orphan if the test dies before killing it. */
const GIVE_UP_MS = 60_000;
/** Sent due together, so the node's one poll takes every job at once. */
const DUE_IN_MS = 1_000;

const args = JSON.parse(process.argv[2] ?? '{}') as CrashNodeArgs;
setTimeout(() => process.exit(1), GIVE_UP_MS);

const database = await openDatabase({ databaseUrl: args.databaseUrl, pgliteDir: args.pgliteDir });
await database.db.execute(sql`create table if not exists crash_job_tries (key text not null, node text not null)`);
await database.db.execute(sql`create table if not exists crash_job_effects (key text primary key)`);

const queue = createJobQueue({ database, pollIntervalSeconds: 0.5 });
await queue.define<CrashJob>(
  args.queue,
  async (job) => {
    await database.db.execute(sql`insert into crash_job_tries (key, node) values (${job.key}, 'killed')`);
    if (job.hangs === 'after-effect') await database.db.execute(sql`insert into crash_job_effects (key) values (${job.key})`);
    process.stdout.write(`hanging ${job.key}\n`);
    await new Promise<never>(() => {});
  },
  { expireInSeconds: args.expireInSeconds, concurrency: args.jobs.length },
);
const startAfter = new Date(Date.now() + DUE_IN_MS);
for (const job of args.jobs) await queue.send(args.queue, job, { startAfter });
