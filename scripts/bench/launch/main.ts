import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LAUNCH_BATCH_SIZE } from '@om/core';
import pg from 'pg';
import { startBenchEnv, type BenchEnv } from './bench-env.ts';
import { withCpuProfile } from './cpu-profile.ts';
import { COINS_PER_MINTER, MINT_FEE_RATE, setUpMintLaunch } from './launch-setup.ts';
import { checkMints } from './mint-checks.ts';
import { mintCpuSpent, sampleMintCpu } from './mint-cpu.ts';
import { runMinters } from './mint-run.ts';
import { summarize } from './mint-summary.ts';
import { oldPathDeps, useOldPickIndex } from './old-path.ts';
import { measurePrepare, type PrepareFigures } from './prepare.ts';
import { renderMarkdown, writeDoc, type Figures } from './report.ts';
import { countRpcCalls } from './rpc-count.ts';
import { startServer } from './server.ts';

// npm run bench:launch [-- --minters 200] [--items 1000] [--prepare 10000] [--prepare-runs 5]
//   [--postgres URL] [--log-level error] [--no-docs] [--no-before] [--cpu-prof FILE]
//   [--minters-cpu-prof DIR]
// ADR 010: (1) the launch worker preparing a 10,000-inscription launch; (2) 200 concurrent
// minters on a 1,000-item public phase on PostgreSQL, over HTTP, against a real regtest node;
// product.md#scale-and-delivery: part 2 twice, the server as before (old-path.ts) then as it is,
// unless --no-before. Exits 1 when a check fails.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    minters: { type: 'string', default: '200' },
    items: { type: 'string', default: '1000' },
    prepare: { type: 'string', default: '10000' },
    'prepare-runs': { type: 'string', default: '5' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'log-level': { type: 'string', default: 'error' },
    'no-docs': { type: 'boolean', default: false },
    'no-before': { type: 'boolean', default: false },
    // The server's CPU profile during the last pass's mint (summarize-profile.ts reads it).
    'cpu-prof': { type: 'string' },
    // The minters' process writes its own profile into this directory (the last pass's).
    'minters-cpu-prof': { type: 'string' },
  },
});
const started = performance.now();
const log = (msg: string) =>
  console.log(`[bench:launch ${((performance.now() - started) / 1000).toFixed(0)} s] ${msg}`);

function count(name: keyof typeof args, min: number, max: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${args[name]}`);
  }
  return value;
}
const minters = count('minters', 1, 1000);
const items = count('items', 1, 10_000);
const prepareCount = count('prepare', 1, 10_000);
const prepareRuns = count('prepare-runs', 1, 100);

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    return `PostgreSQL ${rows[0]?.v ?? '?'}`;
  } finally {
    await client.end();
  }
}

/** The worker wrote what a launch of this size needs: 100 inscriptions a PSBT. */
function prepareFailures(p: PrepareFigures): string[] {
  const batches = Math.ceil(p.inscriptions / LAUNCH_BATCH_SIZE);
  const expected = {
    depositPsbts: batches,
    listingPsbts: p.phases * batches,
    orderbookRows: p.phases * p.inscriptions,
    movedRows: p.inscriptions,
  };
  return Object.entries(expected).flatMap(([key, want]) => {
    const got = p[key as keyof typeof expected];
    return got === want ? [] : [`part 1 wrote ${got} ${key}, not ${want}`];
  });
}

const rpcCalls = (bench: BenchEnv) => {
  const rpc = bench.deps.chain.rpc;
  if (!rpc) throw new Error('bench:launch runs on a node');
  return countRpcCalls(rpc);
};

async function mintPart(
  bench: BenchEnv,
  pass: 'before' | 'after',
  counter: ReturnType<typeof countRpcCalls>,
): Promise<Figures['mint']> {
  const isBefore = pass === 'before';
  await useOldPickIndex(bench.deps, isBefore);
  const server = await startServer(isBefore ? oldPathDeps(bench.deps) : bench.deps);
  try {
    const launch = await setUpMintLaunch(bench, server.origin, { items, minters }, log);
    log(
      `part 2 (${pass}): ${launch.batches} batches signed (${launch.blocksWhileSigning} blocks waited for), the deposits mined; ${minters} minters start`,
    );
    const calls = counter.since();
    // The indexer follows the node meanwhile, as in the server (mempool spends, trade tracker).
    const stopFollowing = new AbortController();
    const following = bench.follower.run(stopFollowing.signal);
    const cpuAtStart = await sampleMintCpu(bench.databaseUrl, bench.node.datadir);
    const profileFile = isBefore ? undefined : args['cpu-prof'];
    const mintersProfileDir = isBefore ? undefined : args['minters-cpu-prof'];
    const result = await withCpuProfile(profileFile, () =>
      runMinters(
        {
          origin: server.origin,
          launchpadId: launch.launchpadId,
          feeRate: MINT_FEE_RATE,
          minters: launch.minters,
          maxMintCount: 5,
        },
        mintersProfileDir,
      ),
    ).finally(async () => {
      stopFollowing.abort();
      await following;
    });
    const rpc = calls();
    const cpuAtEnd = await sampleMintCpu(bench.databaseUrl, bench.node.datadir);
    log(`part 2 (${pass}): the minters stopped after ${result.wallSeconds.toFixed(1)} s`);
    const summary = summarize(result.records);
    const state = await checkMints(bench, server.origin, launch, summary);
    const maxInFlightServer = server.maxMintRequestsInFlight();
    if (maxInFlightServer < minters) {
      state.failures.push(
        `only ${maxInFlightServer} mint requests were in flight at once, not ${minters}`,
      );
    }
    return {
      pass,
      rpc,
      minters,
      items,
      coinsPerMinter: COINS_PER_MINTER,
      signing: {
        batches: launch.batches,
        deposits: launch.depositTxids.length,
        blocks: launch.blocksWhileSigning,
      },
      wallSeconds: result.wallSeconds,
      cpu: mintCpuSpent(cpuAtStart, cpuAtEnd, result.cpuSeconds),
      maxInFlightClient: result.maxInFlight,
      maxInFlightServer,
      summary,
      state,
    };
  } finally {
    await server.stop();
  }
}

const loadStart = os.loadavg()[0] ?? 0;
const bench = await startBenchEnv(args.postgres, args['log-level']);
let figures: Figures;
try {
  await bench.sync();
  log(`part 1: ${prepareCount} inscriptions, ${prepareRuns} runs`);
  const prepare = await measurePrepare(bench, prepareCount, prepareRuns, log);
  const counter = rpcCalls(bench);
  const before = args['no-before'] ? undefined : await mintPart(bench, 'before', counter);
  const mint = await mintPart(bench, 'after', counter);
  figures = {
    date: new Date().toISOString().slice(0, 10),
    postgres: await serverVersion(bench.databaseUrl),
    loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
    totalSeconds: (performance.now() - started) / 1000,
    prepare,
    before,
    mint,
    failures: [
      ...prepareFailures(prepare),
      ...(before?.state.failures.map((f) => `before: ${f}`) ?? []),
      ...mint.state.failures,
    ],
  };
} catch (err) {
  // Told before the cleanup, which may fail in its turn.
  console.error('[bench:launch] failed:', err);
  throw err;
} finally {
  await bench.close();
}
const markdown = renderMarkdown(figures);
console.log(`\n${markdown}\n`);
if (!args['no-docs']) {
  await writeDoc(path.join(ROOT, 'docs/benchmarks.md'), markdown);
  log('docs/benchmarks.md updated');
}
if (figures.failures.length > 0) {
  log(`${figures.failures.length} check(s) failed`);
  process.exitCode = 1;
}
