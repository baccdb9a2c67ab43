import { fmt, machine, mark, writeDocBlock } from '../bench-report.ts';
import type { Plan } from './generate.ts';
import type { LoadFigures } from './load.ts';
import type { MultisigPsbtFigures } from './multisig-psbt.ts';
import type { PsbtFigures } from './psbt.ts';
import type { Scenario } from './scenarios.ts';

const TARGETS = { pageP95Ms: 20, pageRequestsPerSecond: 1000, psbtMs: 5, multisigMs: 10 };

export interface Figures {
  date: string;
  plan: Plan;
  generatedSeconds: number | undefined;
  postgres: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  loadAverage: { start: number; end: number };
  runs: {
    scenario: Scenario;
    figures: LoadFigures;
    /** CPU per request: the server process (the API) and PostgreSQL's backends (undefined: not local). */
    serverCpuMs: number;
    databaseCpuMs: number | undefined;
  }[];
  psbt: PsbtFigures;
  multisig: MultisigPsbtFigures;
}

const n = fmt;

export function isPageOnTarget(f: LoadFigures): boolean {
  return f.p95Ms <= TARGETS.pageP95Ms && f.requestsPerSecond >= TARGETS.pageRequestsPerSecond;
}

export function renderMarkdown(f: Figures): string {
  const { plan } = f;
  const made =
    f.generatedSeconds === undefined
      ? 're-used from an earlier run'
      : `generated in ${n(f.generatedSeconds)} s`;
  const rows = f.runs.map(({ scenario, figures: r, serverCpuMs, databaseCpuMs }) => {
    const target = scenario.group === 'page' ? mark(isPageOnTarget(r)) : '–';
    const database = databaseCpuMs === undefined ? '–' : n(databaseCpuMs, 2);
    const cells = [
      n(r.p50Ms, 1),
      n(r.p95Ms, 1),
      n(r.p99Ms, 1),
      n(r.requestsPerSecond),
      `${n(serverCpuMs, 2)} / ${database}`,
    ];
    return `| ${scenario.label} | ${cells.join(' | ')} | ${r.non2xx + r.errors} | ${target} |`;
  });
  const pages = f.runs.filter((r) => r.scenario.group === 'page');
  const computed = f.runs.filter((r) => r.scenario.group === 'page-computed');
  const p = f.psbt;
  const m = f.multisig;
  return [
    `Run of ${f.date} on ${machine()}, ${f.postgres}; load average ${n(f.loadAverage.start, 1)} at the start, ${n(f.loadAverage.end, 1)} at the end.`,
    '',
    `Market: ${n(plan.collections)} collections, ${n(plan.inscriptions)} inscriptions (chain_inscriptions rows with owners, 3 attributes each), ${n(plan.listings)} active listings, ${n(plan.trades)} trades over ${plan.months} months with as many closed listings; ${made}.`,
    '',
    `Each row: ${f.warmupSeconds} s of warm-up, then ${f.seconds} s of autocannon with ${f.connections} connections; latencies are every response's, so p95 is exact (autocannon's own summary stops at p97.5). CPU per request is the server process's and the PostgreSQL backends' CPU time over the run divided by its requests: what a request costs whatever else the machine is doing (autocannon's own CPU is not in it).`,
    '',
    '| Request | p50 (ms) | p95 (ms) | p99 (ms) | Requests/s | CPU ms per request (server / PostgreSQL) | Errors | Page target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `PSBT, medians of ${n(p.runs)} runs (one P2TR listing, a P2WPKH buyer with two paddings): verify the signed listing ${n(p.verifyListingMs, 2)} ms; build the purchase ${n(p.buildMs, 2)} ms; the buyer signs ${n(p.buyerSignMs, 2)} ms (in the wallet); merge, verify and finalize ${n(p.mergeMs, 2)} ms.`,
    '',
    `Multisig (issue 5), medians of ${n(m.runs)} runs. A snipe-protected purchase (a maker-wallet listing, the buyer's own two paddings, a P2WPKH payment): build ${n(m.protectedBuildMs, 2)} ms; the buyer signs ${n(m.protectedSignMs, 2)} ms (in the wallet); merge, co-sign the seller's input and finalize ${n(m.protectedCosignMs, 2)} ms. The same with both paddings from the buyer's multisig wallet (three co-signed inputs, each user signature verified first): build + co-sign ${n(m.multisigPaddingServerMs, 2)} ms. A padding setup of 3 outputs: build ${n(m.paddingBuildMs, 2)} ms; the user signs ${n(m.paddingSignMs, 2)} ms; verify, co-sign and finalize ${n(m.paddingCosignMs, 2)} ms.`,
    '',
    'Targets:',
    '',
    `- collection page p95 ≤ ${TARGETS.pageP95Ms} ms and ≥ ${n(TARGETS.pageRequestsPerSecond)} requests/s: ${pages.filter((r) => isPageOnTarget(r.figures)).length} of ${pages.length} page rows met (with every page computed: ${computed.filter((r) => isPageOnTarget(r.figures)).length} of ${computed.length})`,
    `- purchase PSBT, build + merge, median ≤ ${TARGETS.psbtMs} ms: ${n(p.serverMs, 2)} ms, ${mark(p.serverMs <= TARGETS.psbtMs)}`,
    `- protected purchase, build + co-sign + verify, median ≤ ${TARGETS.multisigMs} ms: ${n(m.protectedServerMs, 2)} ms, ${mark(m.protectedServerMs <= TARGETS.multisigMs)}`,
    `- multisig padding setup, build + co-sign + verify, median ≤ ${TARGETS.multisigMs} ms: ${n(m.paddingServerMs, 2)} ms, ${mark(m.paddingServerMs <= TARGETS.multisigMs)}`,
  ].join('\n');
}

/** Replaces the generated block of the bench:market section of docs/benchmarks.md. */
export const writeDoc = (file: string, markdown: string) =>
  writeDocBlock(file, 'market', '## bench:market\n\n### Latest run', markdown);
