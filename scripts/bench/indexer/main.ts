import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { ensureChain, startWorkingNode, type WorkingNode } from './chain-cache.ts';
import { DEFAULT_PLAN, type ChainManifest } from './chain-generator.ts';
import type { FetchResult } from './measure-fetch.ts';
import type { IndexResult } from './measure-index.ts';
import type { LatencyResult } from './measure-latency.ts';
import { renderMarkdown, writeDoc, type Figures, type PhaseRuns } from './report.ts';
import { nodeFlagsOption } from '../server-node-flags.ts';
import { runPhase, type NodeRef, type PhaseRequest } from './run-phase.ts';

// npm run bench:indexer [-- --rounds 5] [--regenerate] [--chain-dir DIR] [--postgres URL]
//   [--latency-blocks 30] [--no-docs] [--no-before] [--cpu-prof DIR] [--node-flags='FLAGS']
// The measured phases run with the Node flags of apps/server's `start` unless --node-flags is given
// (--node-flags= for none).
// In one run, `rounds` times in turn: (1) fetch + decode alone, (2) the indexer from scratch into
// PostgreSQL and into PGlite, PGlite also as before (blocks decoded on the indexer's own thread,
// unless --no-before); then (3) latency on each database. Medians of the rounds.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    regenerate: { type: 'boolean', default: false },
    'chain-dir': { type: 'string', default: path.join(ROOT, 'data/bench/indexer-chain') },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'latency-blocks': { type: 'string', default: '30' },
    'no-docs': { type: 'boolean', default: false },
    'no-before': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    // Node flags for the measured phases' processes; by default those `npm start` runs the
    // server with, so that PGlite's WASM is compiled as in the product.
    'node-flags': { type: 'string' },
  },
});
const log = (msg: string) => console.log(`[bench:indexer] ${msg}`);
const KINDS = ['postgres', 'pglite'] as const;
const LABELS = { postgres: '(2) indexer → PostgreSQL', pglite: '(2) indexer → PGlite' };
const BEFORE = ', before (blocks decoded on its thread)';
const rounds = Number(args.rounds);
const nodeFlags = nodeFlagsOption(args['node-flags']);
const latencyBlocks = { blocks: Number(args['latency-blocks']), perBlock: 3 };

function profileArgs(name: string): string[] {
  const dir = args['cpu-prof'];
  if (!dir) return nodeFlags;
  return [
    ...nodeFlags,
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    `--cpu-prof-name=${name}.cpuprofile`,
  ];
}

function emptyRuns(label: string, manifest: ChainManifest): PhaseRuns {
  const runs = {
    seconds: [],
    maxRssBytes: [],
    cpuSeconds: [],
    bitcoindCpuSeconds: [],
    databaseCpuSeconds: [],
  };
  return { label, blocks: manifest.tipHeight + 1, inscriptions: manifest.inscriptions, ...runs };
}

/** Runs a measured phase, adding its time, peak RSS and CPU (its own and bitcoind's) to `runs`. */
async function measured<T extends { seconds: number; databaseCpuSeconds?: number }>(
  working: WorkingNode,
  runs: PhaseRuns,
  request: PhaseRequest,
  profileName: string,
): Promise<T> {
  const bitcoindBefore = working.cpuSeconds();
  const output = await runPhase<T>(request, profileArgs(profileName));
  const bitcoindAfter = working.cpuSeconds();
  runs.seconds.push(output.result.seconds);
  runs.maxRssBytes.push(output.maxRssBytes);
  runs.cpuSeconds.push(output.cpuSeconds);
  if (bitcoindBefore !== undefined && bitcoindAfter !== undefined) {
    runs.bitcoindCpuSeconds.push(bitcoindAfter - bitcoindBefore);
  }
  if (output.result.databaseCpuSeconds !== undefined) {
    runs.databaseCpuSeconds.push(output.result.databaseCpuSeconds);
  }
  return output.result;
}

/**
 * Indexed counts must be the generated chain's, or the run measured something else; and the
 * BRC-20 index must end on the cumulative hash the generator's own model computed.
 */
function checkIndexed(kind: string, result: IndexResult, manifest: ChainManifest): void {
  const { brc20 } = result;
  if (
    brc20 &&
    (brc20.events !== manifest.brc20.operations ||
      brc20.cumulativeHash !== manifest.brc20.cumulativeHash)
  ) {
    throw new Error(
      `${kind}: BRC-20 indexed ${brc20.events} events ending on ${brc20.cumulativeHash}, the model has ${manifest.brc20.operations} ending on ${manifest.brc20.cumulativeHash}`,
    );
  }
  if (result.inscriptions === manifest.inscriptions && result.transfers === manifest.transfers) {
    return;
  }
  throw new Error(
    `${kind}: indexed ${result.inscriptions} inscriptions and ${result.transfers} transfers, the chain has ${manifest.inscriptions} and ${manifest.transfers}`,
  );
}

/** Resources to release if the run is interrupted (Ctrl-C): the node, the databases. */
const live = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void Promise.allSettled([...live].map((release) => release())).then(() => process.exit(130));
  });
}

async function createTracked(kind: (typeof KINDS)[number]) {
  const db = await createBenchDatabase(kind, args.postgres);
  live.add(db.drop);
  return {
    ...db,
    drop: async () => {
      live.delete(db.drop);
      await db.drop();
    },
  };
}

