import type { BitcoinRpc } from '../chain/rpc.ts';
import type { Db } from '../db/create-db.ts';
import {
  forgetMempoolTransfers,
  recordMempoolTransfers,
  type MempoolTx,
} from './brc20/brc20-mempool.ts';

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

  const added: string[] = [];
  for (const txid of inMempool) {
    if (known.has(txid)) continue;
    const tx = await rpc.getRawTransactionVerbose1(txid).catch(() => undefined);
    if (!tx) continue; // confirmed or evicted while we looked
    await recordMempoolTransfers(db, tx as typeof tx & MempoolTx);
    const rows = tx.vin
      .filter((i) => i.txid !== undefined)
      .map((i) => ({ txid, prev_txid: i.txid as string, prev_vout: i.vout ?? 0 }));
    if (rows.length > 0) {
      await db.kysely
        .insertInto('mempool_spends')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    added.push(txid);
  }
  return added;
}
