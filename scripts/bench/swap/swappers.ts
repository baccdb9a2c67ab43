import { SWAP_CODES } from '@om/core';
import { sql } from 'kysely';
import { watchSwapOrders } from '../../../apps/server/src/features/swap/swap-orders.worker.ts';
import { readPoolState } from '../../../apps/server/src/features/swap/swap-pool-state.ts';
import { clientAddress } from '../client-address.ts';
import type { BenchEnv } from './bench-env.ts';
import { TICK, type Seller, type User } from './pool-setup.ts';
import { swapOverHttp, type SwapRun } from './swap-client.ts';

// N swappers on one pool at once, buys and sales alternating, each through the whole HTTP flow.
// Checked: every answer settled or cleanly refused (HTTP 200, a refusal code the race explains);
// no outpoint spent twice across every transaction the settled swaps broadcast (decoded from the
// node); after a block, every settled order completed and the pool's tokens moved by exactly them.

/** The refusals concurrent swappers may meet: the price moved, or the pool's free coins ran out. */
const CLEAN_REFUSALS: number[] = [SWAP_CODES.slippageExceeded, SWAP_CODES.insufficientLiquidity];

export type SwappersFigures = {
  swappers: number;
  slipper: string;
  wallMs: number;
  settled: { buy: number; sell: number };
  refused: { step: string; code: number; msg: string; count: number }[];
  /** Answers that were neither: a 5xx, an unexpected code. */
  unexpected: string[];
  transactions: number;
  inputs: number;
  spentTwice: string[];
  completed: number;
  latency: { txsize: number[]; psbt: number[]; send: number[]; total: number[] };
  tokensMovedOk: boolean;
  failures: string[];
};

export async function runSwappers(
  bench: BenchEnv,
  origin: string,
  users: { buyers: User[]; sellers: Seller[] },
  slipper: string,
): Promise<SwappersFigures> {
  const { deps, node } = bench;
  const before = await readPoolState(deps, TICK);
  const asks = users.buyers.flatMap((buyer, i) => {
    const seller = users.sellers[i];
    return [
      { direction: 'buy' as const, user: buyer, btc: '0.0005' },
      ...(seller ? [{ direction: 'sell' as const, user: seller }] : []),
    ];
  });
  const started = performance.now();
  const runs: SwapRun[] = await Promise.all(
    asks.map((ask, i) => swapOverHttp(origin, TICK, ask, slipper, clientAddress(2, i))),
  );
  const wallMs = performance.now() - started;

  const settled = runs.filter((r) => r.step === 'send_swap_psbt' && r.code === 0);
  const refusedRuns = runs.filter((r) => r.code !== 0);
  const unexpected = refusedRuns
    .filter((r) => r.status !== 200 || !CLEAN_REFUSALS.includes(r.code))
    .map((r) => `${r.direction} at ${r.step}: HTTP ${r.status}, code ${r.code} '${r.msg}'`);
  const refused = new Map<string, SwappersFigures['refused'][number]>();
  for (const r of refusedRuns) {
    // The figures of a refusal vary per swapper: group by the message's fixed start.
    const msg = r.msg.replace(/: you would .*|: it would .*/, ': …');
    const key = `${r.step}|${r.code}|${msg}`;
    const entry = refused.get(key) ?? { step: r.step, code: r.code, msg, count: 0 };
    entry.count += 1;
    refused.set(key, entry);
  }

  // Every input of every transaction the settled orders sent (a buy's commit, reveal and swap).
  const orders = await deps.db.kysely
    .selectFrom('swap_orders')
    .select(['id', 'txid', 'prelude_txids', 'direction', 'token_delta'])
    .where(
      'id',
      'in',
      settled.map((r) => r.orderId ?? ''),
    )
    .execute();
  const spent = new Map<string, number>();
  let transactions = 0;
  for (const order of orders) {
    for (const txid of [...order.prelude_txids, order.txid]) {
      transactions += 1;
      const tx = await node.node.rpc.getRawTransactionVerbose(txid);
      for (const input of tx.vin) {
        const outpoint = `${input.txid}:${input.vout}`;
        spent.set(outpoint, (spent.get(outpoint) ?? 0) + 1);
      }
    }
  }
  const spentTwice = [...spent].filter(([, n]) => n > 1).map(([o]) => o);

  await bench.mine(1);
  await watchSwapOrders(deps);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from swap_orders
    where state = 'completed' and id = any(${settled.map((r) => r.orderId ?? '')}::text[])`.execute(
    deps.db.kysely,
  );
  const completed = rows[0]?.n ?? 0;
  const after = await readPoolState(deps, TICK);
  const moved = orders.reduce((sum, o) => sum + BigInt(o.token_delta), 0n);
  const tokensMovedOk = after.reserves.token === before.reserves.token + moved;

  const failures = [
    ...unexpected.map((u) => `unexpected answer: ${u}`),
    ...(spentTwice.length > 0 ? [`outpoints spent twice: ${spentTwice.join(', ')}`] : []),
    ...(completed !== settled.length
      ? [`${completed} of ${settled.length} settled orders completed`]
      : []),
    ...(settled.length === 0 ? ['no swap settled'] : []),
    ...(tokensMovedOk ? [] : ["the pool's tokens did not move by exactly the settled orders"]),
  ];
  const sorted = (xs: (number | undefined)[]) =>
    xs.filter((x): x is number => x !== undefined).sort((a, b) => a - b);
  return {
    swappers: asks.length,
    slipper,
    wallMs,
    settled: {
      buy: settled.filter((r) => r.direction === 'buy').length,
      sell: settled.filter((r) => r.direction === 'sell').length,
    },
    refused: [...refused.values()],
    unexpected,
    transactions,
    inputs: [...spent.values()].reduce((a, b) => a + b, 0),
    spentTwice,
    completed,
    latency: {
      txsize: sorted(runs.map((r) => r.ms.txsize)),
      psbt: sorted(runs.map((r) => r.ms.psbt)),
      send: sorted(runs.map((r) => r.ms.send)),
      total: sorted(runs.map((r) => r.ms.total)),
    },
    tokensMovedOk,
    failures,
  };
}
