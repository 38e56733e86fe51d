// `npm run bench:mix` (builds the server first): Parley under a traffic mix (issue 17).
//
// Virtual learners and tutors (bench/lib/mix-traffic.ts: who they are, what they do and how
// often) drive one deployment for BENCH_MIX_SECONDS (30) from BENCH_MIX_CONCURRENCY (16) loops,
// each doing one action after another with no pause (a closed loop: the figures are at
// saturation). Per action: count, throughput, p50/p99/max of the successful calls, errors; then
// every distinct error message (target: none) and the integrity checks, read straight from the
// database once the servers have stopped: no tutor booked twice at once, the bench's bookings all
// there, plan quotas add up, wallet and affiliate ledgers sum to their balances, every
// acknowledged chat message stored.
//
// Modes (BENCH_MIX_MODES, comma-separated; both by default):
//   pglite  one node on PGlite in a temp dir.
//   redis   two nodes on a fresh PostgreSQL database (created on BENCH_PG_URL, default
//           postgres://postgres@127.0.0.1:5432/postgres, dropped after) sharing Redis (REDIS_URL,
//           default redis://127.0.0.1:6379) and one TOKEN_SECRET; users alternate between nodes.
// BENCH_MIX_LEARNERS (60) learners are signed up per mode. All traffic stays on 127.0.0.1; the
// clients share this process (its CPU use is printed next to the servers'). Prints figures;
// asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { checkIntegrity, closePopulation, loadAverage, MixTraffic, printActionTable, processCpuSeconds, setUpPopulation } from './lib/mix-traffic';
import { createFreshDatabase, startServer, withCleanup, type RunningServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_MIX_CONCURRENCY ?? 16);
const LEARNERS = Number(process.env.BENCH_MIX_LEARNERS ?? 60);
const MODES = (process.env.BENCH_MIX_MODES ?? 'pglite,redis').split(',').map((mode) => mode.trim());
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverEnv = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };

type Outcome = { label: string; traffic: MixTraffic; seconds: number; integrityFailures: number };

/** Sets up the users, runs the loops for SECONDS, prints the table; the caller checks integrity after stopping the servers. */
async function drive(servers: RunningServer[]): Promise<{ traffic: MixTraffic; seconds: number; population: Awaited<ReturnType<typeof setUpPopulation>> }> {
  const population = await setUpPopulation(
    servers.map((s) => s.url),
    LEARNERS,
  );
  const traffic = new MixTraffic(population);
  const loadBefore = loadAverage();
  const serverCpu = servers.map((s) => processCpuSeconds(s.pid));
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) await traffic.step();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  traffic.stop();
  closePopulation(population);
  const cpu = process.cpuUsage(clientCpu);
  console.log(`  ${CONCURRENCY} closed loops × ${SECONDS} s`);
  printActionTable(traffic, seconds);
  const serverShare = servers.map((s, i) => `${(((processCpuSeconds(s.pid) - serverCpu[i]!) / seconds) * 100).toFixed(0)}%`).join(' + ');
  console.log(
    `  CPU (of one core): server${servers.length > 1 ? 's' : ''} ${serverShare}, clients (this process) ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)}%; ${os.cpus().length} cores, load average ${loadBefore} before → ${loadAverage()} after (other work on the machine shows here)`,
  );
  return { traffic, seconds, population };
}

async function onPglite(): Promise<Outcome> {
  return withCleanup(async (onCleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-mix-'));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ env: serverEnv, dataDir, label: 'Parley (PGlite)' });
    onCleanup(server.stop);
    const { traffic, seconds, population } = await drive([server]);
    await server.stop();
    console.log('  integrity (server stopped, its PGlite database opened):');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return { label: 'PGlite, 1 node', traffic, seconds, integrityFailures: await checkIntegrity(database, traffic, population) };
    } finally {
      await database.close();
    }
  });
}

async function onPostgresAndRedis(): Promise<Outcome> {
  return withCleanup(async (onCleanup) => {
    const db = await createFreshDatabase(PG_ADMIN_URL, 'parley_bench_mix');
    onCleanup(db.drop);
    const shared = { ...serverEnv, DATABASE_URL: db.url, REDIS_URL, REDIS_KEY_PREFIX: `bench-mix-${randomBytes(3).toString('hex')}`, TOKEN_SECRET: randomBytes(32).toString('base64url') };
    const a = await startServer({ env: shared, label: 'Parley node A' });
    onCleanup(a.stop);
    // B starts once A has migrated and seeded the shared database.
    const b = await startServer({ env: { ...shared, SEED_DEMO: 'false' }, label: 'Parley node B' });
    onCleanup(b.stop);
    console.log(`  nodes ${a.url} and ${b.url}, database ${db.name}`);
    const { traffic, seconds, population } = await drive([a, b]);
    await Promise.all([a.stop(), b.stop()]);
    console.log('  integrity (servers stopped):');
    const database = await openDatabase({ databaseUrl: db.url });
    try {
      return { label: 'PostgreSQL + Redis, 2 nodes', traffic, seconds, integrityFailures: await checkIntegrity(database, traffic, population) };
    } finally {
      await database.close();
    }
  });
}

const started = performance.now();
console.log(`traffic mix: ${LEARNERS} learners + 12 tutors, ${CONCURRENCY} concurrent loops, ${SECONDS} s per mode (${MODES.join(', ')})`);
const outcomes: Outcome[] = [];
for (const mode of MODES) {
  const run = mode === 'pglite' ? onPglite : mode === 'redis' ? onPostgresAndRedis : undefined;
  if (!run) {
    console.log(`\nunknown mode "${mode}" (pglite or redis)`);
    continue;
  }
  console.log(`\n${mode === 'pglite' ? 'Parley, one node (PGlite)' : `Parley, two nodes on PostgreSQL through Redis (${REDIS_URL})`}`);
  try {
    outcomes.push(await run());
  } catch (error) {
    console.log(`  failed: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
  }
}

console.log('\nSummary');
for (const o of outcomes) {
  const total = [...o.traffic.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `  ${o.label.padEnd(28)} ${(total / o.seconds).toFixed(0).padStart(5)} actions/s · errors ${o.traffic.totalErrors} (target 0: ${o.traffic.totalErrors ? 'NOT met' : 'met'}) · integrity ${o.integrityFailures ? `${o.integrityFailures} check(s) FAILED` : 'all checks ok'}`,
  );
}
console.log(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
