// `npm run bench:peer-matching`: how long matchPeers (packages/domain/src/peer.ts) takes to pair
// a queue of 10,000 peers (issue 14's target: under 1 s). The queue is made up here: six levels,
// four first languages, join times spread over a minute, 1% of peers having reported someone in
// the queue. Runs 5 times after a warm-up and prints each run, the median and the pairs made.
// In process; prints figures, asserts nothing.
import { matchPeers, PEER_LEVELS, type QueuedPeer } from '../packages/domain/src/peer';

const PEERS = Number(process.env.BENCH_PEERS ?? 10_000);
const RUNS = 5;
const TARGET_MS = 1_000;
const languages = ['Hindi', 'Tamil', 'Bengali', 'Marathi'];

/** A small deterministic generator, so every run pairs the same queue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const next = random(42);
const queue: QueuedPeer[] = Array.from({ length: PEERS }, (_, i) => ({
  id: `peer-${i}`,
  level: PEER_LEVELS[Math.floor(next() * PEER_LEVELS.length)]!,
  firstLanguage: languages[Math.floor(next() * languages.length)]!,
  joinedAt: Math.floor(next() * 60_000),
}));
const reports = new Set<string>();
for (let i = 0; i < PEERS / 100; i += 1) {
  const a = `peer-${Math.floor(next() * PEERS)}`;
  const b = `peer-${Math.floor(next() * PEERS)}`;
  reports.add(`${a}|${b}`).add(`${b}|${a}`);
}
const blocked = (a: string, b: string) => reports.has(`${a}|${b}`);

matchPeers(queue, { blocked });
const times: number[] = [];
let result = matchPeers(queue, { blocked });
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  result = matchPeers(queue, { blocked });
  times.push(performance.now() - started);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
console.log(`matchPeers on ${PEERS.toLocaleString('en')} queued peers (${RUNS} runs): ${times.map((t) => `${t.toFixed(1)} ms`).join(', ')}`);
console.log(`  median ${median.toFixed(1)} ms → ${median < TARGET_MS ? 'met' : 'NOT met'} (target < ${TARGET_MS} ms); ${result.pairs.length.toLocaleString('en')} pairs, ${result.waiting.length} left waiting`);
