// `npm run bench:soak` (builds the server first): the traffic mix of bench:mix at a steady,
// moderate rate for a long time on one node, watching the server process for leaks (issue 17).
//
// One node on PGlite in a temp dir (on a fresh PostgreSQL database instead when BENCH_SOAK_PG=1:
// created on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped after).
// The users of bench/lib/mix-traffic.ts (BENCH_SOAK_LEARNERS, 60, plus the 12 tutors) start
// BENCH_SOAK_RATE (20) actions a second, open loop (an action due while every user of its kind is
// busy is dropped and counted), for BENCH_SOAK_MINUTES (10). Every 10 s the moderator reads the
// server's own figures (GET /api/moderator/process: RSS, heap, event-loop delay since the previous
// read) and the bench reads VmRSS from /proc/<pid>/status as a cross-check. After a warm-up
// (BENCH_SOAK_WARMUP_SECONDS, 60) the RSS and heap slopes (least squares, MB per minute) are
// printed with the event-loop p99 (target < 100 ms in every window), the actions table, every
// distinct error (target 0) and the integrity checks of bench:mix. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { logIn } from './lib/api-client';
import { checkIntegrity, closePopulation, loadAverage, mainThreadSchedule, MixTraffic, percentile, printActionTable, processCpuSeconds, processRssBytes, setUpPopulation } from './lib/mix-traffic';
import { createFreshDatabase, startServer, withCleanup } from './lib/server';

const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WARMUP_S = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 60);
const LEARNERS = Number(process.env.BENCH_SOAK_LEARNERS ?? 60);
const ON_POSTGRES = process.env.BENCH_SOAK_PG === '1';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLE_EVERY_MS = 10_000;
const TARGET_LOOP_P99_MS = 100;
const MB = 1024 * 1024;

type ProcessFigures = {
  uptimeSeconds: number;
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number };
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number; sinceSeconds: number };
};
type Sample = { atS: number; rssMb: number; procRssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; loopP99: number; loopMax: number; cpuPct: number; waitPct: number };

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

const serverEnv = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };

