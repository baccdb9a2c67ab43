import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../../apps/server/src/db/create-db.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { pgliteTemplatePath } from '../../../apps/server/src/db/pglite-template.ts';
import { nodeFlagsOption } from '../server-node-flags.ts';

// npm run bench:pglite [-- --runs 3] [--node-flags '--no-liftoff']
// product.md#scale-and-delivery: the peak memory and wall time of creating a fresh PGlite data dir
// and migrating it, as the server does on its first start, made by initdb (as before, and still the
// first time for a PGlite version and set of migrations) and unpacked from the template
// (pglite-template.ts), and on a fresh clone's first start (the initdb output made at install unpacked,
// then migrated and saved as the template). Each run is a child process of its own, so its peak is its own: VmHWM, the
// kernel's peak RSS; the RSS sampled every 20 ms misses most of it, as PGlite's WASM holds the
// thread while it works. Steps: 'open' is createDb (PGlite's WASM, then initdb or the template),
// 'migrate' ours.

const CHILD_FLAG = '--child';
const RESULT_MARK = 'PGLITE-BENCH ';
const SAMPLE_MS = 20;

interface Step {
  step: string;
  ms: number;
  rssMb: number;
}

interface RunResult {
  steps: Step[];
  totalMs: number;
  sampledPeakMb: number;
  vmHwmMb: number;
}

const mb = (bytes: number) => bytes / 2 ** 20;

function vmHwmMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/**
 * 'initdb': PGlite's initdb, no template (before). 'first': a fresh clone's first start: the
 * shipped initdb output unpacked, every migration, the template saved. 'template': later starts.
 */
type Mode = 'initdb' | 'first' | 'template';

/** The child: one fresh data dir, created and migrated, under a 20 ms RSS sampler. */
async function child(mode: Mode): Promise<void> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), SAMPLE_MS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-bench-pglite-'));
  const steps: Step[] = [];
  const start = performance.now();
  let last = start;
  const mark = (step: string) => {
    const now = performance.now();
    steps.push({ step, ms: now - last, rssMb: mb(process.memoryUsage().rss) });
    last = now;
  };
  try {
    const template =
      mode === 'initdb' ? false : mode === 'first' ? path.join(dataDir, 'none.tar.gz') : undefined;
    const db = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), template });
    mark('open');
    await migrate(db);
    mark('migrate');
    await db.close();
    mark('close');
  } finally {
    clearInterval(sampler);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const result: RunResult = {
    steps,
    totalMs: performance.now() - start,
    sampledPeakMb: mb(peak),
    vmHwmMb: vmHwmMb(),
  };
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result)}\n`);
}

async function runChild(mode: Mode, nodeFlags: string[] = []): Promise<RunResult> {
  const args = [...nodeFlags, '--import', 'tsx', import.meta.filename, CHILD_FLAG, mode];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', resolve);
  });
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
  if (code !== 0 || !line) throw new Error(`the child failed (exit ${code})`);
  return JSON.parse(line.slice(RESULT_MARK.length)) as RunResult;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function describe(run: RunResult): string {
  const steps = run.steps
    .map((s) => `${s.step} ${s.ms.toFixed(0)} ms (RSS after: ${s.rssMb.toFixed(0)} MB)`)
    .join(', ');
  return `peak ${run.vmHwmMb.toFixed(0)} MB (VmHWM; sampled ${run.sampledPeakMb.toFixed(0)} MB), ${(run.totalMs / 1000).toFixed(2)} s: ${steps}`;
}

async function measure(mode: Mode, runs: number, nodeFlags: string[] = []): Promise<void> {
  const results: RunResult[] = [];
  const label = [mode, ...nodeFlags].join(' ');
  for (let i = 1; i <= runs; i++) {
    const run = await runChild(mode, nodeFlags);
    console.log(`[bench:pglite] ${label} ${i}: ${describe(run)}`);
    results.push(run);
  }
  const peak = median(results.map((r) => r.vmHwmMb));
  const seconds = median(results.map((r) => r.totalMs)) / 1000;
  console.log(
    `[bench:pglite] ${label}, medians of ${runs}: peak ${peak.toFixed(0)} MB, ${seconds.toFixed(2)} s (target: peak < 512 MB)`,
  );
}

async function parent(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      // Node flags to measure the fresh-clone and template starts with as well; by default
      // those `npm start` runs the server with (--no-liftoff), '' for none.
      'node-flags': { type: 'string' },
    },
  });
  const nodeFlags = nodeFlagsOption(args['node-flags']);
  const runs = Number(args.runs);
  if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got ${args.runs}`);
  await measure('initdb', runs);
  await measure('first', runs);
  if (!fs.existsSync(pgliteTemplatePath())) {
    console.log(
      `[bench:pglite] no template yet; building it: ${describe(await runChild('template'))}`,
    );
  }
  await measure('template', runs);
  if (nodeFlags.length > 0) {
    await measure('first', runs, nodeFlags);
    await measure('template', runs, nodeFlags);
  }
}

const childAt = process.argv.indexOf(CHILD_FLAG);
await (childAt > 0 ? child(process.argv[childAt + 1] as Mode) : parent());
