import { readFile } from 'node:fs/promises';

// npx tsx scripts/bench/launch/summarize-profile.ts FILE.cpuprofile [top]
// The share of CPU time per function (self time) and per package, idle and GC apart: enough to
// compare two runs of `npm run bench:launch -- --cpu-prof FILE` before and after a change.

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, top = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: summarize-profile.ts FILE.cpuprofile [top]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
const packages = new Map<string, number>();
let idle = 0;
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  if (frame.functionName === '(idle)') {
    idle += dt;
    return;
  }
  total += dt;
  const where = frame.url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*\/work\/main\//, '');
  const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const pkg = frame.url.includes('node_modules/')
    ? (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ?? '?')
    : frame.url
      ? (/(apps\/[^/]+|packages\/[^/]+|scripts)/.exec(frame.url)?.[1] ?? 'node')
      : frame.functionName;
  packages.set(pkg, (packages.get(pkg) ?? 0) + dt);
});
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`);
console.log('\nper package (self time):');
for (const [pkg, t] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${pct(t)}  ${pkg}`);
}
console.log('\nper function (self time):');
for (const [key, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
  console.log(`${pct(t)}  ${key}`);
}
