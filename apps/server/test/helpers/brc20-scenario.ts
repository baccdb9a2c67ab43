// Test only: BRC-20 on a ScenarioChain: inscriptions of BRC-20 JSON to keys we hold, the follower
// run on every test database, and the index read back whole (to compare two indexes).
import { sql } from 'kysely';
import type { Db } from '../../src/db/create-db.ts';
import { indexBrc20 } from '../../src/indexer/brc20/brc20-follower.ts';
import { keyLock, OP_RETURN, spend, type BuiltTx, type Coin, type Lock } from './chain-builder.ts';
import type { ScenarioChain } from './scenario-chain.ts';

const POSTAGE = 10_000n;

/** BRC-20 JSON as a wallet inscribes it (text/plain with a charset, fields as strings). */
export function brc20Content(fields: Record<string, string>) {
  return {
    contentType: 'text/plain;charset=utf-8',
    body: JSON.stringify({ p: 'brc-20', ...fields }),
  };
}

/** A reveal of BRC-20 JSON straight to `owner` (one output, no fee). */
export function inscribeTo(chain: ScenarioChain, owner: Lock, fields: Record<string, string>) {
  const reveal = spend(
    [chain.commitCoin([brc20Content(fields)], POSTAGE)],
    [{ lock: owner, value: POSTAGE }],
  );
  return { tx: reveal, id: `${reveal.txid}i0`, coin: reveal.coin(0) };
}

export function sendTo(coin: Coin, to: Lock): BuiltTx {
  return spend([coin], [{ lock: to, value: coin.value }]);
}

export function burn(coin: Coin): BuiltTx {
  return spend([coin], [{ script: OP_RETURN, value: coin.value }]);
}

/** Spends the coin wholly to fees: the inscription lands in the coinbase (sent as fee). */
export function spendToFee(coin: Coin): BuiltTx {
  return spend([coin], [{ script: OP_RETURN, value: 0n }]);
}

/** Runs the BRC-20 follower on every database up to its inscription index's tip. */
export async function indexBrc20Everywhere(chain: ScenarioChain): Promise<void> {
  for (const db of chain.dbs()) {
    const run = await indexBrc20(db, 'regtest');
    if (!run.isAtTip) throw new Error('the BRC-20 follower stopped before the tip');
  }
}

/** Mines `txs` in one block and indexes it everywhere, BRC-20 included. */
export async function mineBrc20(chain: ScenarioChain, txs: BuiltTx[]) {
  const block = await chain.mine(txs);
  await indexBrc20Everywhere(chain);
  return block;
}

/**
 * The ticker, balance and transferable tables and every event and block hash, as plain text
 * rows in a fixed order: two indexes of the same chain give equal dumps.
 */
export async function brc20Dump(db: Db) {
  const q = async (query: ReturnType<typeof sql>) =>
    (await query.execute(db.kysely)).rows as Record<string, unknown>[];
  return {
    blocks: await q(sql`select height, hash, event_count, block_event_hash, cumulative_event_hash
      from brc20_blocks order by height`),
    tickers: await q(sql`select tick, original_tick, max_supply::text, limit_per_mint::text,
      decimals, minted_supply::text, burned_supply::text, self_mint, deploy_inscription_id,
      deploy_height, deployer_pkscript, holders from brc20_tickers order by tick`),
    balances: await q(sql`select pkscript, tick, address, overall::text, available::text
      from brc20_balances where overall <> 0 or available <> 0 order by pkscript, tick`),
    transferables: await q(sql`select inscription_id, tick, original_tick, amount::text,
      source_pkscript, height, used_height from brc20_transferables order by inscription_id`),
    events: await q(sql`select height, seq, type, inscription_id, tick, original_tick, pkscript,
      address, spent_pkscript, spent_address, amount::text from brc20_events
      order by height, seq`),
  };
}

/** Two holders' keys for a scenario. */
export function users() {
  return { alice: keyLock(), bob: keyLock() };
}
