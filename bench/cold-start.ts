// `npm run bench:cold-start` (builds the server first): how long a server process takes from
// `node` to its first successful GET /api/health, on 127.0.0.1 with PGlite in a temp dir.
//
// 1. First start of the compiled server (apps/server/dist/main.js) on an empty data dir: creates
//    the PGlite database, applies every migration and seeds the demo data before listening.
// 2. Restarts of the compiled server on that data dir (what a deploy or a crash costs); the
//    median is the headline figure. Target: < 2 s.
// 3. The same restarts from the TypeScript source under tsx (`node --import tsx
//    apps/server/src/main.ts`, how production ran before the build), for comparison.
//
// COLD_START_RUNS (default 5) restarts of each kind. Readiness is polled every 10 ms. Prints
// figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, withCleanup } from './lib/server';

const TARGET_RESTART_MS = 2000;
const POLL_MS = 10;
const runs = Math.max(1, Number(process.env.COLD_START_RUNS ?? 5));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const spread = (values: number[]) => `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}, ${values.length} runs)`;

/** Starts the server on dataDir, waits for health, stops it; resolves with the time to health. */
async function timeStart(dataDir: string, entry?: string, seed = false): Promise<number> {
  // Only the first start seeds: the restarts time a start on data already there.
  const server = await startServer({ dataDir, entry, seed, pollMs: POLL_MS, label: entry ?? 'compiled server' });
  await server.stop();
  return server.readyMs;
}

async function restarts(dataDir: string, entry?: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeStart(dataDir, entry));
  return times;
}

await withCleanup(async (onCleanup) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-cold-start-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));

  console.log(`Cold start to the first 200 from GET /api/health (PGlite, Node ${process.version})`);
  const first = await timeStart(dataDir, undefined, true);
  console.log(`  compiled, first start (new database, migrations, demo seed): ${ms(first)}`);

  const compiled = await restarts(dataDir);
  console.log(`  compiled, restart on existing data:  ${spread(compiled)}`);

  const source = await restarts(dataDir, 'apps/server/src/main.ts');
  console.log(`  source under tsx, restart:           ${spread(source)}`);

  const headline = median(compiled);
  console.log(`\ncompiled restart ${ms(headline)} vs target < ${ms(TARGET_RESTART_MS)} (${(headline / TARGET_RESTART_MS).toFixed(2)}× the target); tsx takes ${(median(source) / headline).toFixed(2)}× as long`);
});
