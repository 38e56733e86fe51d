// `npm run bench:affiliate` (builds the server first): the affiliate dashboard over 100,000
// recorded referral events.
//
// A real server on PGlite in a temp dir (and on a fresh PostgreSQL database too when
// DATABASE_URL is set, dropped after) is started once to migrate and seed the demo data, then
// stopped. 100 affiliates (the approved demo affiliate, affiliate@parley.test, and 99 more) are
// given, straight in the database, 108,000 events spread over the last year: 80,000 clicks,
// 12,000 learners who signed up through them, and 8,000 payments with their credited commission
// lines and ledger entries. The demo affiliate, the one measured, holds a fifth of every kind
// (16,000 clicks, 2,400 sign-ups, 1,600 commission lines), the rest share the others.
// The planner's statistics are refreshed (VACUUM ANALYZE), and EXPLAIN ANALYZE of each query
// the dashboard runs is printed (they must be index scans on influencer_id, not full scans).
// The server is started again, the affiliate logs in, and GET /api/affiliate/dashboard and
// GET /api/affiliate/series?days=90 are each timed over 300 sequential requests after 20
// warm-ups: p50, p95, p99 and max (target: the dashboard's p99 < 50 ms).
//
// Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { affiliateDashboardSchema } from '@parley/domain/affiliate-api';
import { openDatabase } from '../apps/server/src/db/client';
import { affiliateAttributions, affiliateBalances, affiliateClicks, affiliateCommissions, affiliateLedger, influencers, users } from '../apps/server/src/db/schema';
import { logIn, type ApiClient } from './lib/api-client';
import { createFreshDatabase, startServer, withCleanup } from './lib/server';

const CLICKS = 80_000;
const SIGN_UPS = 12_000;
const PAYMENTS = 8_000;
const BATCH = 2_000;
const REQUESTS = 300;
const WARMUP = 20;
const TARGET_P99_MS = 50;
const AFFILIATE_EMAIL = 'affiliate@parley.test';
const DAY_MS = 86_400_000;

/** Nearest-rank percentile of already sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Writes the events for the demo affiliate; for PGlite the server must be stopped. Prints the plans. */
async function seedEvents(target: { databaseUrl?: string; pgliteDir?: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    const { db } = database;
    const [affiliate] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, AFFILIATE_EMAIL), eq(users.role, 'influencer')));
    if (!affiliate) throw new Error(`no affiliate ${AFFILIATE_EMAIL}: the demo seed did not run`);
    const influencerId = affiliate.id;
    const startedAt = performance.now();
    const others = Array.from({ length: 99 }, (_, i) => ({ id: randomUUID(), role: 'influencer' as const, email: `bench-affiliate-${i}@example.com`, name: `Bench Affiliate ${i}` }));
    await db.insert(users).values(others);
    await db.insert(influencers).values(others.map((o, i) => ({ userId: o.id, referralCode: `BENCH${i}`, status: 'Approved' })));
    await db.insert(affiliateBalances).values(others.map((o) => ({ influencerId: o.id, currency: 'INR' as const }))).onConflictDoNothing();
    /** Every fifth event is the demo affiliate's. */
    const owner = (i: number) => (i % 5 === 0 ? influencerId : others[i % others.length]!.id);
    const now = Date.now();
    // Spread over the year, more recently than not (i² pulls towards now).
    const at = (i: number, n: number) => new Date(now - Math.floor(((i * 7919) % n) ** 2 / n ** 2 * 365 * DAY_MS) - 60_000);

    const clicks = Array.from({ length: CLICKS }, (_, i) => ({
      id: randomUUID(),
      influencerId: owner(i),
      utmSource: 'affiliate',
      utmMedium: 'web',
      utmCampaign: 'TANYA10',
      landingPath: '/index-affiliate',
      createdAt: at(i, CLICKS),
    }));
    await inBatches(clicks, (batch) => db.insert(affiliateClicks).values(batch));

    const learners = Array.from({ length: SIGN_UPS }, (_, i) => ({ id: randomUUID(), role: 'learner' as const, email: `bench-referred-${i}@example.com`, name: `Bench Learner ${i}`, createdAt: at(i, SIGN_UPS) }));
    await inBatches(learners, (batch) => db.insert(users).values(batch));
    await inBatches(
      learners.map((learner, i) => ({ learnerId: learner.id, influencerId: owner(i), clickId: clicks[i]!.id, touchedAt: learner.createdAt, createdAt: learner.createdAt })),
      (batch) => db.insert(affiliateAttributions).values(batch),
    );

    // Payments by the first learners (some pay more than once), each credited 20% of ₹999.
    const payments = Array.from({ length: PAYMENTS }, (_, i) => {
      const learner = learners[i % Math.floor(SIGN_UPS / 2)]!;
      const paidAt = new Date(Math.min(now - 1_000, learner.createdAt.getTime() + ((i * 31) % 40) * DAY_MS));
      return { id: randomUUID(), influencerId: owner(i % Math.floor(SIGN_UPS / 2)), learnerId: learner.id, paymentId: `pay_bench_${i}`, paidMinor: 99_900, paidCurrency: 'INR' as const, paidAt, amountMinor: 19_980, currency: 'INR' as const, creditedAt: paidAt };
    });
    await inBatches(payments, (batch) => db.insert(affiliateCommissions).values(batch));
    // Each affiliate's ledger in time order, its closing balances running from its current balance.
    await db.insert(affiliateBalances).values({ influencerId, currency: 'INR' }).onConflictDoNothing();
    const closing = new Map((await db.select().from(affiliateBalances)).map((b) => [b.influencerId, b.balanceMinor]));
    const ledger = [...payments]
      .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())
      .map((p) => {
        const balance = closing.get(p.influencerId)! + p.amountMinor;
        closing.set(p.influencerId, balance);
        return { influencerId: p.influencerId, kind: 'commission' as const, amountMinor: p.amountMinor, currency: 'INR' as const, closingBalanceMinor: balance, commissionId: p.id, sourceKey: `commission:${p.paymentId}`, createdAt: p.paidAt };
      });
    await inBatches(ledger, (batch) => db.insert(affiliateLedger).values(batch));
    for (const [id, balanceMinor] of closing) await db.update(affiliateBalances).set({ balanceMinor }).where(eq(affiliateBalances.influencerId, id));
    console.log(`  ${CLICKS + SIGN_UPS + PAYMENTS * 2} events for 100 affiliates written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${CLICKS} clicks, ${SIGN_UPS} sign-ups, ${PAYMENTS} commission lines and ledger entries; a fifth of each are the measured affiliate's)`);

    for (const table of ['affiliate_clicks', 'affiliate_attributions', 'affiliate_commissions', 'affiliate_ledger', 'users']) await db.execute(sql.raw(`vacuum analyze ${table}`));
    await explainDashboard(db, influencerId);
  } finally {
    await database.close();
  }
}