await withCleanup(async (onCleanup) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-soak-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { ...serverEnv };
  if (ON_POSTGRES) {
    const db = await createFreshDatabase(PG_ADMIN_URL, 'parley_bench_soak');
    onCleanup(db.drop);
    env.DATABASE_URL = db.url;
  }
  const server = await startServer({ env, dataDir, label: 'Parley' });
  onCleanup(server.stop);
  console.log(`soak: ${RATE} actions/s for ${MINUTES} min on one node (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}, pid ${server.pid}), ${LEARNERS} learners + 12 tutors; samples every ${SAMPLE_EVERY_MS / 1000} s, warm-up ${WARMUP_S} s`);

  const population = await setUpPopulation([server.url], LEARNERS);
  const { client: moderator } = await logIn(server.url, 'moderator@parley.test', 'moderator');
  const traffic = new MixTraffic(population);
  const samples: Sample[] = [];
  await moderator.get('/api/moderator/process'); // starts the first event-loop window now
  const serverCpuStart = processCpuSeconds(server.pid);
  const started = performance.now();
  const end = started + MINUTES * 60_000;
  const inFlight = new Set<Promise<void>>();

  let lastCpu = { atMs: performance.now(), seconds: processCpuSeconds(server.pid), ...mainThreadSchedule(server.pid) };
  const sample = async () => {
    const figures = await moderator.get<ProcessFigures>('/api/moderator/process');
    const cpu = { atMs: performance.now(), seconds: processCpuSeconds(server.pid), ...mainThreadSchedule(server.pid) };
    const cpuPct = ((cpu.seconds - lastCpu.seconds) / ((cpu.atMs - lastCpu.atMs) / 1000)) * 100;
    // Of the time the event-loop thread wanted a CPU (ran or waited runnable), the share it waited.
    const waitPct = ((cpu.waitNs - lastCpu.waitNs) / (cpu.waitNs - lastCpu.waitNs + cpu.runNs - lastCpu.runNs)) * 100;
    lastCpu = cpu;
    const s: Sample = {
      atS: (performance.now() - started) / 1000,
      rssMb: figures.memory.rssBytes / MB,
      procRssMb: processRssBytes(server.pid) / MB,
      heapUsedMb: figures.memory.heapUsedBytes / MB,
      heapTotalMb: figures.memory.heapTotalBytes / MB,
      externalMb: figures.memory.externalBytes / MB,
      loopP99: figures.eventLoopDelayMs.p99,
      loopMax: figures.eventLoopDelayMs.max,
      cpuPct,
      waitPct,
    };
    samples.push(s);
    if (samples.length % 6 === 0 || samples.length === 1) {
      const done = [...traffic.latencies.values()].reduce((sum, list) => sum + list.length, 0);
      console.log(
        `  ${s.atS.toFixed(0).padStart(4)} s: RSS ${s.rssMb.toFixed(1)} MB (/proc ${s.procRssMb.toFixed(1)}), heap used ${s.heapUsedMb.toFixed(1)} of ${s.heapTotalMb.toFixed(1)} MB, external ${s.externalMb.toFixed(1)} MB, loop p99 ${s.loopP99.toFixed(1)} ms, server CPU ${s.cpuPct.toFixed(0)}% (its loop waited for a CPU ${s.waitPct.toFixed(0)}% of the time it was runnable); ${done} actions, ${traffic.totalErrors} errors; load average ${loadAverage()}`,
      );
    }
  };

  const intervalMs = 1000 / RATE;
  let sampling: Promise<void> = Promise.resolve();
  let due = 0;
  await new Promise<void>((resolve) => {
    // A tick every 10 ms starts the actions due by then, so the rate holds whatever the timer's drift.
    const ticker = setInterval(() => {
      const now = performance.now();
      if (now >= end) {
        clearInterval(ticker);
        clearInterval(sampler);
        resolve();
        return;
      }
      while (started + due * intervalMs <= now) {
        due++;
        const step = traffic.step().finally(() => inFlight.delete(step));
        inFlight.add(step);
      }
    }, 10);
    const sampler = setInterval(() => {
      sampling = sample().catch((error: unknown) => console.log(`  sample failed: ${(error as Error).message}`));
    }, SAMPLE_EVERY_MS);
  });
  await Promise.all([...inFlight, sampling]);
  // The sample due at the very end, when the ticker stopped just before it.
  if ((samples.at(-1)?.atS ?? 0) < (performance.now() - started) / 1000 - SAMPLE_EVERY_MS / 2000) await sample();
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (processCpuSeconds(server.pid) - serverCpuStart) / seconds;
  traffic.stop();
  closePopulation(population);

  console.log(`\n  actions started ${due} (${(due / seconds).toFixed(1)}/s), server CPU ${(serverCpu * 100).toFixed(0)}% of one core; load average now ${loadAverage()} on ${os.cpus().length} cores`);
  printActionTable(traffic, seconds);

  const steady = samples.filter((s) => s.atS >= WARMUP_S);
  const perMinute = (pick: (s: Sample) => number) => slope(steady.map((s) => ({ x: s.atS / 60, y: pick(s) }))).toFixed(2);
  const first = steady[0];
  const last = steady.at(-1);
  console.log(`\n  memory over ${steady.length} samples after the ${WARMUP_S} s warm-up (least squares):`);
  if (first && last) {
    console.log(`    RSS        ${first.rssMb.toFixed(1)} → ${last.rssMb.toFixed(1)} MB, slope ${perMinute((s) => s.rssMb)} MB/min (/proc VmRSS slope ${perMinute((s) => s.procRssMb)} MB/min)`);
    console.log(`    heap used  ${first.heapUsedMb.toFixed(1)} → ${last.heapUsedMb.toFixed(1)} MB, slope ${perMinute((s) => s.heapUsedMb)} MB/min`);
    console.log(`    heap total ${first.heapTotalMb.toFixed(1)} → ${last.heapTotalMb.toFixed(1)} MB, slope ${perMinute((s) => s.heapTotalMb)} MB/min; external slope ${perMinute((s) => s.externalMb)} MB/min`);
  } else {
    console.log('    too few samples after the warm-up for a slope (run longer)');
  }
  const windows = samples.map((s) => s.loopP99).sort((a, b) => a - b);
  const worst = windows.at(-1) ?? NaN;
  console.log(
    `  event-loop delay p99 per 10 s window: median ${percentile(windows, 50).toFixed(1)} ms, worst ${worst.toFixed(1)} ms (target < ${TARGET_LOOP_P99_MS} ms: ${worst < TARGET_LOOP_P99_MS ? 'met' : 'NOT met'}); max single delay ${Math.max(...samples.map((s) => s.loopMax)).toFixed(1)} ms`,
  );
  const waits = samples.map((s) => s.waitPct).filter(Number.isFinite);
  if (waits.length) console.log(`  the loop thread waited for a CPU ${(waits.reduce((sum, w) => sum + w, 0) / waits.length).toFixed(0)}% of its runnable time on average (worst window ${Math.max(...waits).toFixed(0)}%): time the machine, not the server, cost`);

  await server.stop();
  console.log('\n  integrity (server stopped):');
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await checkIntegrity(database, traffic, population);
  } finally {
    await database.close();
  }
});
process.exit(0);
