import { fmt, machine, mark, percentile, writeDocBlock } from '../bench-report.ts';
import type { LoadFigures } from '../market/load.ts';
import type { HttpBuildFigures, PureBuildFigures, Timing } from './builds.ts';
import type { SwappersFigures } from './swappers.ts';

export const TARGETS = { quoteP95Ms: 20, psbtBuildMs: 10 };

export interface Figures {
  date: string;
  postgres: string;
  loadAverage: { start: number; end: number };
  totalSeconds: number;
  pool: { tokens: bigint; btcSats: bigint; coins: number };
  connections: number;
  seconds: number;
  warmupSeconds: number;
  quotes: { label: string; connections: number; figures: LoadFigures }[];
  http: HttpBuildFigures;
  pure: PureBuildFigures;
  swappers: SwappersFigures;
  failures: string[];
}

const n = fmt;
const ms = (x: number) => n(x, x < 100 ? 2 : 0);
const t = (x: Timing) => `${ms(x.medianMs)} ms (p95 ${ms(x.p95Ms)})`;

export function isQuoteOnTarget(f: LoadFigures): boolean {
  return f.p95Ms <= TARGETS.quoteP95Ms && f.non2xx + f.errors === 0;
}

export function renderMarkdown(f: Figures): string {
  const s = f.swappers;
  const l = s.latency;
  const lat = (label: string, xs: number[]) =>
    `| ${label} | ${n(xs.length)} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(xs.at(-1) ?? Number.NaN)} |`;
  const refusals =
    s.refused.length === 0
      ? 'none'
      : s.refused.map((r) => `${r.step} code ${r.code} '${r.msg}' × ${r.count}`).join(', ');
  const loaded = f.quotes.filter((q) => q.connections === f.connections);
  const single = f.quotes.filter((q) => q.connections === 1 && f.connections !== 1);
  const worstPure = Math.max(f.pure.buy.total.medianMs, f.pure.sell.total.medianMs);
  const quoteRows = f.quotes.map(
    ({ label, figures: r }) =>
      `| ${label} | ${n(r.p50Ms, 1)} | ${n(r.p95Ms, 1)} | ${n(r.p99Ms, 1)} | ${n(r.requestsPerSecond)} | ${r.non2xx + r.errors} | ${mark(isQuoteOnTarget(r))} |`,
  );
  return [
    `Run of ${f.date} on ${machine()}, ${f.postgres}; load average ${n(f.loadAverage.start, 1)} at the start, ${n(f.loadAverage.end, 1)} at the end; ${n(f.totalSeconds)} s in all.`,
    '',
    `The pool: ${n(Number(f.pool.tokens))} tokens (8 decimals) against ${n(Number(f.pool.btcSats) / 1e8, 3)} BTC in ${f.pool.coins} confirmed coins, seeded by the demo's \`seedSwapPool\` on a fresh regtest node.`,
    '',
    `**Quote.** POST /brc20swap/swap_pools_info, ${f.warmupSeconds} s of warm-up then ${f.seconds} s of autocannon with ${f.connections} connections, and with 1 (every response's latency):`,
    '',
    '| Request | p50 (ms) | p95 (ms) | p99 (ms) | Requests/s | Errors | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...quoteRows,
    '',
    `**get_swap_psbt.** Over HTTP, one at a time on one txsize answer, each order deleted and its coins freed before the next (${f.http.buy.runs} each): a buy ${t(f.http.buy)}, a sale ${t(f.http.sell)}. In-process, the pure part (${f.pure.buy.total.runs} runs each, medians): a buy prices ${t(f.pure.buy.price)} (the curve, the pool's transfer inscription: commit and reveal built unsigned, the swap's size) and builds the PSBT in ${t(f.pure.buy.build)}, ${t(f.pure.buy.total)} in all; a buy of a ladder amount (the pool's ready transfer: no commit or reveal) prices ${t(f.pure.ladderBuy.price)} and builds ${t(f.pure.ladderBuy.build)}, ${t(f.pure.ladderBuy.total)} in all (send_swap_psbt then signs a buy's commit and reveal in ${t(f.pure.buySign)}); a sale prices ${t(f.pure.sell.price)} and builds ${t(f.pure.sell.build)}, ${t(f.pure.sell.total)} in all.`,
    '',
    `**${s.swappers} concurrent swappers** on the pool (buys of 0.0005 BTC and sales of ~500-token transfer inscriptions, alternating; slippage ${s.slipper} %), all started at once, each txsize → get_swap_psbt → signs → send_swap_psbt over HTTP: **${s.settled.buy + s.settled.sell} settled** (${s.settled.buy} buys, ${s.settled.sell} sales) in ${n(s.wallMs / 1000, 2)} s; refused: ${refusals}. Other answers: ${s.unexpected.length === 0 ? 'none' : s.unexpected.join('; ')}.`,
    '',
    '| Call (each swapper that reached it) | Answers | p50 (ms) | p95 (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    lat('get_swap_psbt_txsize', l.txsize),
    lat('get_swap_psbt', l.psbt),
    lat('send_swap_psbt', l.send),
    lat('the whole swap', l.total),
    '',
    `Checked: the ${n(s.transactions)} transactions the settled swaps broadcast (a buy's commit, reveal and swap; a sale's swap) spend ${n(s.inputs)} inputs, ${s.spentTwice.length === 0 ? 'no outpoint twice' : `**${s.spentTwice.length} outpoints twice**`}; after one block and the swap worker's pass, ${s.completed} of ${s.settled.buy + s.settled.sell} settled orders completed; the pool's tokens moved by exactly their deltas: ${s.tokensMovedOk ? 'yes' : '**no**'}.`,
    '',
    'Targets:',
    '',
    `- quote p95 ≤ ${TARGETS.quoteP95Ms} ms with ${f.connections} connections: ${loaded.filter((q) => isQuoteOnTarget(q.figures)).length} of ${loaded.length} rows met (with 1 connection: ${single.filter((q) => isQuoteOnTarget(q.figures)).length} of ${single.length})`,
    `- PSBT build ≤ ${TARGETS.psbtBuildMs} ms (the pure part, median, the slower of buy and sale): ${ms(worstPure)} ms, ${mark(worstPure <= TARGETS.psbtBuildMs)}`,
    '',
    f.failures.length === 0
      ? 'Every check held.'
      : `**Failed:**\n\n${f.failures.map((x) => `- ${x}`).join('\n')}`,
  ].join('\n');
}

/** Replaces the generated block of the bench:swap section of docs/benchmarks.md. */
export const writeDoc = (file: string, markdown: string) =>
  writeDocBlock(file, 'swap', '## bench:swap (issue 15)\n\n### Latest run', markdown);
