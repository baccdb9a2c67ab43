import { RpcError, type BitcoinRpc } from '../chain/rpc.ts';
import type { Db } from '../db/create-db.ts';
import {
  forgetMempoolTransfers,
  recordMempoolTransfers,
  type MempoolTx,
} from './brc20/brc20-mempool.ts';
import { chunks } from '../shared/chunks.ts';

/** getrawtransaction verbose 1: what the spends and the BRC-20 transfers read. */
type SpendingTx = MempoolTx & { vin: { txid?: string; vout?: number; txinwitness?: string[] }[] };

/** Rows per insert: three parameters each, well under PostgreSQL's 65,535 per statement. */
const SPENDS_PER_INSERT = 5_000;

/**
 * Mirrors which outputs mempool transactions spend, so an inscription (and a listing on it) shows
 * as moving before a block confirms the move. Incremental: only new transactions are fetched.
 * BRC-20 transfer-inscribes they reveal are kept beside them (pending, never counted).
 * Answers the txids that entered the mempool.
 */
export async function refreshMempoolSpends(db: Db, rpc: BitcoinRpc): Promise<string[]> {
  const inMempool = new Set(await rpc.getRawMempool());
  const known = new Set(
    (await db.kysely.selectFrom('mempool_spends').select('txid').distinct().execute()).map(
      (r) => r.txid,
    ),
  );
  const gone = [...known].filter((txid) => !inMempool.has(txid));
  if (gone.length > 0)
    await db.kysely.deleteFrom('mempool_spends').where('txid', 'in', gone).execute();
  // Also those no spend row recorded (a transaction whose inputs all were filtered out).
  const pending = await db.kysely.selectFrom('brc20_mempool_transfers').select('txid').execute();
  await forgetMempoolTransfers(
    db,
    [...new Set(pending.map((p) => p.txid))].filter((txid) => !inMempool.has(txid)),
  );

  // The new ones in batches, their spends in one insert: one call and one statement each were a
  // mint rush's hundreds of round trips a second (product.md#scale-and-delivery).
  const fresh = [...inMempool].filter((txid) => !known.has(txid));
  const txs = await rpc.batch<SpendingTx>(
    'getrawtransaction',
    fresh.map((txid) => [txid, 1]),
  );
  const added: string[] = [];
  const spends: { txid: string; prev_txid: string; prev_vout: number }[] = [];
  for (const [i, txid] of fresh.entries()) {
    const tx = txs[i];
    if (!tx || tx instanceof RpcError) continue; // confirmed or evicted while we looked
    await recordMempoolTransfers(db, tx);
    for (const input of tx.vin) {
      if (input.txid !== undefined) {
        spends.push({ txid, prev_txid: input.txid, prev_vout: input.vout ?? 0 });
      }
    }
    added.push(txid);
  }
  for (const rows of chunks(spends, SPENDS_PER_INSERT)) {
    await db.kysely
      .insertInto('mempool_spends')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return added;
}
