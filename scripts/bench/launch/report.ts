import { fmt, machine, median, writeDocBlock } from '../bench-report.ts';
import type { MintState } from './mint-checks.ts';
import type { MintCpu } from './mint-cpu.ts';
import type { Latency, MintSummary } from './mint-summary.ts';
import type { PrepareFigures } from './prepare.ts';

export interface Figures {
  date: string;
  postgres: string;
  loadAverage: { start: number; end: number };
  totalSeconds: number;
  prepare: PrepareFigures;
  /**
   * Part 2 on the server as before product.md#scale-and-delivery (old-path.ts), in the same run;
   * absent with --no-before.
   */
  before?: Figures['mint'] | undefined;
  mint: {
    pass: 'before' | 'after';
    /** RPC calls to the node by method while the minters ran (the indexer's follower's included). */
    rpc: Record<string, number>;
    minters: number;
    items: number;
    coinsPerMinter: number;
    /** The creator's batches of the mint launch, and the blocks waited for while signing them. */
    signing: { batches: number; deposits: number; blocks: number };
    wallSeconds: number;
    /** CPU of each process while the minters ran (the follower's in the server's). */
    cpu: MintCpu;
    maxInFlightClient: number;
    maxInFlightServer: number;
    summary: MintSummary;
    state: MintState;
  };
  failures: string[];
}

const n = fmt;
/** Milliseconds: a decimal below 100 ms only. */
const ms = (x: number) => n(x, x < 100 ? 1 : 0);
const row = (label: string, l: Latency) =>
  `| ${label} | ${n(l.count)} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} |`;

export function renderMarkdown(f: Figures): string {
  const p = f.prepare;
  const m = f.mint;
  const s = m.summary;
  const setups = s.mints.filter((x) => x.setupTxId).length;
  const refusals = Object.entries(s.refusals)
    .sort((a, b) => b[1] - a[1])
    .map(([message, count]) => `'${message}' × ${n(count)}`)
    .join(', ');
  const cpu = `CPU ${n(p.serverCpuMs / 1000, 1)} s in the process, ${p.databaseCpuMs === undefined ? '–' : n(p.databaseCpuMs / 1000, 1)} s in PostgreSQL (medians)`;
  return [
    `Run of ${f.date} on ${machine()}, ${f.postgres}; load average ${n(f.loadAverage.start, 1)} at the start, ${n(f.loadAverage.end, 1)} at the end; ${n(f.totalSeconds)} s in all.`,
    '',
    `**Worker preparation.** A launch of ${n(p.inscriptions)} synthetic inscriptions in ${p.phases} phases (fee 2 sat/vB): \`prepareLaunch\` (buildLaunchBatches + savePreparedLaunch) takes **${n(median(p.seconds), 1)} s**, median of ${p.runs} runs (${p.seconds.map((x) => n(x, 1)).join(', ')} s); ${cpu}. Each run writes ${n(p.depositPsbts + p.listingPsbts)} PSBTs (${n(p.depositPsbts)} deposits, ${n(p.listingPsbts)} listing batches), ${n(p.orderbookRows)} orderbook rows and ${n(p.movedRows)} launch_inscriptions outpoints.`,
    '',
    `**Mint.** ${n(m.minters)} minters (each a P2WPKH payment wallet with ${m.coinsPerMinter} coins, a taproot ordinals address and a client address of its own, forwarded as a reverse proxy does) on a ${n(m.items)}-item public phase, over HTTP, ${n(m.maxInFlightServer)} mint requests in flight at once at the server (${n(m.maxInFlightClient)} at the minters). **${n(s.minted)} inscriptions minted** in ${n(s.mints.length)} mint transactions (and ${n(setups)} padding setups) in **${n(m.wallSeconds, 1)} s**: ${n(s.minted / m.wallSeconds, 1)} inscriptions/s, ${n(s.mints.length / m.wallSeconds, 1)} mint transactions/s.`,
    '',
    `Setup, not timed: ${n(m.items)} inscriptions revealed to the creator, the launch created through the API, its ${m.signing.batches} batches signed by the creator and confirmed (${m.signing.deposits} chained deposits; ${m.signing.blocks === 0 ? 'no block needed' : `${m.signing.blocks} block(s) mined when Core refused a deposit as too-long-mempool-chain`}), the deposits mined.`,
    '',
    ...latencyTable(f),
    '',
    ...cpuLines(f),
    ...rpcLines(f),
    `Refused (409): ${refusals || 'none'}. Other answers: ${s.unexpected.length === 0 ? 'none' : s.unexpected.map((u) => `${u.call} ${u.status} '${u.error}' × ${u.count}`).join(', ')}.`,
    '',
    `Checked: the orderbook holds ${n(m.state.broadcastRows)} broadcast mints and the mint page shows ${n(m.state.pageMinted)} minted, ${m.state.pageRemaining ?? '–'} remaining; the mempool held ${n(m.state.inMempool)} of the ${n(m.state.transactions)} transactions the minters were answered, mined in ${m.state.blocksMined} block(s); the indexer then shows ${n(m.state.atMinters)} of ${n(m.items)} inscriptions at the ordinals address of the minter who minted them. At most ${s.longestChain} unconfirmed transactions of one minter, mints and setups, in its chain (Core's limit 25).`,
    '',
    f.failures.length === 0
      ? 'Every check held.'
      : `**Failed:**\n\n${f.failures.map((x) => `- ${x}`).join('\n')}`,
  ].join('\n');
}

