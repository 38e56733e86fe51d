// `npm run bench:schedule`: the tutor schedule route against the cheapest route, in one run.
//
// Starts a real server (PGlite in a temp dir; then PostgreSQL too when DATABASE_URL is set, on a
// fresh database created for the run and dropped after), signs in the subscribed demo learner,
// and runs autocannon (10 connections × 10 s, after a short warm-up) against GET /api/health
// and against GET /api/teachers/:id/schedule?date=<tomorrow>&timezone=Asia/Kolkata&subject=English
// with the learner's cookie. Prints req/s and latency for both and the ratio (target ≥ 50%).
// Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
import autocannon from 'autocannon';
import { ApiClient, isoDateIn, logIn } from './lib/api-client';
import { createFreshDatabase, startServer, withCleanup } from './lib/server';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const TARGET_RATIO = 0.5;
const VIEWER_TIME_ZONE = 'Asia/Kolkata';

type Figures = { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, durationS: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: durationS, headers });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(10)} ${f.reqPerSec.toFixed(0).padStart(7)} req/s · p50 ${f.p50Ms} ms · p99 ${f.p99Ms} ms${f.errors || f.non2xx ? ` · errors ${f.errors}, non-2xx ${f.non2xx}` : ''}`;

async function benchOne(mode: string, env: Record<string, string>) {
  await withCleanup(async (onCleanup) => {
    const server = await startServer({ env, label: mode });
    onCleanup(server.stop);

    const { client } = await logIn(server.url, 'learner@parley.test');
    const { items } = await client.get<{ items: { _id: string; name: string }[] }>('/api/teachers?subject=English');
    const tutor = items[0];
    if (!tutor) throw new Error('no English tutor in the demo data');
    const date = isoDateIn(VIEWER_TIME_ZONE, 1);
    const schedulePath = `/api/teachers/${tutor._id}/schedule?date=${date}&timezone=${encodeURIComponent(VIEWER_TIME_ZONE)}&subject=English`;
    const sample = await client.get<{ timeslot?: unknown[] }>(schedulePath);
    const health = await new ApiClient(server.url).get<{ db: string }>('/api/health');

    console.log(`\n${mode} (server reports db: ${health.db}; pid ${server.pid})`);
    console.log(`  schedule of ${tutor.name} for ${date} (${VIEWER_TIME_ZONE}); answer has ${Array.isArray(sample.timeslot) ? sample.timeslot.length : '?'} slots`);

    const headers = { cookie: client.cookieHeader };
    await load(`${server.url}/api/health`, {}, WARMUP_S);
    await load(`${server.url}${schedulePath}`, headers, WARMUP_S);
    const healthFigures = await load(`${server.url}/api/health`, {}, DURATION_S);
    const scheduleFigures = await load(`${server.url}${schedulePath}`, headers, DURATION_S);
    const ratio = scheduleFigures.reqPerSec / healthFigures.reqPerSec;

    console.log(`  autocannon ${CONNECTIONS} connections × ${DURATION_S} s each`);
    console.log(line('health', healthFigures));
    console.log(line('schedule', scheduleFigures));
    console.log(`  ratio schedule/health ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%) → ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`);
  });
}

await benchOne('PGlite (embedded)', {});
if (process.env.DATABASE_URL) {
  const db = await createFreshDatabase(process.env.DATABASE_URL);
  try {
    await benchOne(`PostgreSQL (fresh database ${db.name})`, { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run it too)');
}