/** The dashboard's queries as the repository writes them (features/affiliate/affiliate.repository.ts). */
async function explainDashboard(db: Awaited<ReturnType<typeof openDatabase>>['db'], influencerId: string) {
  const monthStart = new Date(Date.now() - 20 * DAY_MS).toISOString();
  const queries: [string, string][] = [
    ['clicks', `select count(*) from affiliate_clicks where influencer_id = '${influencerId}'`],
    ['sign-ups', `select count(*) from affiliate_attributions where influencer_id = '${influencerId}'`],
    ['paying learners', `select count(distinct learner_id) from affiliate_commissions where influencer_id = '${influencerId}'`],
    [
      'earnings',
      `select sum(case when kind = 'commission' then amount_minor when kind = 'reversal' then -amount_minor else 0 end),
              sum(case when kind = 'commission' then amount_minor when kind = 'reversal' then -amount_minor else 0 end) filter (where created_at >= '${monthStart}')
         from affiliate_ledger where influencer_id = '${influencerId}'`,
    ],
    ['paid out', `select sum(amount_minor) from affiliate_payouts where influencer_id = '${influencerId}' and status = 'paid'`],
  ];
  console.log('  EXPLAIN ANALYZE of the dashboard queries:');
  for (const [name, query] of queries) {
    const result = (await db.execute(sql.raw(`explain (analyze, costs off, summary off) ${query}`))) as { rows: Record<string, string>[] };
    console.log(`    ${name}:`);
    for (const row of result.rows) console.log(`      ${Object.values(row)[0]}`);
  }
}

async function time(client: ApiClient, pathname: string) {
  for (let i = 0; i < WARMUP; i++) await client.get(pathname);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await client.get(pathname);
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  return { text: `p50 ${p50!.toFixed(1)} ms · p95 ${p95!.toFixed(1)} ms · p99 ${p99!.toFixed(1)} ms · max ${sorted.at(-1)!.toFixed(1)} ms (${REQUESTS} sequential)`, p99: p99! };
}

async function benchOne(mode: string, env: Record<string, string>) {
  await withCleanup(async (onCleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    console.log(`\n${mode}`);
    const first = await startServer({ env, dataDir, label: `${mode} (first start)` });
    await first.stop();
    await seedEvents(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, 'pglite') });

    const server = await startServer({ env, dataDir, label: mode });
    onCleanup(server.stop);
    const { client } = await logIn(server.url, AFFILIATE_EMAIL, 'influencer');
    const dashboard = affiliateDashboardSchema.parse(await client.get('/api/affiliate/dashboard'));
    console.log(`  dashboard: ${dashboard.clicks} clicks, ${dashboard.signUps} sign-ups, ${dashboard.payingLearners} paying learners, all time ${dashboard.earningsAllTime.amountMinor / 100} ${dashboard.earningsAllTime.currency}`);
    const figures = await time(client, '/api/affiliate/dashboard');
    console.log(`  GET /api/affiliate/dashboard: ${figures.text} → ${figures.p99 < TARGET_P99_MS ? 'met' : 'NOT met'} (target p99 < ${TARGET_P99_MS} ms)`);
    console.log(`  GET /api/affiliate/series?days=90: ${(await time(client, '/api/affiliate/series?days=90')).text}`);
  });
}

await benchOne('PGlite', {});
if (process.env.DATABASE_URL) {
  const fresh = await createFreshDatabase(process.env.DATABASE_URL, 'parley_bench_affiliate');
  try {
    await benchOne('PostgreSQL', { DATABASE_URL: fresh.url });
  } finally {
    await fresh.drop();
  }
}
