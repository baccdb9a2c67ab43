import { fmt, machine, median, writeDocBlock } from '../bench-report.ts';
import type { MintState } from './mint-checks.ts';
import type { Latency, MintSummary } from './mint-summary.ts';
import type { PrepareFigures } from './prepare.ts';

export interface Figures {
  date: string;
  postgres: string;
  loadAverage: { start: number; end: number };
  totalSeconds: number;
  prepare: PrepareFigures;
  mint: {
    minters: number;
    items: number;
    coinsPerMinter: number;
    /** The creator's batches of the mint launch, and the blocks waited for while signing them. */
    signing: { batches: number; deposits: number; blocks: number };
    wallSeconds: number;
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
    `**Mint.** ${n(m.minters)} minters (each a P2WPKH payment wallet with ${m.coinsPerMinter} coins and a taproot ordinals address) on a ${n(m.items)}-item public phase, over HTTP, ${n(m.maxInFlightServer)} mint requests in flight at once at the server (${n(m.maxInFlightClient)} at the minters). **${n(s.minted)} inscriptions minted** in ${n(s.mints.length)} mint transactions (and ${n(setups)} padding setups) in **${n(m.wallSeconds, 1)} s**: ${n(s.minted / m.wallSeconds, 1)} inscriptions/s, ${n(s.mints.length / m.wallSeconds, 1)} mint transactions/s.`,
    '',
    `Setup, not timed: ${n(m.items)} inscriptions revealed to the creator, the launch created through the API, its ${m.signing.batches} batches signed by the creator and confirmed (${m.signing.deposits} chained deposits; ${m.signing.blocks === 0 ? 'no block needed' : `${m.signing.blocks} block(s) mined when Core refused a deposit as too-long-mempool-chain`}), the deposits mined.`,
    '',
    '| Request | Answers | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('offer/create, every answer', s.create),
    row('offer/create, 200 (an offer built)', s.createOk),
    row('offer/submit', s.submit),
    '',
    `Refused (409): ${refusals || 'none'}. Other answers: ${s.unexpected.length === 0 ? 'none' : s.unexpected.map((u) => `${u.call} ${u.status} '${u.error}' × ${u.count}`).join(', ')}.`,
    '',
    `Checked: the orderbook holds ${n(m.state.broadcastRows)} broadcast mints and the mint page shows ${n(m.state.pageMinted)} minted, ${m.state.pageRemaining ?? '–'} remaining; the mempool held ${n(m.state.inMempool)} of the ${n(m.state.transactions)} transactions the minters were answered, mined in ${m.state.blocksMined} block(s); the indexer then shows ${n(m.state.atMinters)} of ${n(m.items)} inscriptions at the ordinals address of the minter who minted them. At most ${s.longestChain} unconfirmed transactions of one minter, mints and setups, in its chain (Core's limit 25).`,
    '',
    f.failures.length === 0
      ? 'Every check held.'
      : `**Failed:**\n\n${f.failures.map((x) => `- ${x}`).join('\n')}`,
  ].join('\n');
}

/** Replaces the generated block of the bench:launch section of docs/benchmarks.md. */
export const writeDoc = (file: string, markdown: string) =>
  writeDocBlock(file, 'launch', '## bench:launch\n\n### Latest run', markdown);