/**
 * product.md#scale-and-delivery's targets under the burst: offer/create p95 ≤ 2 s, offer/submit
 * p95 ≤ 3 s.
 */
const TARGETS = { createP95: 2000, submitP95: 3000 };

function latencyTable(f: Figures): string[] {
  const passes = f.before ? [f.before, f.mint] : [f.mint];
  const label = (m: Figures['mint'], what: string) => (f.before ? `${m.pass}: ${what}` : what);
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const after = f.mint.summary;
  return [
    '| Request | Answers | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...passes.flatMap((m) => [
      row(label(m, 'offer/create, every answer'), m.summary.create),
      row(label(m, 'offer/create, 200 (an offer built)'), m.summary.createOk),
      row(label(m, "offer/create, each minter's first (sent at once)"), m.summary.opening),
      row(label(m, 'offer/submit'), m.summary.submit),
    ]),
    '',
    `Issue 18's targets: offer/create p95 ≤ ${n(TARGETS.createP95)} ms ${met(after.create.p95 <= TARGETS.createP95)} (${ms(after.create.p95)} ms), offer/submit p95 ≤ ${n(TARGETS.submitP95)} ms ${met(after.submit.p95 <= TARGETS.submitP95)} (${ms(after.submit.p95)} ms).`,
    ...(f.before
      ? [
          '',
          `Before (the same run, old-path.ts: each request reads the mempool itself, the old pick index): ${n(f.before.summary.minted)} minted in ${n(f.before.wallSeconds, 1)} s, ${n(f.before.summary.mints.length)} mint transactions; its checks ${f.before.state.failures.length === 0 ? 'held' : 'failed'}.`,
        ]
      : []),
  ];
}

/**
 * CPU per mint transaction by process: what a mint costs, whatever the latencies (which depend on
 * how many cores the minters' own signing leaves to the rest).
 */
function cpuLines(f: Figures): string[] {
  const per = (value: number | undefined, m: Figures['mint']) =>
    value === undefined ? '–' : ms(value / Math.max(1, m.summary.mints.length));
  const rows: [string, (c: MintCpu) => number | undefined][] = [
    ["The server (the bench's follower of the node included)", (c) => c.serverMs],
    ["PostgreSQL (the backends of the bench's database)", (c) => c.databaseMs],
    ['bitcoind', (c) => c.bitcoindMs],
    ["The minters' process (their signing)", (c) => c.mintersMs],
  ];
  return passTable(
    f,
    "CPU per mint transaction while the minters ran (ms, from /proc; setups are part of their mint's cost):",
    'Process',
    rows.map(([label, of]) => [label, (m) => per(of(m.cpu), m)]),
  );
}

function rpcLines(f: Figures): string[] {
  const passes = f.before ? [f.before, f.mint] : [f.mint];
  const methods = [...new Set(passes.flatMap((m) => Object.keys(m.rpc)))].sort();
  return passTable(
    f,
    "RPC calls to the node while the minters ran, by method (the follower's included; a JSON-RPC batch's calls count under their method, its requests under '(batches)'):",
    'Method',
    methods.map((method) => [method, (m) => n(m.rpc[method] ?? 0)]),
  );
}

/** A table with a column per pass (before, after) and a row per label, under its title. */
function passTable(
  f: Figures,
  title: string,
  what: string,
  rows: [string, (m: Figures['mint']) => string][],
): string[] {
  const passes = f.before ? [f.before, f.mint] : [f.mint];
  return [
    title,
    '',
    `| ${what} | ${passes.map((m) => m.pass).join(' | ')} |`,
    `| --- | ${passes.map(() => '---:').join(' | ')} |`,
    ...rows.map(([label, cell]) => `| ${label} | ${passes.map(cell).join(' | ')} |`),
    '',
  ];
}

/** Replaces the generated block of the bench:launch section of docs/benchmarks.md. */
export const writeDoc = (file: string, markdown: string) =>
  writeDocBlock(file, 'launch', '## bench:launch\n\n### Latest run', markdown);
