// `npm run bench:slots`: how long generateSlots (packages/domain/slots) takes for a busy tutor.
//
// Scenario: a tutor in New York with many weekly ranges (every day, split around breaks), seen
// by a learner in Kolkata (a 9.5–10.5 h offset, so every viewer date touches two tutor dates),
// over the 14-day schedule window that crosses the US spring-forward night (DST path), with a
// large share of the grid already booked. Every call asks for one date, as the schedule route
// does; a full window is 14 calls. Target: < 1 ms per call. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { generateSlots, scheduleDates, type GenerateSlotsOptions, type StoredAvailabilityRange, type TimeInterval } from '@parley/domain/slots';

const TARGET_MS_PER_CALL = 1;
const MEASURE_MS = Number(process.env.BENCH_SLOTS_MS ?? 2_000);
const MS_PER_MINUTE = 60_000;

type Scenario = { name: string; durationMin: number; rangesPerDay: [number, number][]; bookedShare: number };

const hm = (h: number, m = 0) => h * 60 + m;

const scenarios: Scenario[] = [
  {
    name: 'English, 15-min classes, 6 ranges a day, ~1/2 booked',
    durationMin: 15,
    rangesPerDay: [
      [hm(6), hm(8)],
      [hm(8, 30), hm(11)],
      [hm(11, 30), hm(13)],
      [hm(14), hm(16, 30)],
      [hm(17), hm(20)],
      [hm(20, 30), hm(23, 30)],
    ],
    bookedShare: 0.5,
  },
  {
    name: 'IELTS/kids, 25-min classes, 12 overlapping ranges a day, ~1/3 booked',
    durationMin: 25,
    rangesPerDay: Array.from({ length: 12 }, (_, i) => [hm(5 + i * 1.5), hm(7 + i * 1.5)] as [number, number]),
    bookedShare: 1 / 3,
  },
];

const tutorTimeZone = 'America/New_York';
const viewerTimeZone = 'Asia/Kolkata';
// 2026-03-01 09:00 UTC: the window runs to 2026-03-14 and crosses the US DST change on 2026-03-08.
const now = new Date('2026-03-01T09:00:00Z');

function availabilityOf(s: Scenario): StoredAvailabilityRange[] {
  return [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => s.rangesPerDay.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })));
}

/** Books every n-th slot of the unbooked grid, so the booked list is as long as a busy tutor's. */
function bookedOf(s: Scenario, availability: StoredAvailabilityRange[], dates: string[]): TimeInterval[] {
  const base = { availability, tutorTimeZone, daysOff: [], booked: [], viewerTimeZone, now, durationMin: s.durationMin };
  const every = Math.max(1, Math.round(1 / s.bookedShare));
  const all = dates.flatMap((date) => generateSlots({ ...base, date }));
  return all.filter((_, i) => i % every === 0).map((slot) => ({ startAt: slot.startAt, endAt: new Date(slot.startAt.getTime() + s.durationMin * MS_PER_MINUTE) }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function run(s: Scenario) {
  const availability = availabilityOf(s);
  const dates = scheduleDates({ now, viewerTimeZone });
  const booked = bookedOf(s, availability, dates);
  const options = (date: string): GenerateSlotsOptions => ({ availability, tutorTimeZone, daysOff: [], booked, date, viewerTimeZone, now, durationMin: s.durationMin });
  const freeSlots = dates.reduce((n, date) => n + generateSlots(options(date)).length, 0);

  // Warm-up: let the JIT settle before measuring.
  for (let i = 0; i < 200; i++) for (const date of dates) generateSlots(options(date));

  const perCallMs: number[] = [];
  const windowMs: number[] = [];
  const byDateMs = new Map<string, number>(dates.map((date) => [date, 0]));
  const until = performance.now() + MEASURE_MS;
  while (performance.now() < until) {
    const windowStart = performance.now();
    for (const date of dates) {
      const t0 = performance.now();
      generateSlots(options(date));
      const took = performance.now() - t0;
      perCallMs.push(took);
      byDateMs.set(date, byDateMs.get(date)! + took);
    }
    windowMs.push(performance.now() - windowStart);
  }
  perCallMs.sort((a, b) => a - b);
  windowMs.sort((a, b) => a - b);
  const mean = perCallMs.reduce((a, b) => a + b, 0) / perCallMs.length;
  const p99 = percentile(perCallMs, 99);

  console.log(`\n${s.name}`);
  console.log(`  ranges/week ${availability.length}, booked sessions ${booked.length}, free slots in 14 days ${freeSlots}, calls measured ${perCallMs.length}`);
  console.log(`  per call (one date):  mean ${mean.toFixed(3)} ms · p50 ${percentile(perCallMs, 50).toFixed(3)} ms · p99 ${p99.toFixed(3)} ms`);
  const [slowDate, slowTotal] = [...byDateMs].sort((a, b) => b[1] - a[1])[0]!;
  console.log(`  slowest date ${slowDate}: mean ${(slowTotal / windowMs.length).toFixed(3)} ms per call`);
  console.log(`  per 14-day window:    p50 ${percentile(windowMs, 50).toFixed(3)} ms · p99 ${percentile(windowMs, 99).toFixed(3)} ms`);
  console.log(`  target < ${TARGET_MS_PER_CALL} ms per call: mean is ${((mean / TARGET_MS_PER_CALL) * 100).toFixed(1)}% of the target, p99 ${((p99 / TARGET_MS_PER_CALL) * 100).toFixed(1)}% → ${p99 < TARGET_MS_PER_CALL ? 'met' : 'NOT met'}`);
}

console.log(`generateSlots: tutor ${tutorTimeZone}, viewer ${viewerTimeZone}, window from ${now.toISOString()} (crosses a DST change), ~${MEASURE_MS} ms per scenario`);
for (const s of scenarios) run(s);
