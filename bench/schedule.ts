// `npm run bench:schedule`: the tutor schedule route against the cheapest route, in one run.
//
// Starts a real server (PGlite in a temp dir; then PostgreSQL too when DATABASE_URL is set, on a
// fresh database created for the run and dropped after), signs in the subscribed demo learner,
// and runs autocannon (10 connections × 10 s, after a short warm-up) against GET /api/health and
// against GET /api/teachers/:id/schedule with the learner's cookie, in two modes
// (BENCH_SCHEDULE_MODE=hot|cold|both, default both):
//   hot:  one query, ?date=<tomorrow>&timezone=Asia/Kolkata&subject=English, asked again and again;
//   cold: every request a query not asked before: the distinct tutor × date (the 14-day window) ×
//         time zone (every canonical IANA zone) × subject (those the tutor teaches, of English and
//         IELTS) URLs are listed up front, shuffled, and each autocannon request takes the next
//         one (the warm-up uses its own part of the list).
// Prints req/s and latency for each and the ratio to health (target ≥ 50 %; cold also p99 < 20 ms).
// Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
import autocannon from 'autocannon';
import { ApiClient, isoDateIn, logIn } from './lib/api-client';
import { onEachDatabase, startServer, withCleanup } from './lib/server';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const TARGET_RATIO = 0.5;
const TARGET_COLD_P99_MS = 20;
const VIEWER_TIME_ZONE = 'Asia/Kolkata';
const MODE = process.env.BENCH_SCHEDULE_MODE ?? 'both';
if (!['hot', 'cold', 'both'].includes(MODE)) throw new Error(`BENCH_SCHEDULE_MODE must be hot, cold or both, not ${MODE}`);
const SCHEDULE_DAYS = 14;
const COLD_SUBJECTS = ['English', 'IELTS'];

type Figures = { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, durationS: number): Promise<Figures> {
  return figuresOf(await autocannon({ url, connections: CONNECTIONS, duration: durationS, headers }));
}

function figuresOf(result: autocannon.Result): Figures {
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Each request the next path of `paths`, from `from` on, for `durationS` or until the list ends
 * (so none is asked twice); answers the figures and how many paths it used.
 */
async function loadDistinct(baseUrl: string, paths: string[], from: number, headers: Record<string, string>, durationS: number) {
  let next = from;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    maxOverallRequests: Math.max(CONNECTIONS, paths.length - from),
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return { figures: figuresOf(result), used: next - from, seconds: result.duration };
}

/** Every tutor × date × zone × subject the tutor teaches, as schedule paths, shuffled (seeded, so runs compare). */
function coldPaths(tutors: { _id: string; subjects: string[] }[]): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const dates = Array.from({ length: SCHEDULE_DAYS }, (_, d) => isoDateIn(VIEWER_TIME_ZONE, d));
  const paths: string[] = [];
  for (const tutor of tutors) {
    for (const subject of COLD_SUBJECTS.filter((s) => tutor.subjects.includes(s))) {
      for (const date of dates) {
        for (const zone of zones) paths.push(`/api/teachers/${tutor._id}/schedule?date=${date}&timezone=${encodeURIComponent(zone)}&subject=${subject}`);
      }
    }
  }
  let seed = 17;
  for (let i = paths.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(10)} ${f.reqPerSec.toFixed(0).padStart(7)} req/s · p50 ${f.p50Ms} ms · p99 ${f.p99Ms} ms${f.errors || f.non2xx ? ` · errors ${f.errors}, non-2xx ${f.non2xx}` : ''}`;

async function benchOne(mode: string, env: Record<string, string>) {
  await withCleanup(async (onCleanup) => {
    const server = await startServer({ env, label: mode });
    onCleanup(server.stop);

    const { client } = await logIn(server.url, 'learner@parley.test');
    const { items: tutors } = await client.get<{ items: { _id: string; name: string; subjects: string[] }[] }>('/api/teachers');
    const tutor = tutors.find((t) => t.subjects.includes('English'));
    if (!tutor) throw new Error('no English tutor in the demo data');
    const date = isoDateIn(VIEWER_TIME_ZONE, 1);
    const schedulePath = `/api/teachers/${tutor._id}/schedule?date=${date}&timezone=${encodeURIComponent(VIEWER_TIME_ZONE)}&subject=English`;
    const sample = await client.get<{ timeslot?: unknown[] }>(schedulePath);
    const health = await new ApiClient(server.url).get<{ db: string }>('/api/health');

    console.log(`\n${mode} (server reports db: ${health.db}; pid ${server.pid})`);
    const headers = { cookie: client.cookieHeader };
    await load(`${server.url}/api/health`, {}, WARMUP_S);
    const healthFigures = await load(`${server.url}/api/health`, {}, DURATION_S);
    console.log(`  autocannon ${CONNECTIONS} connections × ${DURATION_S} s each`);
    console.log(line('health', healthFigures));
    const ratioLine = (name: string, f: Figures, p99Target?: number) => {
      const ratio = f.reqPerSec / healthFigures.reqPerSec;
      const ratioMet = ratio >= TARGET_RATIO;
      const p99Met = p99Target === undefined || f.p99Ms < p99Target;
      const p99Text = p99Target === undefined ? '' : `, p99 ${f.p99Ms} ms (target < ${p99Target} ms)`;
      return `  ${name}: ratio to health ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%)${p99Text} → ${ratioMet && p99Met ? 'met' : 'NOT met'}`;
    };

    if (MODE !== 'cold') {
      console.log(`  hot: schedule of ${tutor.name} for ${date} (${VIEWER_TIME_ZONE}), the same query each time; answer has ${Array.isArray(sample.timeslot) ? sample.timeslot.length : '?'} slots`);
      await load(`${server.url}${schedulePath}`, headers, WARMUP_S);
      const hot = await load(`${server.url}${schedulePath}`, headers, DURATION_S);
      console.log(line('hot', hot));
      console.log(ratioLine('hot', hot));
    }
    if (MODE !== 'hot') {
      const paths = coldPaths(tutors).filter((p) => p !== schedulePath);
      const warm = await loadDistinct(server.url, paths, 0, headers, WARMUP_S);
      const cold = await loadDistinct(server.url, paths, warm.used, headers, DURATION_S);
      const repeated = Math.max(0, warm.used + cold.used - paths.length);
      console.log(
        `  cold: ${paths.length} distinct queries (${tutors.length} tutors × ${SCHEDULE_DAYS} dates × ${Intl.supportedValuesOf('timeZone').length} zones × their subjects of ${COLD_SUBJECTS.join('/')}); ` +
          `${warm.used} to warm up, ${cold.used} measured, ${repeated ? `${repeated} asked twice (list too short)` : 'none asked twice'}`,
      );
      console.log(line('cold', cold.figures) + ` · over ${cold.seconds.toFixed(1)} s`);
      console.log(ratioLine('cold', cold.figures, TARGET_COLD_P99_MS));
    }
  });
}

await onEachDatabase(benchOne);
