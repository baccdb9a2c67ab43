import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BRC20SWAP_PATH } from '@om/core';
import { buildApp } from '../../../apps/server/src/app.ts';
import { startBenchEnv, serverVersion } from './bench-env.ts';
import { measureHttpBuilds, measurePureBuilds } from './builds.ts';
import { LoadGenerator } from '../market/load.ts';
import { setUpPool, TICK } from './pool-setup.ts';
import { isQuoteOnTarget, renderMarkdown, TARGETS, writeDoc, type Figures } from './report.ts';
import { post } from './swap-client.ts';
import { runSwappers } from './swappers.ts';

// npm run bench:swap [-- --swappers 20] [--coins 48] [--seconds 10] [--warmup 3]
//   [--connections 10] [--builds 200] [--pure-runs 1000] [--slipper 1] [--postgres URL]
//   [--log-level error] [--no-docs]
// ADR 017: the quote (swap_pools_info) under autocannon, get_swap_psbt's build time over HTTP
// and in-process, and concurrent swappers on one pool against a real regtest node. Exits 1 when
// a check fails.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    swappers: { type: 'string', default: '20' },
    coins: { type: 'string', default: '48' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    builds: { type: 'string', default: '200' },
    'pure-runs': { type: 'string', default: '1000' },
    slipper: { type: 'string', default: '1' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'log-level': { type: 'string', default: 'error' },
    'no-docs': { type: 'boolean', default: false },
  },
});
const started = performance.now();
const log = (msg: string) =>
  console.log(`[bench:swap ${((performance.now() - started) / 1000).toFixed(0)} s] ${msg}`);

function count(name: keyof typeof args, min: number, max: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${args[name]}`);
  }
  return value;
}
const swappers = count('swappers', 2, 200);
const coins = count('coins', 1, 500);
const seconds = count('seconds', 1, 600);
const warmupSeconds = count('warmup', 0, 600);
const connections = count('connections', 1, 1000);
const builds = count('builds', 1, 10_000);
const pureRuns = count('pure-runs', 1, 100_000);

const loadStart = os.loadavg()[0] ?? 0;
const bench = await startBenchEnv(args.postgres, args['log-level']);
let figures: Figures;
try {
  await bench.sync();
  // One buyer and one seller more than the swappers: they serve the build timings.
  const buyers = Math.ceil(swappers / 2) + 1;
  const sellers = Math.floor(swappers / 2) + 1;
  log(`setup: the pool (${coins} coins), ${buyers} buyers, ${sellers} sellers`);
  const setup = await setUpPool(bench, { coins, buyers, sellers });
  const [builder, ...swapBuyers] = setup.buyers;
  const [seller, ...swapSellers] = setup.sellers;
  if (!builder || !seller) throw new Error('setup: no buyer or seller');

  const app = await buildApp(bench.deps);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const load = new LoadGenerator();
  try {
    const quotes: Figures['quotes'] = [];
    const pair = {
      send_coin_type: 'btc',
      send_tick: 'btc',
      receive_coin_type: 'brc20',
      receive_tick: TICK,
    };
    const asks = [
      ["address '0'", '0'],
      ["a buyer's address (balances read)", builder.paymentAddress],
    ] as const;
    // Each with one connection too: the request's own latency, without queueing behind others.
    for (const [what, address] of asks) {
      for (const conns of [...new Set([1, connections])]) {
        const label = `swap_pools_info, ${what}, ${conns} connection${conns === 1 ? '' : 's'}`;
        const body = { ...pair, address };
        const once = await post(origin, '/swap_pools_info', body);
        if (once.body.code !== 0) throw new Error(`swap_pools_info: ${once.body.msg}`);
        const url = `${origin}${BRC20SWAP_PATH}/swap_pools_info`;
        const request = { url, body: JSON.stringify(body), connections: conns };
        if (warmupSeconds > 0) await load.run({ ...request, seconds: warmupSeconds });
        const result = await load.run({ ...request, seconds });
        quotes.push({ label, connections: conns, figures: result });
        log(
          `${label}: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.requestsPerSecond.toFixed(0)} req/s`,
        );
      }
    }
    log(`get_swap_psbt over HTTP: ${builds} buys, ${builds} sales`);
    const http = await measureHttpBuilds(bench.deps, origin, { buyer: builder, seller }, builds);
    log(`  buy ${http.buy.medianMs.toFixed(2)} ms, sale ${http.sell.medianMs.toFixed(2)} ms`);
    log(`the pure build in-process: ${pureRuns} runs each`);
    const pure = await measurePureBuilds(bench.deps, { buyer: builder, seller }, pureRuns);
    log(
      `  buy ${pure.buy.total.medianMs.toFixed(2)} ms, off the ladder ${pure.ladderBuy.total.medianMs.toFixed(2)} ms, sale ${pure.sell.total.medianMs.toFixed(2)} ms`,
    );
    log(`${swappers} concurrent swappers`);
    const swapped = await runSwappers(
      bench,
      origin,
      { buyers: swapBuyers, sellers: swapSellers },
      args.slipper,
    );
    log(
      `  ${swapped.settled.buy + swapped.settled.sell} settled, ${swapped.refused.reduce((a, r) => a + r.count, 0)} refused, ${swapped.completed} completed`,
    );
    const failures = [
      ...quotes.flatMap((q) =>
        q.figures.non2xx + q.figures.errors > 0
          ? [`${q.label}: ${q.figures.non2xx + q.figures.errors} errors`]
          : [],
      ),
      ...swapped.failures,
    ];
    figures = {
      date: new Date().toISOString().slice(0, 10),
      postgres: await serverVersion(bench.databaseUrl),
      loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
      totalSeconds: (performance.now() - started) / 1000,
      pool: {
        tokens: setup.spec.tokens,
        btcSats: setup.spec.coinSats * BigInt(setup.spec.coins),
        coins: setup.spec.coins,
      },
      connections,
      seconds,
      warmupSeconds,
      quotes,
      http,
      pure,
      swappers: swapped,
      failures,
    };
    const missed = quotes.filter((q) => !isQuoteOnTarget(q.figures)).length;
    if (missed > 0) log(`${missed} quote row(s) above the ${TARGETS.quoteP95Ms} ms p95 target`);
  } finally {
    load.stop();
    await app.close();
  }
} catch (err) {
  console.error('[bench:swap] failed:', err);
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
