import { setTimeout as sleep } from 'node:timers/promises';
import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import type { Db } from '../../../apps/server/src/db/create-db.ts';
import { readTip } from '../../../apps/server/src/indexer/chain-store.ts';
import { BenchTxBuilder, type HeldInscription, type Utxo } from './bench-txs.ts';
import { benchFollower } from './measure-index.ts';

export interface LatencyResult {
  /** generatetoaddress returned → every inscription of the block queryable, per block (ms). */
  afterMinedMs: number[];
  /** The same, from the generatetoaddress call (mining included). */
  fromCallMs: number[];
  treasury: Utxo;
}

async function caughtUp(db: Db, rpc: BitcoinRpc): Promise<void> {
  const target = await rpc.getBlockCount();
  while ((await readTip(db))?.height !== target) await sleep(20);
}

/** Polls chain_inscriptions until every id sits on the transaction expected to hold it. */
async function visible(db: Db, expected: Map<string, string>): Promise<void> {
  for (;;) {
    const rows = await db.kysely
      .selectFrom('chain_inscriptions')
      .select(['inscription_id', 'txid'])
      .where('inscription_id', 'in', [...expected.keys()])
      .execute();
    if (
      rows.length === expected.size &&
      rows.every((r) => expected.get(r.inscription_id) === r.txid)
    )
      return;
    await sleep(1);
  }
}

/**
 * With the follower's run() loop live (it long-polls waitfornewblock), mines `blocks` blocks one at
 * a time, each with `perBlock` reveals and one transfer of the previous block's inscriptions, sent
 * through sendrawtransaction; times each block from mined to queryable.
 */
export async function measureLatency(
  db: Db,
  rpc: BitcoinRpc,
  opts: { seed: string; treasury: Utxo; blocks: number; perBlock: number },
): Promise<LatencyResult> {
  const follower = benchFollower(db, rpc);
  const stop = new AbortController();
  const running = follower.run(stop.signal);
  const builder = new BenchTxBuilder(opts.seed, opts.treasury);
  const result: LatencyResult = { afterMinedMs: [], fromCallMs: [], treasury: opts.treasury };
  try {
    await caughtUp(db, rpc);
    const { tx, commits } = builder.fanOut(opts.blocks * opts.perBlock);
    await rpc.sendRawTransaction(tx.hex);
    await rpc.generateToAddress(1, builder.funder.address);
    await caughtUp(db, rpc);

    let previous: HeldInscription[] = [];
    for (let b = 0; b < opts.blocks; b++) {
      const expected = new Map<string, string>();
      const txs = [];
      const revealed = commits.splice(0, opts.perBlock).map((c, i) => builder.reveal(c, i));
      for (const { tx, inscription } of revealed) {
        txs.push(tx);
        expected.set(inscription.id, tx.txid);
      }
      if (previous.length > 0) {
        const move = builder.transfer(
          previous,
          previous.map((p) => (p.holder + 1) % 100),
        );
        txs.push(move);
        for (const p of previous) expected.set(p.id, move.txid);
      }
      for (const t of txs) await rpc.sendRawTransaction(t.hex);
      const called = performance.now();
      await rpc.generateToAddress(1, builder.funder.address);
      const mined = performance.now();
      await visible(db, expected);
      const seen = performance.now();
      result.afterMinedMs.push(seen - mined);
      result.fromCallMs.push(seen - called);
      previous = revealed.map((r) => r.inscription);
    }
  } finally {
    stop.abort();
    await running;
  }
  return { ...result, treasury: builder.treasury };
}
