// `npm run bench:profile -- <file.cpuprofile> [--from S] [--to S]`: where a server's CPU went.
//
// Run any bench with BENCH_CPU_PROF_DIR=<dir> and each server it starts writes a V8 CPU profile
// there when it stops. This reads one and prints, for the samples between --from and --to seconds
// after the profile began (all of them by default): the share of time in each part of the
// program, by itself (self) and with what it called (total), and the functions that spent the most
// time by themselves; first, how busy the process was each second, to choose the window. A part is an npm package, a node: built-in, the server's own code (its
// bundle, apps/server/dist) or one of V8's own entries ((garbage collector), (idle), (program)).
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const TOP_FUNCTIONS = 30;
const TOP_PARTS = 25;

function argument(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : Number(process.argv[at + 1]);
}

/** The part of the program a frame belongs to. */
function partOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  if (url.includes('apps/server/dist')) return 'server code';
  return url.replace(/^file:\/\//, '');
}

const file = process.argv[2];
if (!file || file.startsWith('--')) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile> [--from seconds] [--to seconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const fromUs = (argument('--from') ?? 0) * 1e6;
const toUs = (argument('--to') ?? Infinity) * 1e6;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const selfByFunction = new Map<string, number>();
const selfByPart = new Map<string, number>();
const totalByPart = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

/** Per whole second of the profile: the time sampled and the time not idle. */
const seconds: { sampledUs: number; busyUs: number }[] = [];
let atUs = 0;
let sampledUs = 0;
for (let i = 0; i < profile.samples.length; i++) {
  atUs += profile.timeDeltas[i] ?? 0;
  const second = (seconds[Math.floor(atUs / 1e6)] ??= { sampledUs: 0, busyUs: 0 });
  second.sampledUs += profile.timeDeltas[i + 1] ?? 0;
  if (byId.get(profile.samples[i]!)!.callFrame.functionName !== '(idle)') second.busyUs += profile.timeDeltas[i + 1] ?? 0;
  if (atUs < fromUs || atUs > toUs) continue;
  // A sample stands for the time until the next one.
  const us = profile.timeDeltas[i + 1] ?? 0;
  sampledUs += us;
  const leaf = byId.get(profile.samples[i]!)!;
  const { functionName, url, lineNumber } = leaf.callFrame;
  add(selfByFunction, `${functionName || '(anonymous)'}  ${partOf(leaf.callFrame)}${url ? `:${lineNumber + 1}` : ''}`, us);
  add(selfByPart, partOf(leaf.callFrame), us);
  const parts = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName !== '(root)') parts.add(partOf(node.callFrame));
  }
  for (const part of parts) add(totalByPart, part, us);
}

const share = (us: number) => `${((100 * us) / sampledUs).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

const busy = Array.from(seconds, (second, i) => `${i}s ${second ? Math.round((100 * second.busyUs) / Math.max(1, second.sampledUs)) : 0}%`);
console.log(`${file}\nbusy each second: ${busy.join(' · ')}`);
console.log(`\n${(sampledUs / 1e6).toFixed(1)} s of samples${fromUs > 0 || toUs < Infinity ? ` from ${fromUs / 1e6} s to ${toUs / 1e6} s` : ''}`);
console.log('\nparts of the program   self    total');
for (const [part] of top(totalByPart, TOP_PARTS)) {
  console.log(`  ${part.padEnd(20)} ${share(selfByPart.get(part) ?? 0)} ${share(totalByPart.get(part)!)}`);
}
console.log(`\nfunctions by self time (top ${TOP_FUNCTIONS})`);
for (const [name, us] of top(selfByFunction, TOP_FUNCTIONS)) console.log(`  ${share(us)}  ${name}`);