/** (2) on one database, from scratch: created and migrated apart (not measured), then indexed. */
async function indexRound(
  working: WorkingNode,
  node: NodeRef,
  kind: (typeof KINDS)[number],
  round: number,
  figures: Figures,
  reader: 'thread' | 'indexer',
  isBefore = false,
): Promise<BenchDatabase> {
  const db = await createTracked(kind);
  const prepared = await runPhase({ phase: 'prepare', db: db.spec }, nodeFlags);
  if (kind === 'pglite') {
    figures.pgliteCreateMaxRssBytes = Math.max(
      figures.pgliteCreateMaxRssBytes,
      prepared.maxRssBytes,
    );
  }
  const runs = isBefore
    ? figures.before.find((r) => r.label === LABELS[kind] + BEFORE)!
    : figures.indexed[KINDS.indexOf(kind)]!;
  const index = { phase: 'index', node, db: db.spec, reader, indexOnly: isBefore } as const;
  const name = `index-${kind}${isBefore ? '-before' : ''}-${round}`;
  const result = await measured<IndexResult>(working, runs, index, name);
  checkIndexed(kind, result, figures.manifest);
  if (result.brc20) figures.brc20[KINDS.indexOf(kind)]!.seconds.push(result.brc20.seconds);
  if (result.runes) figures.runes[KINDS.indexOf(kind)]!.seconds.push(result.runes.seconds);
  return db;
}

/** (3) on the databases of the last round, one after the other: each mines its own blocks. */
async function measureLatencies(
  node: NodeRef,
  databases: { kind: (typeof KINDS)[number]; db: BenchDatabase }[],
  figures: Figures,
): Promise<void> {
  let treasury = figures.manifest.treasury;
  for (const { kind, db } of databases) {
    log(`(3) latency on ${kind}`);
    const { result } = await runPhase<LatencyResult & { treasury: typeof treasury }>(
      {
        phase: 'latency',
        node,
        db: db.spec,
        seed: figures.manifest.plan.seed,
        treasury,
        ...latencyBlocks,
      },
      nodeFlags,
    );
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    figures.latency.push({ label, samples: result.afterMinedMs, fromCall: result.fromCallMs });
    treasury = result.treasury;
  }
}

async function measureAll(working: WorkingNode, figures: Figures): Promise<void> {
  const node: NodeRef = {
    url: working.rpcUrl,
    cookieFile: path.join(working.datadir, 'regtest', '.cookie'),
  };
  const last: { kind: (typeof KINDS)[number]; db: BenchDatabase }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round}/${rounds}: (1) fetching and decoding every block`);
      const request = { phase: 'fetch', node, tipHeight: figures.manifest.tipHeight } as const;
      await measured<FetchResult>(working, figures.baseline, request, `fetch-${round}`);
      for (const kind of KINDS) {
        log(`round ${round}/${rounds}: (2) indexing into ${kind}`);
        // As main.ts wires it: the block reader thread on PGlite only.
        const reader = kind === 'pglite' ? 'thread' : 'indexer';
        const db = await indexRound(working, node, kind, round, figures, reader);
        if (round === rounds) last.push({ kind, db });
        else await db.drop();
        if (args['no-before'] || reader === 'indexer') continue;
        log(`round ${round}/${rounds}: (2) indexing into ${kind}${BEFORE}`);
        await (await indexRound(working, node, kind, round, figures, 'indexer', true)).drop();
      }
    }
    await measureLatencies(node, last, figures);
  } finally {
    for (const { db } of last) await db.drop();
  }
}

const chainDir = args['chain-dir'];
const { manifest, isFresh } = await ensureChain(chainDir, DEFAULT_PLAN, {
  regenerate: args.regenerate,
  log,
});
log(
  `chain: ${manifest.tipHeight + 1} blocks, ${manifest.inscriptions} inscriptions, ${manifest.transfers} transfers, ${manifest.brc20.operations} BRC-20 operations (${isFresh ? 'generated' : 'cached'}, ${manifest.generationSeconds.toFixed(0)} s to generate)`,
);
const figures: Figures = {
  date: new Date().toISOString().slice(0, 10),
  manifest,
  isFreshChain: isFresh,
  rounds,
  baseline: emptyRuns('(1) fetch + decode (getblock 3)', manifest),
  indexed: KINDS.map((kind) => emptyRuns(LABELS[kind], manifest)),
  before: args['no-before'] ? [] : [emptyRuns(LABELS.pglite + BEFORE, manifest)],
  latency: [],
  latencyBlocks,
  loadAverage: { start: os.loadavg()[0] ?? 0, end: 0 },
  pgliteCreateMaxRssBytes: 0,
  nodeFlags,
  brc20: KINDS.map((kind) => ({
    label: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    seconds: [],
  })),
  runes: KINDS.map((kind) => ({
    label: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    seconds: [],
  })),
};
const working = await startWorkingNode(chainDir, manifest);
live.add(working.close);
try {
  await measureAll(working, figures);
} finally {
  live.delete(working.close);
  await working.close();
}
figures.loadAverage.end = os.loadavg()[0] ?? 0;

const markdown = renderMarkdown(figures);
console.log(`\n${markdown}\n`);
if (!args['no-docs']) {
  await writeDoc(path.join(ROOT, 'docs/benchmarks.md'), markdown);
  log('figures written to docs/benchmarks.md');
}
