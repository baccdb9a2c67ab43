import { fmt, machine, mark, median, percentile, writeDocBlock } from '../bench-report.ts';
import type { ChainManifest } from './chain-generator.ts';

/** One phase measured once per round. */
export interface PhaseRuns {
  label: string;
  blocks: number;
  inscriptions: number;
  seconds: number[];
  maxRssBytes: number[];
  /** CPU time of the phase's own process. */
  cpuSeconds: number[];
  /** CPU time bitcoind spent during the phase (empty off Linux). */
  bitcoindCpuSeconds: number[];
  /** CPU time of the PostgreSQL backends serving the phase (empty when not measured). */
  databaseCpuSeconds: number[];
}

interface Latency {
  label: string;
  /** From generatetoaddress returning to the inscriptions queryable, per block (ms). */
  samples: number[];
  /** The same from the generatetoaddress call, mining included. */
  fromCall: number[];
}

export interface Figures {
  date: string;
  manifest: ChainManifest;
  isFreshChain: boolean;
  rounds: number;
  baseline: PhaseRuns;
  indexed: PhaseRuns[];
  /** (2) on PGlite as before issue 18's block reader thread; empty with --no-before. */
  before: PhaseRuns[];
  latency: Latency[];
  latencyBlocks: { blocks: number; perBlock: number };
  /** One-minute load average at the start and end: other work on the machine skews the times. */
  loadAverage: { start: number; end: number };
  /** Peak RSS of creating and migrating a fresh PGlite data dir, in its own process. */
  pgliteCreateMaxRssBytes: number;
  /** The Node flags every measured process ran with (apps/server's `start` ones by default). */
  nodeFlags: readonly string[];
  /** The BRC-20 index after (2), on the same database, per kind in the order of `indexed`. */
  brc20: { label: string; seconds: number[] }[];
  /** The runes index after the BRC-20 index, on the same database, per kind as `indexed`. */
  runes: { label: string; seconds: number[] }[];
}

const TARGETS = {
  ratio: 2.0,
  pgliteRatio: 2.5,
  peakBytes: 1024 ** 3,
  latencyMedianMs: 500,
  brc20Share: 0.2,
  runesShare: 0.15,
};

const mb = (bytes: number) => fmt(bytes / 1024 ** 2);
const list = (values: readonly number[], digits = 1) =>
  values.map((v) => fmt(v, digits)).join(', ');

