import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { pgliteClientOf, postgresUrlOf, type Database, type Db } from '../db/client';

/**
 * One Postgres-backed queue (pg-boss) for work that is retried and must not fail the caller's
 * transaction: rewards after a payment, reminders, payouts, e-mails. Every server
 * process runs it on the same database; any process may run any job.
 *
 * Handlers must be idempotent, keyed by what they act on. Delivery is at least once (a retry
 * after a crash or a timeout, the same job sent twice), and a `singletonKey` alone does not make
 * a job unique on a standard queue (that needs a queue policy). So a handler changes its row
 * conditionally (`update … set paid_at = now() where id = $1 and paid_at is null returning id`)
 * and applies its effect only when that row changed, in the same transaction.
 *
 * Jobs that belong to a write go in with it: `insertWithin(tx, jobs)` stores them through the
 * caller's transaction, so they commit with the write or not at all, at no extra commit. `send`
 * is for the rest, and never inside a transaction: on PGlite the queue goes through the one
 * database connection and waits for any open transaction, so awaiting `send` inside one would
 * deadlock (and on PostgreSQL the job could run before, or without, the commit).
 */
export type JobQueue = {
  start(): Promise<void>;
  /** Lets a running job finish (up to `stopTimeoutMs`, then it is failed back for a retry); idle, a few ms. */
  stop(): Promise<void>;
  /** Creates the queue (or updates its retry and expiry settings) and runs `handler` for its jobs in this process. */
  define<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: JobOptions): Promise<void>;
  /** Resolves to the job id once the job is stored; it runs on whichever process polls first (not before `startAfter`). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /**
   * Stores jobs through `tx` (an open transaction, or the database itself): they are stored when
   * it commits, and never if it rolls back. Their queues must be defined (at start-up).
   */
  insertWithin(tx: Db, jobs: QueuedJob[]): Promise<void>;
};

export type QueuedJob = { name: string; data: object } & SendOptions;

export type SendOptions = {
  /** Scheduled work (a reminder, the end of a session): the job waits until then. */
  startAfter?: Date;
};

export type JobOptions = {
  /** Retries after the first failure (pg-boss's default: 2). A try that expires counts as one. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay after each failed try. */
  retryBackoff?: boolean;
  /**
   * How long a try may stay active (whole seconds, pg-boss's default 15 minutes). A job whose
   * process died mid-try is handed out again only after this, when a maintenance pass fails it
   * back for a retry; a try still running past it is failed (and retried) too, so keep it well
   * above the handler's slowest run. Stored on each job when it is sent: a new value applies to
   * jobs sent after the queue is defined with it.
   */
  expireInSeconds?: number;
  /**
   * How many of this queue's jobs one process runs at once (default 1): each poll takes up to
   * this many, runs them side by side, and records each one's outcome as it ends. On PGlite
   * (one connection) their statements still take turns.
   */
  concurrency?: number;
};

export type JobLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type CreateJobQueueOptions = {
  database: Database;
  /** How often an idle worker asks for work; pg-boss's floor is 0.5 s. A worker whose last poll came back full asks again at once. */
  pollIntervalSeconds?: number;
  /**
   * How often this process tries the maintenance pass (pg-boss's default 120 s; one process runs
   * it per interval): it fails expired tries back for a retry, so a dead process's job waits up to
   * its `expireInSeconds` plus this.
   */
  maintenanceIntervalSeconds?: number;
  stopTimeoutMs?: number;
  logger?: JobLogger;
};

type SqlResult = { rows: unknown[] };
type Sql = { run: (text: string, values?: unknown[]) => Promise<SqlResult>; close: () => Promise<void> };

const DEFAULT_POLL_INTERVAL_SECONDS = 2;
const DEFAULT_STOP_TIMEOUT_MS = 5_000;
/** How long stop() waits for a worker's last poll to return before closing the connection. */
const LAST_QUERY_WAIT_MS = 2_000;

