import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { adminQuery, databaseUrlWithName } from '../test/database-url';
import { createJobQueue, type JobQueue } from './queue';
import type { CrashJob, CrashNodeArgs } from './queue-crash-node';

/*
 * A node SIGKILLed in the middle of two jobs (one before its effect, one after its effect but
 * before the job was marked done): once the jobs' expiry has passed, the restarted node runs each
 * of them once more and only once, and the idempotent handler leaves each effect applied once.
 * On PostgreSQL the nodes share a fresh database; on PGlite, a data directory, opened again after
 * the kill (one process at a time, as a restarted single node would).
 */

const QUEUE = 'crash-test';
/** Short, so the test waits seconds for the dead node's jobs instead of pg-boss's 15 minutes. */
const EXPIRE_IN_SECONDS = 3;
const JOBS: CrashJob[] = [
  { key: 'killed-before-effect', hangs: 'before-effect' },
  { key: 'killed-after-effect', hangs: 'after-effect' },
];

const adminUrl = inject('databaseUrl');
const databaseName = `parley_queue_crash_${randomBytes(6).toString('hex')}`;
const pgliteDir = adminUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'parley-queue-crash-'));
const target = adminUrl ? { databaseUrl: databaseUrlWithName(adminUrl, databaseName) } : { pgliteDir };

let node: ChildProcess | undefined;
let restarted: { database: Database; queue: JobQueue } | undefined;

beforeAll(async () => {
  if (adminUrl) await adminQuery(adminUrl, `create database ${databaseName}`);
});

afterAll(async () => {
  if (node && node.exitCode === null && node.signalCode === null) node.kill('SIGKILL');
  await restarted?.queue.stop();
  await restarted?.database.close();
  if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

/** Starts the node that will die, and resolves once it is hanging in the middle of every job. */
async function startDoomedNode(): Promise<ChildProcess> {
  const args: CrashNodeArgs = { ...target, queue: QUEUE, expireInSeconds: EXPIRE_IN_SECONDS, jobs: JOBS };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'queue-crash-node.ts'), JSON.stringify(args)], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const hanging = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const [, key] of output.matchAll(/^hanging (\S+)$/gm)) hanging.add(key!);
      if (hanging.size === JOBS.length) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code, signal) => reject(new Error(`the node exited (${code ?? signal}) before hanging in every job:\n${output}`)));
  });
  return child;
}

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as { rows: T[] }).rows;
}

it('a node killed mid-job: after a restart each job runs once, and its effect happens once', { timeout: 45_000 }, async () => {
  node = await startDoomedNode();
  node.kill('SIGKILL');
  await once(node, 'exit');

  const database = await openDatabase(target);
  // The restart: a maintenance pass every second finds the dead node's tries expired.
  const queue = createJobQueue({ database, pollIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
  restarted = { database, queue };
  const runs: { key: string; applied: boolean }[] = [];
  await queue.define<CrashJob>(
    QUEUE,
    async (job) => {
      await database.db.execute(sql`insert into crash_job_tries (key, node) values (${job.key}, 'restarted')`);
      const applied = await rows(database, sql`insert into crash_job_effects (key) values (${job.key}) on conflict do nothing returning key`);
      runs.push({ key: job.key, applied: applied.length === 1 });
    },
    { expireInSeconds: EXPIRE_IN_SECONDS, concurrency: JOBS.length },
  );

  const jobStates = () => rows<{ key: string; state: string }>(database, sql`select data ->> 'key' as key, state::text from pgboss.job where name = ${QUEUE} order by key`);
  await vi.waitFor(async () => expect(await jobStates()).toEqual([
    { key: 'killed-after-effect', state: 'completed' },
    { key: 'killed-before-effect', state: 'completed' },
  ]), { timeout: 20_000, interval: 200 });
  await sleep(2_500); // two more maintenance passes and several polls: nothing runs again

  expect(runs.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
    { key: 'killed-after-effect', applied: false }, // the dead node had applied it
    { key: 'killed-before-effect', applied: true },
  ]);
  expect(await rows(database, sql`select key, node from crash_job_tries order by key, node`)).toEqual([
    { key: 'killed-after-effect', node: 'killed' },
    { key: 'killed-after-effect', node: 'restarted' },
    { key: 'killed-before-effect', node: 'killed' },
    { key: 'killed-before-effect', node: 'restarted' },
  ]);
  expect(await rows(database, sql`select key from crash_job_effects order by key`)).toEqual([{ key: 'killed-after-effect' }, { key: 'killed-before-effect' }]);
});