function phaseRow(r: PhaseRuns, ratio: string): string {
  const seconds = median(r.seconds);
  const cpuOf = (values: number[]) => (values.length > 0 ? fmt(median(values), 1) : '–');
  const cpu = [r.cpuSeconds, r.bitcoindCpuSeconds, r.databaseCpuSeconds].map(cpuOf).join(' / ');
  const cells = [
    r.label,
    fmt(seconds, 1),
    fmt(r.blocks / seconds),
    fmt(r.inscriptions / seconds),
    mb(Math.max(...r.maxRssBytes)),
    cpu,
    ratio,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The run's figures as Markdown: the chain, a table of phases, latency, the targets. */
export function renderMarkdown(f: Figures): string {
  const { manifest: m, baseline } = f;
  const ratioOf = (r: PhaseRuns) => median(r.seconds) / median(baseline.seconds);
  const postgres = f.indexed.find((r) => r.label.includes('PostgreSQL'));
  const pglite = f.indexed.find((r) => r.label.includes('PGlite'));
  const pgliteBefore = f.before.find((r) => r.label.includes('PGlite'));
  const peak = Math.max(...[baseline, ...f.indexed, ...f.before].flatMap((r) => r.maxRssBytes));
  const latencyMedians = f.latency.map((l) => median(l.samples));
  const brc20Shares = f.brc20.map((b, i) => median(b.seconds) / median(f.indexed[i]!.seconds));
  const runesShares = f.runes.map((b, i) => median(b.seconds) / median(f.indexed[i]!.seconds));
  const { counts } = m.brc20;
  const chainSource = f.isFreshChain ? 'during this run' : 're-used from the cache';
  return [
    `Run of ${f.date} on ${machine()}; load average ${fmt(f.loadAverage.start, 1)} at the start, ${fmt(f.loadAverage.end, 1)} at the end.`,
    '',
    `Chain: ${fmt(m.tipHeight + 1)} blocks (0..${m.tipHeight}), ${fmt(m.inscriptions)} inscriptions, ${fmt(m.transfers)} inscription transfers in ${fmt(m.transferTxs)} transfer transactions; generated in ${fmt(m.generationSeconds)} s (${chainSource}).`,
    '',
    `Medians of ${f.rounds} rounds, each round running (1), then (2) on each database, each from scratch. Peak RSS is the highest of the rounds. CPU: the phase's own process / bitcoind / PostgreSQL's backends (PGlite runs inside the process). The PostgreSQL database is created with collation C, as README's "Running apart" says. ${f.nodeFlags.length > 0 ? `Every measured process runs \`node ${f.nodeFlags.join(' ')}\`, as \`npm start\` runs the server.` : 'The measured processes run Node without flags.'}`,
    '',
    '| Phase | Time (s) | Blocks/s | Inscriptions/s | Peak RSS (MB) | CPU (s) | Ratio to (1) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    phaseRow(baseline, '1.00'),
    ...f.indexed.map((r) => phaseRow(r, fmt(ratioOf(r), 2))),
    ...f.before.map((r) => phaseRow(r, fmt(ratioOf(r), 2))),
    '',
    ...(f.before.length > 0
      ? [
          "Before: the same indexer on PGlite with getblock's answers read, parsed and decoded on its own thread, as before issue 18's block reader thread, and as on PostgreSQL still (the inscription index alone, without BRC-20 and runes after it).",
          '',
        ]
      : []),
    `Creating and migrating a fresh PGlite data dir (not the indexer; from the template, or by initdb when there is none yet: issue 18) peaks at ${mb(f.pgliteCreateMaxRssBytes)} MB in a process of its own.`,
    '',
    `Rounds (s): ${[baseline, ...f.indexed, ...f.before].map((r) => `${r.label.replace(/ \(.*\)$/, '')}: ${list(r.seconds)}`).join('; ')}.`,
    '',
    `BRC-20: ${fmt(m.brc20.operations)} operations with an event on this chain (${fmt(counts.deploy)} deploys, ${fmt(counts.mint)} mints, ${fmt(counts.transferInscribe)} transfer-inscribes, ${fmt(counts.transferTransfer)} transfer-transfers). After each (2), the BRC-20 index from scratch over the same database (\`indexBrc20\`, up to 100 blocks per transaction, the next batch's candidates read while one is written); it ended on the cumulative event hash the generator computed on its own (\`${m.brc20.cumulativeHash.slice(0, 16)}…\`) in every round, or the run would have failed.`,
    '',
    '| Database | BRC-20 time (s) | Inscription indexer (2) (s) | BRC-20 / (2) | BRC-20 operations/s |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...f.brc20.map((b, i) => {
      const seconds = median(b.seconds);
      const cells = [
        fmt(seconds, 1),
        fmt(median(f.indexed[i]!.seconds), 1),
        `${fmt(100 * brc20Shares[i]!, 1)} %`,
        fmt(m.brc20.operations / seconds),
      ];
      return `| ${b.label} | ${cells.join(' | ')} |`;
    }),
    '',
    `Rounds (s), BRC-20 (its share of that round's (2)): ${f.brc20.map((b, i) => `${b.label}: ${b.seconds.map((s, r) => `${fmt(s, 1)} (${fmt((100 * s) / f.indexed[i]!.seconds[r]!, 1)} %)`).join(', ')}`).join('; ')}.`,
    '',
    `Runes: after the BRC-20 index, the runes index from scratch over the same database (\`indexRunes\`, ADR 028: each block read again from the node raw, \`getblock <hash> 0\`, and parsed by our own reader, its runestones decoded, the block's state loaded, ord's rules applied; up to 50 blocks written per transaction). This chain has no runestone, so this is the cost runes add to a chain of inscriptions. Rounds (s) (share of that round's (2)): ${f.runes.map((b, i) => `${b.label}: ${b.seconds.map((s, r) => `${fmt(s, 1)} (${fmt((100 * s) / f.indexed[i]!.seconds[r]!, 1)} %)`).join(', ')}`).join('; ')}.`,
    '',
    `Latency, from a block mined (generatetoaddress returned) to its inscriptions queryable in chain_inscriptions, over ${f.latencyBlocks.blocks} blocks of ${f.latencyBlocks.perBlock} reveals and ${f.latencyBlocks.perBlock} moves each, with the follower's run() loop live:`,
    '',
    '| Database | Median (ms) | p95 (ms) | Max (ms) | Median from the call (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...f.latency.map((l) => {
      const cells = [median(l.samples), percentile(l.samples, 95), Math.max(...l.samples)];
      return `| ${l.label} | ${cells.map((v) => fmt(v, 1)).join(' | ')} | ${fmt(median(l.fromCall), 1)} |`;
    }),
    '',
    'Targets:',
    '',
    `- ratio (2)/(1) ≤ ${TARGETS.ratio.toFixed(1)} on PostgreSQL: ${postgres ? `${fmt(ratioOf(postgres), 2)}, ${mark(ratioOf(postgres) <= TARGETS.ratio)}` : 'not measured'}`,
    `- ratio (2)/(1) toward ${TARGETS.pgliteRatio.toFixed(1)} on PGlite: ${pglite ? `${fmt(ratioOf(pglite), 2)}${pgliteBefore ? ` (before: ${fmt(ratioOf(pgliteBefore), 2)})` : ''}, ${mark(ratioOf(pglite) <= TARGETS.pgliteRatio)}` : 'not measured'}`,
    `- peak memory ≤ 1 GB: ${mb(peak)} MB, ${mark(peak <= TARGETS.peakBytes)} (creating a fresh PGlite data dir: ${mb(f.pgliteCreateMaxRssBytes)} MB)`,
    `- BRC-20 adds ≤ ${fmt(100 * TARGETS.brc20Share, 0)} % to the indexing time: ${brc20Shares.map((v, i) => `${fmt(100 * v, 1)} % on ${f.brc20[i]!.label}`).join(', ')}, ${mark(brc20Shares.every((v) => v <= TARGETS.brc20Share))}`,
    `- runes add ≤ ${fmt(100 * TARGETS.runesShare, 0)} % to the indexing time: ${runesShares.map((v, i) => `${fmt(100 * v, 1)} % on ${f.runes[i]!.label}`).join(', ')}, ${mark(runesShares.every((v) => v <= TARGETS.runesShare))}`,
    `- mined → queryable, median ≤ ${TARGETS.latencyMedianMs} ms: ${latencyMedians.map((v) => `${fmt(v, 1)} ms`).join(' / ')}, ${mark(latencyMedians.every((v) => v <= TARGETS.latencyMedianMs))}`,
  ].join('\n');
}

/** Replaces the generated part of the Indexer section of docs/benchmarks.md. */
export const writeDoc = (file: string, markdown: string) =>
  writeDocBlock(file, 'indexer', '## Indexer', markdown);