export function createJobQueue(options: CreateJobQueueOptions): JobQueue {
  const { logger, pollIntervalSeconds = DEFAULT_POLL_INTERVAL_SECONDS, stopTimeoutMs = DEFAULT_STOP_TIMEOUT_MS } = options;
  const sql = openSql(options.database);
  const defined = new Set<string>();
  let queriesInFlight = 0;
  let closed = false;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values?: unknown[]) {
        // A worker finishing its last poll after stop() writes nothing: its job stays active and
        // pg-boss's maintenance hands it out again when it expires.
        if (closed) return { rows: [] };
        queriesInFlight += 1;
        try {
          return await sql.run(text, values);
        } finally {
          queriesInFlight -= 1;
        }
      },
    },
    // No cron schedules yet: spares the timekeeper's own worker and clock polling.
    schedule: false,
    ...(options.maintenanceIntervalSeconds === undefined ? {} : { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
  });
  // pg-boss reports worker and maintenance failures as events; an unheard 'error' would crash.
  boss.on('error', (error) => logger?.error({ err: error }, 'job queue error'));

  const start = () => (starting ??= boss.start().then(() => undefined));

  return {
    start,
    async define<T extends object>(name: string, handler: (data: T) => Promise<void>, jobOptions: JobOptions = {}) {
      if (defined.has(name)) throw new Error(`job ${name} already has a handler`);
      const queue = queueSettings(name, jobOptions);
      defined.add(name);
      await start();
      await boss.createQueue(name, queue); // no-op when another process created it
      await boss.updateQueue(name, queue);
      const batchSize = jobOptions.concurrency ?? 1;
      const worker: { id?: string } = {};
      const run = async (job: PgBoss.JobWithMetadata<T>) => {
        try {
          await handler(job.data);
        } catch (error) {
          logger?.warn({ err: error, jobId: job.id }, `job ${name} failed (try ${job.retryCount + 1} of ${job.retryLimit + 1})`);
          await boss.fail(name, job.id, error instanceof Error ? error : { value: error });
          return;
        }
        await boss.complete(name, job.id);
      };
      worker.id = await boss.work<T>(name, { pollingIntervalSeconds: pollIntervalSeconds, batchSize, includeMetadata: true }, async (jobs) => {
        // Fetched while stopping: fail them back to the queue rather than run on a closing database.
        if (stopping) throw new Error('job queue is stopping');
        // Each job's outcome is its own: one failing does not fail or repeat the others taken with it.
        // Only when recording an outcome itself failed does the batch fail, and pg-boss then fails
        // back whichever of its jobs are still active.
        const recorded = await Promise.allSettled(jobs.map(run));
        const unrecorded = recorded.find((result) => result.status === 'rejected');
        if (unrecorded) throw unrecorded.reason;
        // A full batch means more may be waiting: ask again now instead of after the poll interval.
        if (jobs.length === batchSize && worker.id && !stopping) boss.notifyWorker(worker.id);
      });
    },
    async send<T extends object>(name: string, data: T, sendOptions: SendOptions = {}) {
      if (stopping) throw new Error('job queue is stopped');
      await start();
      const id = await boss.send(name, data, sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {});
      // Without singleton options, pg-boss answers null only for a queue nobody has created.
      if (!id) throw new Error(`no job queue named ${name}: define it first`);
      return id;
    },
    async insertWithin(tx: Db, jobs: QueuedJob[]) {
      if (stopping) throw new Error('job queue is stopped');
      if (!starting) throw new Error('job queue is not started: define its queues first');
      await starting;
      if (jobs.length === 0) return;
      const inserts = jobs.map(({ name, data, startAfter }) => ({ name, data, ...(startAfter ? { startAfter } : {}) }));
      await boss.insert(inserts, { db: { executeSql: (text, values) => runWithin(tx, text, values ?? []) } });
    },
    stop() {
      stopping ??= (async () => {
        if (starting) {
          await starting.catch(() => {});
          await boss.stop({ graceful: true, timeout: stopTimeoutMs, close: false });
          const deadline = Date.now() + LAST_QUERY_WAIT_MS;
          while (queriesInFlight > 0 && Date.now() < deadline) await sleep(10);
        }
        closed = true;
        await sql.close();
      })();
      return stopping;
    },
  };
}

/** Runs one of pg-boss's statements (`$1`… placeholders) through a drizzle transaction or database. */
async function runWithin(tx: Db, text: string, values: unknown[]): Promise<SqlResult> {
  const parts = text.split(/\$(\d+)/);
  // As node-postgres does, an undefined value (a pg-boss default left unset) is sent as null.
  const query = sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)));
  return (await tx.execute(query)) as SqlResult;
}

/** pg-boss rejects a retry key that is present but undefined, so only given keys are passed. */
function queueSettings(name: string, options: JobOptions): PgBoss.Queue {
  if (options.expireInSeconds !== undefined && !(Number.isInteger(options.expireInSeconds) && options.expireInSeconds >= 1)) {
    throw new Error(`job ${name}: expireInSeconds must be a whole number of seconds, at least 1`);
  }
  if (options.concurrency !== undefined && !(Number.isInteger(options.concurrency) && options.concurrency >= 1)) {
    throw new Error(`job ${name}: concurrency must be a whole number, at least 1`);
  }
  return {
    name,
    ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
    ...(options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds }),
    ...(options.retryBackoff === undefined ? {} : { retryBackoff: options.retryBackoff }),
    ...(options.expireInSeconds === undefined ? {} : { expireInSeconds: options.expireInSeconds }),
  };
}

/**
 * PostgreSQL: a small pool of the queue's own on the same database. PGlite: the server's one
 * instance, through its own `query`/`exec`, which wait for an open transaction instead of
 * running inside it.
 */
function openSql(database: Database): Sql {
  const client = pgliteClientOf(database);
  if (client) return { run: pgliteSql(client), close: async () => {} };
  const pool = new pg.Pool({ connectionString: postgresUrlOf(database), max: 4, application_name: 'parley-jobs' });
  // A dropped idle connection must not crash the process; the pool replaces it on the next query.
  pool.on('error', () => {});
  return { run: (text, values) => pool.query(text, values), close: () => pool.end() };
}

function pgliteSql(client: PGlite): Sql['run'] {
  return async (text, values) => {
    // pg-boss sends its schema migrations and locked maintenance as one text of several statements
    // without parameters; only `exec` runs those, answering one result per statement.
    if (!values?.length) return (await client.exec(text)).at(-1) ?? { rows: [] };
    // PGlite (0.5) serialises JS arrays for array-typed parameters (pg-boss's `$2::uuid[]`)
    // itself, so no array literals need encoding here.
    return client.query(text, values);
  };
}
