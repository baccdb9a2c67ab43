import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CpuMeter } from './cpu.ts';
import { FULL_PLAN, scaledPlan } from './generate.ts';
import { LoadGenerator } from './load.ts';
import { prepareMarket } from './market-db.ts';
import { measureMultisigPsbt } from './multisig-psbt.ts';
import { measurePsbt } from './psbt.ts';
import { isPageOnTarget, renderMarkdown, writeDoc, type Figures } from './report.ts';
import { scenarios as planScenarios, type Scenario } from './scenarios.ts';
import { startServer } from './server.ts';

// npm run bench:market [-- --postgres URL] [--scale 0.01] [--seconds 10] [--warmup 3]
//   [--connections 10] [--psbt-runs 1000] [--regenerate] [--no-docs]
// The market's reads under load: a generated market in its own database (bench_market, reused
// while nothing that shapes it changes), the API in this process, autocannon in a child process.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    postgres: {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    'psbt-runs': { type: 'string', default: '1000' },
    regenerate: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
  },
});
const log = (msg: string) => console.log(`[bench:market] ${msg}`);
const scale = Number(args.scale);
const plan = scale === 1 ? FULL_PLAN : scaledPlan(scale);
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const connections = Number(args.connections);

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

/** Every scenario answers 200 before anything is measured. */
async function checkScenarios(origin: string, list: readonly Scenario[]): Promise<void> {
  for (const s of list) {
    const res = await fetch(origin + s.path);
    if (res.status !== 200) throw new Error(`${s.path}: HTTP ${res.status} ${await res.text()}`);
    log(`  ${s.label}: ${(await res.arrayBuffer()).byteLength} bytes`);
  }
}

const loadStart = os.loadavg()[0] ?? 0;
const market = await prepareMarket(args.postgres, plan, { regenerate: args.regenerate, log });
const { scenarios, largest, typical } = planScenarios(plan);
log(`collections: largest ${largest}, typical ${typical}`);
const server = await startServer(market.url);
// The same API with the page cache off, for the 'computed' page rows.
const computing = await startServer(market.url, { PAGE_CACHE_MB: '0' });
const load = new LoadGenerator();
const cpu = await CpuMeter.open(market.url);
const runs: Figures['runs'] = [];
try {
  await checkScenarios(server.origin, scenarios);
  for (const scenario of scenarios) {
    const origin = scenario.group === 'page-computed' ? computing.origin : server.origin;
    const url = origin + scenario.path;
    await load.run({ url, connections, seconds: warmupSeconds });
    const before = await cpu.sample();
    const figures = await load.run({ url, connections, seconds });
    const spent = CpuMeter.spent(before, await cpu.sample());
    runs.push({
      scenario,
      figures,
      serverCpuMs: spent.serverMs / figures.requests,
      databaseCpuMs:
        spent.databaseMs === undefined ? undefined : spent.databaseMs / figures.requests,
    });
    const target =
      scenario.group === 'page'
        ? isPageOnTarget(figures)
          ? ' (target met)'
          : ' (target NOT met)'
        : '';
    log(
      `${scenario.label}: p50 ${figures.p50Ms.toFixed(1)} ms, p95 ${figures.p95Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, ${figures.requestsPerSecond.toFixed(0)} req/s${target}`,
    );
  }
} finally {
  load.stop();
  await cpu.close();
  await server.stop();
  await computing.stop();
}
log(`PSBT: ${args['psbt-runs']} purchases`);
const psbt = measurePsbt(Number(args['psbt-runs']));
log(
  `PSBT medians: build ${psbt.buildMs.toFixed(2)} ms, merge ${psbt.mergeMs.toFixed(2)} ms, build + merge ${psbt.serverMs.toFixed(2)} ms`,
);
const multisig = measureMultisigPsbt(Number(args['psbt-runs']));
log(
  `Multisig medians: protected purchase ${multisig.protectedServerMs.toFixed(2)} ms, padding setup ${multisig.paddingServerMs.toFixed(2)} ms`,
);

const figures: Figures = {
  date: new Date().toISOString().slice(0, 10),
  plan,
  generatedSeconds: market.generatedSeconds,
  postgres: await serverVersion(market.url),
  connections,
  seconds,
  warmupSeconds,
  loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
  runs,
  psbt,
  multisig,
};
const markdown = renderMarkdown(figures);
console.log(`\n${markdown}\n`);
if (!args['no-docs'] && scale === 1) {
  await writeDoc(path.join(ROOT, 'docs/benchmarks.md'), markdown);
  log('docs/benchmarks.md updated');
}
